// After `npm run build`: the JavaScript each public page loads on a first visit (gzipped: the client
// entry and its imports, then every route of the page's match from the root down, with their static
// imports; the same sum `npm run bench` reports per page; for a page whose routes opt out of hydration,
// app/lib/hydration.ts, only the islands bundle, build/client/assets/islands-<hash>.js) must stay within its budget in
// bench/js-budgets.json. A page over budget fails the build step of `npm test`, so CI catches a change
// that ships more code to visitors. The budgets are regression ceilings near today's sizes; the
// performance targets (90 KB every page, 70 KB the home page) are reported by the bench.
//
// `node scripts/check-js-budget.mjs --write` rewrites the budgets as today's sizes plus the margin.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { manifestAssets, sumSizes } from "../bench/report.mjs";
import { builtFileGzip, readRemixManifest } from "../bench/weights.mjs";

const BUDGETS = "bench/js-budgets.json";
/** Headroom over the measured size when budgets are written: a small change passes, a new library does not. */
const MARGIN_BYTES = 2 * 1024;

const manifest = readRemixManifest();
const budgets = JSON.parse(readFileSync(BUDGETS, "utf8"));
// The route modules' `handle` exports, from the server build (it runs in Node: no Worker globals at load;
// its .wasm import loads as workerd loads it).
register("./wasm-module-hooks.mjs", import.meta.url);
const { routes: serverRoutes, entry } = await import(new URL("../build/server/index.js", import.meta.url).href);
const islandsFile = readdirSync("build/client/assets").find((name) => /^islands-.*\.js$/.test(name));
if (!islandsFile) throw new Error("No islands bundle in build/client/assets: the build did not run.");

/**
 * Whether a visitor's first visit to the page loads the islands only: app/lib/hydration.ts's own
 * islandsOnly (the server build exports it), with no loader data (a handle that decides from its data
 * answers for a visitor, who gets no staff data).
 */
function islandsOnly(ids) {
  return entry.module.islandsOnly(ids.map((id) => ({ handle: serverRoutes[id]?.module.handle })));
}

/** The route ids a visit to `id` matches, root first (its parents through `parentId`). */
function chain(id) {
  const ids = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) ids.unshift(route.id);
  if (ids.length === 0) throw new Error(`route ${id} is not in the build manifest`);
  return ids;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const measured = Object.keys(budgets.routes).map((id) => {
  const ids = chain(id);
  // What a client-side navigation into the page (or a hydrated first visit) needs: the Remix chunks.
  const hydrated = sumSizes(manifestAssets(manifest, ids).js, builtFileGzip);
  const islands = islandsOnly(ids);
  const bytes = islands ? builtFileGzip(`/assets/${islandsFile}`) : hydrated;
  return { id, bytes, hydrated, islands, budget: budgets.routes[id] };
});

if (process.argv.includes("--write")) {
  for (const row of measured) budgets.routes[row.id] = Math.ceil((row.bytes + MARGIN_BYTES) / 1024) * 1024;
  writeFileSync(BUDGETS, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`Wrote ${BUDGETS}: ${measured.length} routes.`);
  process.exit(0);
}

const over = measured.filter((row) => row.bytes > row.budget);
for (const row of measured)
  console.log(
    `  ${row.bytes > row.budget ? "✖" : "✔"} ${row.id.padEnd(36)} ${kb(row.bytes)} of ${kb(row.budget)}` +
      (row.islands ? `  (islands only; ${kb(row.hydrated)} when hydrated)` : ""),
  );
if (over.length) {
  console.error(
    `✖ ${over.length} page(s) ship more JavaScript than their budget in ${BUDGETS}: ${over.map((row) => row.id).join(", ")}.\n` +
      "  Ship less (split the route, keep zod and big components off public pages), or raise the budget in a reviewed commit.",
  );
  process.exit(1);
}
console.log(`✔ Every public page is within its JavaScript budget (${BUDGETS}).`);
