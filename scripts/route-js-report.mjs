// Prints each route's JavaScript, gzipped, as a browser loads it on a first
// visit (the shared entry and the route's own module with its imports).
// Run after `npm run build`:  node scripts/route-js-report.mjs [--json]
import { readdirSync, readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const assets = "build/client/assets";
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const sandbox = { window: {} };
runInNewContext(readFileSync(`${assets}/${manifestFile}`, "utf8"), sandbox);
const manifest = sandbox.window.__remixManifest;

const gzipped = new Map();
const size = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(`build/client${file}`), { level: 9 }).length);
  return gzipped.get(file);
};
const entryFiles = new Set([manifest.entry.module, ...manifest.entry.imports]);
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

const rows = [];
for (const route of Object.values(manifest.routes)) {
  const chain = [];
  for (let id = route.id; id; id = manifest.routes[id].parentId) chain.unshift(manifest.routes[id]);
  const files = new Set(entryFiles);
  for (const link of chain) for (const file of [link.module, ...(link.imports ?? [])]) files.add(file);
  const own = new Set([route.module, ...(route.imports ?? [])].filter((file) => !entryFiles.has(file)));
  rows.push({
    route: route.id,
    totalKb: kb([...files].reduce((sum, file) => sum + size(file), 0)),
    routeKb: kb([...own].reduce((sum, file) => sum + size(file), 0)),
  });
}
rows.sort((a, b) => b.totalKb - a.totalKb);
if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  console.log("route".padEnd(36), "first-load JS (gzip KB)".padStart(24), "route's own (gzip KB)".padStart(24));
  for (const row of rows)
    console.log(row.route.padEnd(36), String(row.totalKb).padStart(24), String(row.routeKb).padStart(24));
}
