// Lighthouse (its default mobile settings) driving Debian Chromium, one page
// after another in one browser; the HTML reports go to bench/out/.
import { existsSync, writeFileSync } from "node:fs";
import { clearTimeout, setTimeout } from "node:timers";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { onCleanup } from "./processes.mjs";
import { lighthouseScores } from "./report.mjs";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The audits that keep a non-performance category below 100. */
function failingAudits(lhr) {
  const failing = [];
  for (const key of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[key]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        // Name what the audit found where it says so in a word (e.g. inspector-issues: "Content security policy").
        const kinds = [...new Set((audit.details?.items ?? []).map((item) => item.issueType).filter(Boolean))];
        failing.push(`${key}: ${ref.id}${kinds.length ? ` (${kinds.join(", ")})` : ""}`);
      }
    }
  }
  return failing;
}

/**
 * Run Lighthouse on each page ({ id, name, path, url }); returns one entry per
 * page with scores (0..100) or a note saying why there are none.
 */
export async function runLighthouse(pages, { outDir, perPageTimeoutMs = 120_000, log = console.log }) {
  if (!existsSync(CHROMIUM)) {
    const note = `Chromium not found at ${CHROMIUM} (node scripts/ensure-chromium.mjs --lighthouse installs it)`;
    return pages.map((page) => ({ id: page.id, name: page.name, path: page.path, scores: null, note }));
  }
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const unregister = onCleanup(() => chrome.kill());
  const results = [];
  try {
    for (const page of pages) {
      const started = Date.now();
      let timer;
      try {
        const once = async () => {
          const run = lighthouse(page.url, {
            port: chrome.port,
            output: "html",
            logLevel: "error",
            onlyCategories: CATEGORIES,
          });
          const timeout = new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`took longer than ${perPageTimeoutMs / 1000} s`)),
              perPageTimeoutMs,
            );
          });
          const result = await Promise.race([run, timeout]);
          clearTimeout(timer);
          if (!result?.lhr) throw new Error("Lighthouse returned no result");
          if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
          return result;
        };
        let result;
        try {
          result = await once();
        } catch (error) {
          // A trace Chromium did not record (NO_NAVSTART, "Please run Lighthouse again") says nothing of the
          // page: it happens on a loaded machine. One more try; any other failure is reported as it is.
          if (!/NO_NAVSTART|run Lighthouse again/.test(String(error?.message))) throw error;
          log(`  ${page.name.padEnd(28)} no trace recorded, trying once more`);
          result = await once();
        }
        writeFileSync(`${outDir}/lighthouse-${page.id}.html`, result.report);
        const scores = lighthouseScores(result.lhr.categories);
        results.push({ id: page.id, name: page.name, path: page.path, scores, failing: failingAudits(result.lhr) });
        log(
          `  ${page.name.padEnd(28)} ${scores.performance} / ${scores.accessibility} / ${scores.bestPractices} / ${scores.seo} (${Math.round((Date.now() - started) / 1000)} s)`,
        );
      } catch (error) {
        const message = String(error?.message ?? error).split("\n")[0];
        results.push({
          id: page.id,
          name: page.name,
          path: page.path,
          scores: null,
          note: `Lighthouse failed: ${message}`,
        });
        log(`  ${page.name.padEnd(28)} failed (${message})`);
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    unregister();
    chrome.kill();
  }
  return results;
}
