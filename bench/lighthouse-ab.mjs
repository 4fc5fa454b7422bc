// `node bench/lighthouse-ab.mjs RUNS URL...`
//
// Lighthouse performance (its default mobile settings) on several URLs, the runs interleaved: run 1
// of every URL, then run 2 of every URL, and so on, in one browser. Give it the same pages served by
// two builds (e.g. an older commit's build on another port, started as bench/run.mjs starts its own),
// and both builds meet the same moments of the shared machine's load. On this machine one page's
// score moves by 5–10 points between runs, so figures from different sessions cannot show a change
// of a few points; a paired run can (docs/decisions/099-first-paint.md). Prints, per URL, every
// run's score and the medians of the score, FCP, LCP, TBT and Speed Index.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_FLAGS, CHROMIUM } from "./lighthouse.mjs";

const [runs, ...urls] = process.argv.slice(2);
if (!Number(runs) || urls.length === 0) {
  console.error("usage: node bench/lighthouse-ab.mjs RUNS URL...");
  process.exit(2);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = new Map(urls.map((url) => [url, []]));
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
try {
  for (let run = 0; run < Number(runs); run++) {
    for (const url of urls) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const metric = (id) => lhr.audits[id].numericValue;
      results.get(url).push({
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
        si: metric("speed-index"),
      });
    }
  }
} finally {
  await chrome.kill();
}

console.log("| URL | runs | median | FCP ms | LCP ms | TBT ms | SI ms |");
console.log("|---|---|---|---|---|---|---|");
for (const [url, rows] of results) {
  const of = (key) => Math.round(median(rows.map((row) => row[key])));
  const scores = rows.map((row) => row.score).join(" / ");
  console.log(`| ${url} | ${scores} | ${of("score")} | ${of("fcp")} | ${of("lcp")} | ${of("tbt")} | ${of("si")} |`);
}
