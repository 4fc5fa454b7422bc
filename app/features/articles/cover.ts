/**
 * The cover of an article without an uploaded image: its title and category on the firm's pattern, as an
 * SVG of the OpenGraph size (1200 × 630), served at /blogs/{slug}/cover.svg for the cards and the article page,
 * and drawn as a PNG for its og:image (link previews show no SVG; share-image.server.ts). No fonts or images
 * are fetched: the SVG stands alone. Each font list also names the font the PNG is drawn with (resvg has no
 * system fonts): Gelasio, which has Georgia's metrics, and Inter.
 */
import { firm } from "~/config/firm";

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** Where an article's generated cover is served. */
export const articleCoverPath = (slug: string) => `/blogs/${encodeURIComponent(slug)}/cover.svg`;

// Control characters and lone surrogates are not allowed in XML at all: a title holding one would make
// the whole SVG unreadable (to browsers and to the PNG renderer alike).
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const escapeXml = (value: string) =>
  value.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Words into lines of at most `width` characters; at most `max` lines, the last one ending in "…" when cut. */
export function wrapText(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) line = next.length > width ? `${next.slice(0, width - 1)}…` : next;
    else {
      lines.push(line);
      line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.replace(/[\s,.;:–-]*…?$/, "").slice(0, width - 1)}…`;
  return kept;
}

/** A hue per category, so covers of one category look alike and different categories differ. */
function accentFor(category: string) {
  const palette = ["#c9a227", "#7fb3d5", "#9bc59d", "#e59f71", "#c39bd3", "#f1c27d"];
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/**
 * Diagonal lines 24 px apart across the whole cover, as lines rather than a rotated <pattern>: the same
 * look, and resvg draws it in a fifth of the time (the PNG is drawn on the Worker).
 */
const HATCHING = Array.from({ length: 56 }, (_, index) => {
  const offset = Math.round((index - 36) * 24 * Math.SQRT2 * 10) / 10;
  return `M-700 ${Math.round((-700 + offset) * 10) / 10}L1900 ${Math.round((1900 + offset) * 10) / 10}`;
}).join("");

export function articleCoverSvg({ title, category }: { title: string; category: string | null }): string {
  const label = (category?.trim() || "Legal Insight").slice(0, 40);
  const accent = accentFor(label);
  // Georgia bold is about 0.6 em per character: 24 characters of 60 px stay clear of the circles.
  const lines = wrapText(title, 24, 4);
  const fontSize = lines.length > 3 ? 56 : 60;
  const lineHeight = Math.round(fontSize * 1.18);
  const top = 250 - ((lines.length - 1) * lineHeight) / 2;
  const titleLines = lines
    .map((line, index) => `<tspan x="90" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  const chipWidth = Math.min(760, 48 + label.length * 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${escapeXml(`${label}: ${title}`)}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14213d"/><stop offset="1" stop-color="#0d1629"/></linearGradient>
</defs>
<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>
<path d="${HATCHING}" stroke="#ffffff" stroke-opacity="0.05" stroke-width="2"/>
<circle cx="1090" cy="110" r="230" fill="none" stroke="${accent}" stroke-opacity="0.25" stroke-width="3"/>
<circle cx="1090" cy="110" r="150" fill="none" stroke="${accent}" stroke-opacity="0.18" stroke-width="3"/>
<rect x="0" y="${COVER_HEIGHT - 12}" width="${COVER_WIDTH}" height="12" fill="${accent}"/>
<rect x="90" y="70" rx="24" width="${chipWidth}" height="48" fill="${accent}"/>
<text x="114" y="103" font-family="Inter, system-ui, 'Segoe UI', Roboto, sans-serif" font-size="26" font-weight="700" fill="#14213d">${escapeXml(label.toUpperCase())}</text>
<text font-family="Georgia, Gelasio, 'Times New Roman', serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${titleLines}</text>
<text x="90" y="560" font-family="Georgia, Gelasio, 'Times New Roman', serif" font-size="30" fill="#f4e5c2">${escapeXml(firm.name)}</text>
</svg>
`;
}
