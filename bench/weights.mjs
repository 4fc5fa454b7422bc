// Page weight: each public page's HTML (raw and gzipped) and the JS and CSS a
// first visit loads, gzipped, from the Remix build manifest; and the images a
// page references. The sums themselves are report.mjs's.
//
// Why the Remix manifest and not build/client/.vite/manifest.json: the Remix
// Vite plugin deletes Vite's manifest after the build (unless its `manifest`
// option is set); its own manifest (build/client/assets/manifest-<hash>.js)
// lists, per route, the module and its static imports: exactly what Remix
// renders as <link rel=modulepreload> on a first visit.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { manifestAssets, sumSizes } from "./report.mjs";

const CLIENT = "build/client";

/** The Remix browser manifest written by `remix vite:build`. */
export function readRemixManifest() {
  const file = readdirSync(`${CLIENT}/assets`).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No Remix manifest in build/client/assets: the build did not run.");
  const sandbox = { window: {} };
  runInNewContext(readFileSync(`${CLIENT}/assets/${file}`, "utf8"), sandbox);
  return sandbox.window.__remixManifest;
}

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

const fileSizes = new Map();
/** A built client file's gzipped size (level 9), by its URL path ("/assets/x.js"). */
export function builtFileGzip(urlPath) {
  if (!fileSizes.has(urlPath)) {
    const path = `${CLIENT}${decodeURIComponent(urlPath)}`;
    if (!existsSync(path)) throw new Error(`${urlPath} is not in build/client`);
    fileSizes.set(urlPath, gzipBytes(readFileSync(path)));
  }
  return fileSizes.get(urlPath);
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i"))?.[1];
const tags = (html, name) => html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];
const decode = (value) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** The route ids a rendered page matched, from its module script (`import * as routeN from "/assets/…"`). */
export function matchedRouteIds(html, manifest) {
  const byModule = new Map(Object.values(manifest.routes).map((route) => [route.module, route.id]));
  const modules = [...html.matchAll(/import \* as route\d+ from "([^"]+)"/g)].map((match) => match[1]);
  return modules.map((module) => {
    const id = byModule.get(module);
    if (!id) throw new Error(`the page imports ${module}, which the build manifest does not list`);
    return id;
  });
}

/** The weight of one rendered page: its HTML, and the JS and CSS it loads (gzipped). */
export function pageWeight(html, manifest) {
  const buffer = Buffer.from(html);
  const routeIds = matchedRouteIds(html, manifest);
  // A page that does not hydrate React (app/lib/hydration.ts) has no Remix module script: what it loads
  // is its own module scripts (the islands bundle), and nothing is preloaded.
  const islands = routeIds.length === 0;
  const assets = islands
    ? {
        js: tags(html, "script")
          .filter((tag) => /type="module"/i.test(tag))
          .map((tag) => attr(tag, "src"))
          .filter((src) => src?.startsWith("/") && !src.startsWith("//")),
        css: [],
      }
    : manifestAssets(manifest, routeIds);
  const linked = tags(html, "link");
  const stylesheets = linked
    .filter((tag) => /rel="stylesheet"/i.test(tag))
    .map((tag) => attr(tag, "href"))
    .filter((href) => href?.startsWith("/") && !href.startsWith("//"));
  const css = [...new Set([...assets.css, ...stylesheets])];
  const preloads = new Set(
    linked
      .filter((tag) => /rel="modulepreload"/i.test(tag))
      .map((tag) => attr(tag, "href"))
      .filter(Boolean),
  );
  const missingPreloads = islands ? [] : assets.js.filter((file) => !preloads.has(file));
  const extraPreloads = [...preloads].filter((file) => !assets.js.includes(file));
  return {
    routeIds,
    htmlBytes: buffer.length,
    htmlGzip: gzipBytes(buffer),
    jsGzip: sumSizes(assets.js, builtFileGzip),
    jsFiles: assets.js.length,
    cssGzip: sumSizes(css, builtFileGzip),
    cssFiles: css.length,
    css,
    preloadsMatch: missingPreloads.length === 0 && extraPreloads.length === 0,
    preloadNote: [
      missingPreloads.length ? `not preloaded: ${missingPreloads.join(", ")}` : "",
      extraPreloads.length ? `preloaded but not in the manifest list: ${extraPreloads.join(", ")}` : "",
    ]
      .filter(Boolean)
      .join("; "),
  };
}

/** Every image URL a page references: <img src/srcset>, <source srcset>, image preloads, and url(…) in its stylesheets. */
export function imageUrls(html, stylesheets = []) {
  const urls = new Set();
  const addSrcset = (value) => {
    for (const candidate of decode(value).split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) urls.add(url);
    }
  };
  for (const tag of [...tags(html, "img"), ...tags(html, "source")]) {
    const src = attr(tag, "src");
    if (src) urls.add(decode(src));
    const srcset = attr(tag, "srcset");
    if (srcset) addSrcset(srcset);
  }
  for (const tag of tags(html, "link")) {
    if (/rel="preload"/i.test(tag) && /as="image"/i.test(tag)) {
      const href = attr(tag, "href");
      if (href) urls.add(decode(href));
      const srcset = attr(tag, "imagesrcset");
      if (srcset) addSrcset(srcset);
    }
  }
  for (const sheet of stylesheets) {
    const path = `${CLIENT}${sheet}`;
    if (!existsSync(path)) continue;
    for (const match of readFileSync(path, "utf8").matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) {
      const url = match[1];
      if (/^data:/i.test(url) || !/\.(png|jpe?g|webp|avif|gif|svg)(\?|$)/i.test(url)) continue;
      urls.add(new URL(url, `http://x${sheet}`).pathname);
    }
  }
  return [...urls].filter((url) => !/^data:/i.test(url));
}
