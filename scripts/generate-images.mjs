// Draws the public site's illustrations and writes them, optimised, under
// public/images/ as WebP with a JPEG fallback (and a few SVGs).
//
//   node scripts/generate-images.mjs
//
// The pictures are vector compositions (gradients, shapes and Font Awesome
// glyphs, whose path data is in scripts/fa-glyphs.mjs) rendered by sharp,
// which is already installed (it comes with miniflare). Nothing is downloaded.
// The output is committed; run this again only to change the artwork. Positions matter: the practice-area pages load
// expertise-N / dispute-N by their position in app/features/site/practice-areas.ts.
import { Buffer } from "node:buffer";
import { mkdirSync, statSync } from "node:fs";
import sharp from "sharp";
import { FA_GLYPHS } from "./fa-glyphs.mjs";

const OUT = "public/images";
const NAVY = "#14213d";
const NAVY_2 = "#1f3160";
const GOLD = "#b8860b";
const GOLD_LIGHT = "#f4e5c2";

/**
 * A Font Awesome glyph (named as react-icons named it) as SVG markup, placed at (x, y) with the given
 * size: the same markup react-icons rendered, so the committed images come out unchanged.
 */
function glyph(name, { x, y, size, color = "#ffffff", opacity = 1 }) {
  const icon = Object.hasOwn(FA_GLYPHS, name) ? FA_GLYPHS[name] : undefined;
  if (!icon) throw new Error(`no icon ${name}: add it to scripts/fa-glyphs.mjs`);
  const markup =
    `<svg stroke="currentColor" fill="currentColor" stroke-width="0" viewBox="${icon.viewBox}" color="${color}"` +
    ` style="color:${color}" height="${size}" width="${size}" xmlns="http://www.w3.org/2000/svg">` +
    `<path d="${icon.d}"></path></svg>`;
  return `<g transform="translate(${x} ${y})" opacity="${opacity}">${markup}</g>`;
}

function escapeXml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A card illustration: gradient, a pattern of faint glyphs and one bold glyph. */
function cardSvg({ width, height, icon, from, to, accent = GOLD, seed = 1 }) {
  const size = Math.round(Math.min(width, height) * 0.42);
  const faint = [];
  let s = seed * 9301 + 49297;
  const rand = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  for (let i = 0; i < 7; i++) {
    const fs = Math.round(size * (0.25 + rand() * 0.35));
    faint.push(
      glyph(icon, {
        x: Math.round(rand() * width - fs / 2),
        y: Math.round(rand() * height - fs / 2),
        size: fs,
        opacity: 0.07,
      }),
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${faint.join("\n  ")}
  <circle cx="${width / 2}" cy="${height / 2}" r="${size}" fill="url(#glow)"/>
  <circle cx="${width / 2}" cy="${height / 2}" r="${size * 0.78}" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.5" stroke-width="3"/>
  ${glyph(icon, { x: width / 2 - size / 2, y: height / 2 - size / 2, size, color: "#ffffff" })}
  <rect y="${height - 10}" width="${width}" height="10" fill="${accent}"/>
</svg>`;
}

/** A gallery "photograph": a simple scene with a floor, a window wall and the subject glyph. */
function sceneSvg({ width, height, icon, props = [], from, to, seed }) {
  const floor = Math.round(height * 0.72);
  let s = seed * 7919 + 104729;
  const rand = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  const windows = [];
  const cols = 5;
  for (let c = 0; c < cols; c++) {
    const w = width / cols - 40;
    const x = 20 + c * (width / cols);
    windows.push(
      `<rect x="${x}" y="${height * 0.08}" width="${w}" height="${height * 0.42}" rx="6" fill="#ffffff" fill-opacity="${0.06 + rand() * 0.08}"/>`,
    );
  }
  const size = Math.round(height * 0.42);
  const propMarkup = props
    .map((name, i) => {
      const ps = Math.round(size * (0.38 + rand() * 0.12));
      const x = i % 2 === 0 ? width * (0.12 + i * 0.03) : width * (0.7 + i * 0.02);
      return glyph(name, { x: Math.round(x), y: floor - ps + 8, size: ps, color: GOLD_LIGHT, opacity: 0.85 });
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a3d12"/><stop offset="1" stop-color="#2b1d08"/></linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#fff6dc" stop-opacity="0.35"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#wall)"/>
  ${windows.join("\n  ")}
  <rect width="${width}" height="${height}" fill="url(#light)"/>
  <rect y="${floor}" width="${width}" height="${height - floor}" fill="url(#floor)"/>
  <rect y="${floor}" width="${width}" height="6" fill="${GOLD}"/>
  ${propMarkup}
  ${glyph(icon, { x: width / 2 - size / 2, y: floor - size + 10, size, color: "#ffffff" })}
</svg>`;
}

function heroSvg({ width, height }) {
  const columns = [];
  const count = 9;
  for (let i = 0; i < count; i++) {
    const x = width * 0.52 + i * (width * 0.05);
    columns.push(
      `<rect x="${x}" y="${height * 0.36}" width="${width * 0.025}" height="${height * 0.44}" fill="#ffffff" fill-opacity="0.16"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${NAVY_2}"/></linearGradient>
    <radialGradient id="sun" cx="0.78" cy="0.3" r="0.45"><stop offset="0" stop-color="${GOLD}" stop-opacity="0.45"/><stop offset="1" stop-color="${GOLD}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#sun)"/>
  <polygon points="${width * 0.5},${height * 0.34} ${width * 0.74},${height * 0.16} ${width * 0.98},${height * 0.34}" fill="#ffffff" fill-opacity="0.14"/>
  <rect x="${width * 0.5}" y="${height * 0.33}" width="${width * 0.48}" height="${height * 0.03}" fill="#ffffff" fill-opacity="0.2"/>
  ${columns.join("\n  ")}
  <rect x="${width * 0.48}" y="${height * 0.8}" width="${width * 0.52}" height="${height * 0.04}" fill="#ffffff" fill-opacity="0.2"/>
  <rect x="${width * 0.46}" y="${height * 0.84}" width="${width * 0.56}" height="${height * 0.04}" fill="#ffffff" fill-opacity="0.12"/>
  ${glyph("FaBalanceScale", { x: width * 0.69, y: height * 0.43, size: height * 0.3, color: GOLD_LIGHT, opacity: 0.9 })}
</svg>`;
}

function ogSvg({ width, height }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${NAVY_2}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${glyph("FaBalanceScale", { x: 80, y: 175, size: 280, color: GOLD_LIGHT })}
  <text x="440" y="290" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="700" fill="#ffffff">${escapeXml("Sharma & Rao")}</text>
  <text x="440" y="370" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="700" fill="#ffffff">Associates</text>
  <text x="440" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="${GOLD_LIGHT}">${escapeXml("Advocates & Legal Consultants")}</text>
  <rect y="${height - 14}" width="${width}" height="14" fill="${GOLD}"/>
</svg>`;
}

function badgeSvg({ icon, from, to }) {
  const size = 240;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="28" fill="${NAVY}"/>
  <circle cx="120" cy="120" r="92" fill="url(#bg)"/>
  <circle cx="120" cy="120" r="78" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" stroke-dasharray="6 6"/>
  ${glyph(icon, { x: 72, y: 72, size: 96, color: NAVY })}
</svg>`;
}

const written = [];

async function write(svg, base, { width, height, quality = 72 }) {
  const input = Buffer.from(svg);
  const resized = () => sharp(input, { density: 72 }).resize(width, height).flatten({ background: NAVY });
  await resized().webp({ quality, effort: 6 }).toFile(`${base}.webp`);
  await resized().jpeg({ quality, mozjpeg: true, progressive: true }).toFile(`${base}.jpg`);
  written.push(`${base}.webp`, `${base}.jpg`);
}

/* The practice-areas page: Areas of Expertise, then Dispute Resolution (see practice-areas.ts). */
const EXPERTISE_ICONS = [
  "FaBriefcase", // 1 Corporate & Commercial
  "FaFileInvoiceDollar", // 2 Tax & Regulatory
  "FaStamp", // 3 Licenses & Approvals
  "FaHandshake", // 4 Mergers & Acquisitions
  "FaUniversity", // 5 Banking & Finance
  "FaLightbulb", // 6 Intellectual Property
  "FaBuilding", // 7 Real Estate
  "FaComments", // 8 Certified Midiators
];
const DISPUTE_ICONS = [
  "FaGavel", // 1 Litigation & Arbitration
  "FaUsers", // 2 Family Disputes
  "FaLandmark", // 3 Administrative Cases
  "FaMoneyCheckAlt", // 4 Banking & Recovery
  "FaShieldAlt", // 5 Criminal Defence
  "FaBalanceScale", // 6 Civil Disputes
  "FaShoppingCart", // 7 Consumer Disputes
  "FaHome", // 8 Property Disputes
  "FaMoneyCheck", // 9 Cheque Bounce
];
const PALETTES = [
  [NAVY, NAVY_2],
  ["#1d3b53", "#14213d"],
  ["#2c2350", "#14213d"],
  ["#153a3a", "#14213d"],
  ["#3b2a14", "#14213d"],
];

/* The about gallery: nine scenes (captions and alt text live in gallery.ts). */
const GALLERY = [
  { icon: "FaBuilding", props: ["FaTree", "FaTree"] },
  { icon: "FaBook", props: ["FaBookOpen", "FaBookmark"] },
  { icon: "FaHandshake", props: ["FaCoffee", "FaFileSignature"] },
  { icon: "FaGavel", props: ["FaBalanceScale", "FaBook"] },
  { icon: "FaUsers", props: ["FaLaptop", "FaClipboardList"] },
  { icon: "FaChalkboardTeacher", props: ["FaMicrophone", "FaUserGraduate"] },
  { icon: "FaLandmark", props: ["FaFlag", "FaTree"] },
  { icon: "FaComments", props: ["FaCouch", "FaMugHot"] },
  { icon: "FaAward", props: ["FaTrophy", "FaMedal"] },
];

const ACCOLADES = [
  { icon: "FaTrophy", from: GOLD_LIGHT, to: GOLD },
  { icon: "FaMedal", from: "#e8edf7", to: "#9aa8c7" },
  { icon: "FaAward", from: GOLD_LIGHT, to: "#d19d1f" },
  { icon: "FaStar", from: "#f3e9d2", to: "#c9a227" },
];

async function main() {
  for (const dir of ["practice-areas", "gallery", "accolades"]) mkdirSync(`${OUT}/${dir}`, { recursive: true });

  for (const [index, icon] of EXPERTISE_ICONS.entries()) {
    const [from, to] = PALETTES[index % PALETTES.length];
    await write(
      cardSvg({ width: 480, height: 300, icon, from, to, seed: index + 1 }),
      `${OUT}/practice-areas/expertise-${index + 1}`,
      { width: 480, height: 300 },
    );
  }
  for (const [index, icon] of DISPUTE_ICONS.entries()) {
    const [from, to] = PALETTES[(index + 2) % PALETTES.length];
    await write(
      cardSvg({ width: 480, height: 300, icon, from, to, seed: index + 21 }),
      `${OUT}/practice-areas/dispute-${index + 1}`,
      { width: 480, height: 300 },
    );
  }
  for (const [index, scene] of GALLERY.entries()) {
    const [from, to] = PALETTES[index % PALETTES.length];
    const svg = sceneSvg({ width: 1200, height: 800, ...scene, from, to, seed: index + 1 });
    await write(svg, `${OUT}/gallery/gallery-${index + 1}`, { width: 1200, height: 800, quality: 70 });
    await write(svg, `${OUT}/gallery/gallery-${index + 1}-thumb`, { width: 360, height: 240, quality: 68 });
  }
  for (const [index, badge] of ACCOLADES.entries()) {
    await write(badgeSvg(badge), `${OUT}/accolades/accolade-${index + 1}`, { width: 160, height: 160, quality: 80 });
  }
  await write(heroSvg({ width: 1600, height: 700 }), `${OUT}/hero`, { width: 1600, height: 700, quality: 70 });
  await write(ogSvg({ width: 1200, height: 630 }), `${OUT}/og-default`, { width: 1200, height: 630, quality: 80 });

  let largest = 0;
  for (const file of written) largest = Math.max(largest, statSync(file).size);
  console.log(`Wrote ${written.length} images; the largest is ${(largest / 1024).toFixed(1)} KB.`);
}

await main();
