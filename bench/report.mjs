// The benchmark's arithmetic and its report, as pure functions (no I/O):
// percentiles, throughput, ratios to the static baseline, page weight sums,
// the performance targets with met / missed, and the Markdown / console tables.
// bench/report.node.test.ts covers it with fixed samples.

/** The performance targets. The bench reports them; it never fails the build on them. */
export const TARGETS = {
  /** Home page and /blogs at 1000 rows: at least this share of the static baseline's throughput. */
  minRatioToBaseline: 0.33,
  /** The article list at the large size keeps at least this share of its throughput (normalised) at the small size. */
  minScaleRetention: 0.8,
  /** Gzipped JavaScript per public page, bytes. */
  maxJsGzipBytes: 90 * 1024,
  /** Any image on the home page, bytes. */
  maxImageBytes: 200 * 1024,
  /** The home page's HTML, gzipped, bytes. */
  maxHomeHtmlGzipBytes: 60 * 1024,
  /** Lighthouse (mobile) minimum scores, 0..100. */
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 },
  /** Write operations: p50 at most this many times the p50 of a plain D1-backed GET. */
  maxWriteToReadP50: 3,
  /** Worker CPU per rendered page, ms: median and p99 over the requests. */
  cpu: { medianMs: 5, p99Ms: 10 },
  /** Throughput targets at 1000 rows, as shares of the static baseline. */
  throughput: { edgeCacheWarm: 0.5, rendered: 0.25, api: 0.33, quizAnswerSave: 0.2 },
  /** The home page's gzipped JavaScript, bytes (every other page: maxJsGzipBytes). */
  maxHomeJsGzipBytes: 70 * 1024,
};

/** The throughput targets: which routes each holds, by route id. */
const THROUGHPUT_GROUPS = [
  { key: "edgeCacheWarm", label: "edge cache warm", ids: ["home", "home-accepted", "blogs", "article"] },
  {
    key: "rendered",
    label: "rendered",
    ids: ["home-render", "blogs-render", "blogs-page-50", "article-render", "about-render"],
  },
  { key: "api", label: "API read", ids: ["api-blogs", "api-quiz"] },
  { key: "quizAnswerSave", label: "quiz answer save", ids: ["quiz-answer-save"] },
];

/** The Workers free plan's CPU limit per request, ms: a request over it fails with error 1102. */
export const FREE_PLAN_CPU_MS = 10;

/**
 * The p-th percentile (0 < p <= 100) of a sample, by the nearest-rank method:
 * the smallest value with at least p% of the sample at or below it. The
 * sample need not be sorted; an empty sample has no percentile (null).
 */
export function percentile(sample, p) {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  if (sample.length === 0) return null;
  const sorted = Float64Array.from(sample).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1];
}

/**
 * A distribution-free confidence interval for the p-th percentile (0 < p < 100) of what a sample was
 * drawn from, from its order statistics: how far the sample's percentile could be from the true one.
 * The number of draws at or below the true percentile is binomial (n, p/100); `low` is the largest
 * order statistic with at most (1 - confidence) / 2 chance of lying above it, `high` the smallest with at
 * most that chance of lying below it, so the interval holds it with at least `confidence`. `high` is
 * null when even the sample's maximum is not that sure to reach it (too few draws for that percentile),
 * `low` null likewise below the minimum. The sample need not be sorted; an empty one has no interval.
 */
export function percentileInterval(sample, p, confidence = 0.95) {
  if (!(p > 0 && p < 100)) throw new RangeError(`percentile must be in (0, 100), got ${p}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const n = sample.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(sample).sort();
  const q = p / 100;
  const tail = (1 - confidence) / 2;
  // P(K = k) for K ~ binomial(n, q), in logarithms (q^n underflows for large n), then the CDF.
  const logPmf = new Float64Array(n + 1);
  logPmf[0] = n * Math.log1p(-q);
  for (let k = 1; k <= n; k++) logPmf[k] = logPmf[k - 1] + Math.log((n - k + 1) / k) + Math.log(q / (1 - q));
  const cdf = new Float64Array(n + 1);
  let sum = 0;
  for (let k = 0; k <= n; k++) cdf[k] = sum += Math.exp(logPmf[k]);
  // The l-th smallest lies above the percentile when fewer than l draws are at or below it: P(K <= l - 1).
  let low = 0;
  for (let l = 1; l <= n && cdf[l - 1] <= tail; l++) low = l;
  // The u-th smallest lies below it when at least u draws are: P(K >= u) = 1 - P(K <= u - 1).
  let high = 0;
  for (let u = n; u >= 1 && 1 - cdf[u - 1] <= tail; u--) high = u;
  return { low: low ? sorted[low - 1] : null, high: high ? sorted[high - 1] : null };
}

/** p50 and p99 (ms, rounded to 0.1 ms) and the mean of a latency sample. */
export function latencySummary(sample) {
  if (sample.length === 0) return { p50: null, p99: null, mean: null, count: 0 };
  const mean = sample.reduce((sum, value) => sum + value, 0) / sample.length;
  return {
    p50: round(percentile(sample, 50), 1),
    p99: round(percentile(sample, 99), 1),
    mean: round(mean, 1),
    count: sample.length,
  };
}

/** Requests per second: completed requests over the measured seconds. */
export function throughput(count, seconds) {
  if (!(seconds > 0)) return null;
  return round(count / seconds, 1);
}

/** value / reference, rounded; null when either is missing or the reference is 0. */
export function ratio(value, reference, digits = 3) {
  if (value == null || reference == null || reference === 0) return null;
  return round(value / reference, digits);
}

/**
 * The baseline a route is divided by: the static file is measured before the
 * first route, again after every few routes and after the last, and a route
 * measured between baseline runs `index` and `index + 1` gets their mean, so
 * the ratio follows the machine's drift during the run.
 */
export function bracketedBaseline(runs, index) {
  const before = runs[index];
  const after = runs[index + 1];
  if (before == null) return null;
  if (after == null) return before;
  return round((before + after) / 2, 1);
}

/**
 * Counts from a map of status code to count ({"200": 10, "429": 2}): the total,
 * the responses with an expected status, the non-2xx ones and the unexpected ones.
 */
export function statusTally(counts, expected) {
  const want = new Set((Array.isArray(expected) ? expected : [expected]).map(Number));
  let total = 0;
  let non2xx = 0;
  let unexpected = 0;
  let ok = 0;
  for (const [code, count] of Object.entries(counts)) {
    const status = Number(code);
    total += count;
    if (status < 200 || status > 299) non2xx += count;
    if (want.has(status)) ok += count;
    else unexpected += count;
  }
  return { total, ok, non2xx, unexpected };
}

/**
 * The files a first visit to a page loads, from the Remix build manifest:
 * the client entry and its imports, then every matched route's module and its
 * static imports (and any CSS the manifest lists), each file once.
 * `routeIds` are the matched routes, root first.
 */
export function manifestAssets(manifest, routeIds) {
  const js = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const css = new Set(manifest.entry.css ?? []);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build manifest`);
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** The sum of the sizes of a list of files (each counted once), with `sizeOf(file)` giving one file's bytes. */
export function sumSizes(files, sizeOf) {
  let total = 0;
  for (const file of new Set(files)) total += sizeOf(file);
  return total;
}

/** Lighthouse's category scores (0..1) as whole numbers 0..100. */
export function lighthouseScores(categories) {
  const pick = (key) => (categories?.[key]?.score == null ? null : Math.round(categories[key].score * 100));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("best-practices"),
    seo: pick("seo"),
  };
}

/**
 * How well a route's throughput holds as the data grows: its throughput as a
 * share of the static baseline at the large size, over the same share at the
 * small size. Each share is taken against the baseline of its own server run,
 * so drift of the machine between the two runs cancels out. 1 = no loss.
 * `large` and `small` are { rps, baselineRps }.
 */
export function scaleRetention(large, small) {
  if (
    [large?.rps, large?.baselineRps, small?.rps, small?.baselineRps].some((value) => value == null) ||
    small.rps === 0 ||
    large.baselineRps === 0
  ) {
    return null;
  }
  return round(large.rps / large.baselineRps / (small.rps / small.baselineRps), 3);
}

const measured = (route) => route != null && route.status === "ok" && route.rps != null;

/**
 * The issue's targets, each with the measured value and met: true / false,
 * or null when it could not be measured in this run (with the reason).
 */
export function evaluateTargets(results, targets = TARGETS) {
  const out = [];
  const byId = new Map(results.routes.map((route) => [route.id, route]));
  const add = (target, value, met, note = "") => out.push({ target, value, met, note });
  const rows = results.options.rows;
  const scale = results.scale;

  // Each group's routes at 1000 rows, as a share of the static baseline.
  for (const group of THROUGHPUT_GROUPS) {
    const share = targets.throughput[group.key];
    for (const id of group.ids) {
      const route = byId.get(id);
      const label = `${route?.name ?? id}: throughput ≥ ${pct(share)} of the static baseline`;
      if (rows !== 1000) add(label, "—", null, "measured at --rows 1000");
      else if (!measured(route)) add(label, "—", null, notMeasured(route));
      else add(label, pct(route.ratio), route.ratio >= share);
    }
  }

  for (const id of ["home", "blogs"]) {
    const route = byId.get(id);
    const label = `${route?.name ?? id} at 1000 rows: throughput ≥ ${pct(targets.minRatioToBaseline)} of the static baseline`;
    let value = null;
    let note = "";
    if (rows === 1000) {
      if (measured(route)) value = route.ratio;
      else note = notMeasured(route);
    } else if (scale?.compareRows === 1000) {
      const row = scale.routes.find((item) => item.id === id);
      value = row?.smallRatio ?? null;
      if (value == null) note = row?.note || "not measured at 1000 rows";
    } else note = "run at --rows 1000 (or larger, with the default --compare-rows 1000)";
    if (value == null) add(label, "—", null, note);
    else add(label, pct(value), value >= targets.minRatioToBaseline);
  }

  // Growth is about the database: the rendered list routes (the cached ones do not read it).
  for (const id of ["blogs-render", "blogs-page-50", "api-blogs"]) {
    const name = byId.get(id)?.name ?? id;
    if (!scale) {
      add(`${name} at 100,000 rows within 20% of 1,000 rows`, "—", null, "run `npm run bench -- --rows 100000`");
      continue;
    }
    const row = scale.routes.find((item) => item.id === id);
    const label = `${name} at ${fmtInt(rows)} rows within 20% of ${fmtInt(scale.compareRows)} rows`;
    if (!row || row.retention == null) add(label, "—", null, row?.note || scale.note || "route missing or failed");
    else add(label, `${pct(row.retention)} kept`, row.retention >= targets.minScaleRetention);
  }

  for (const page of results.pages) {
    const limit = page.id === "home" ? targets.maxHomeJsGzipBytes : targets.maxJsGzipBytes;
    const label = `${page.name}: gzipped JS ≤ ${kb(limit)}`;
    if (page.jsGzip == null) add(label, "—", null, page.note || "page missing");
    else add(label, kb(page.jsGzip), page.jsGzip <= limit);
  }

  const images = results.images;
  const imageLabel = `No image over ${kb(targets.maxImageBytes)} on the home page`;
  if (!images || images.items.length === 0) add(imageLabel, "—", null, images?.note || "no images found");
  else {
    const largest = images.items.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    add(imageLabel, `largest ${kb(largest.bytes)} (${largest.url})`, largest.bytes <= targets.maxImageBytes);
  }

  const home = results.pages.find((page) => page.id === "home");
  const homeLabel = `Home page HTML ≤ ${kb(targets.maxHomeHtmlGzipBytes)} gzipped`;
  if (!home || home.htmlGzip == null) add(homeLabel, "—", null, home?.note || "home page not measured");
  else add(homeLabel, kb(home.htmlGzip), home.htmlGzip <= targets.maxHomeHtmlGzipBytes);

  const lh = targets.lighthouse;
  for (const run of results.lighthouse) {
    const label = `Lighthouse ${run.name}: perf ≥ ${lh.performance}, a11y ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo}`;
    if (run.scores == null) add(label, "—", null, run.note || "not run");
    else {
      const s = run.scores;
      const met =
        s.performance >= lh.performance &&
        s.accessibility >= lh.accessibility &&
        s.bestPractices >= lh.bestPractices &&
        s.seo >= lh.seo;
      add(label, `${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}`, met);
    }
  }

  for (const row of cpuRows(results).filter((item) => item.rendered)) {
    const label = `${row.name}: Worker CPU median ≤ ${targets.cpu.medianMs} ms, p99 ≤ ${targets.cpu.p99Ms} ms`;
    if (row.cpuMedianMs == null) add(label, "—", null, "not measured");
    else
      add(
        label,
        `${row.cpuMedianMs} / ${row.cpuP99Ms} ms` +
          (row.cpuP99Interval ? `, p99's 95 % interval ${intervalText(row.cpuP99Interval)} ms` : "") +
          (row.allP99Ms != null ? ` (p99 ${row.allP99Ms} ms over every request, ${row.leftOut} left out)` : ""),
        row.cpuMedianMs <= targets.cpu.medianMs && row.cpuP99Ms <= targets.cpu.p99Ms,
      );
  }
  if (results.cpu && results.cpu.routes.length === 0)
    add("Worker CPU per rendered page", "—", null, results.cpu.note || "not measured");

  const reference = results.routes.find((route) => route.readReference && measured(route) && route.p50 != null);
  for (const route of results.routes.filter((item) => item.write)) {
    const label = `${route.name}: p50 ≤ ${targets.maxWriteToReadP50}× a plain D1-backed GET`;
    if (!reference) add(label, "—", null, "no plain D1-backed GET was measured");
    else if (!measured(route) || route.p50 == null) add(label, "—", null, notMeasured(route));
    else {
      const times = ratio(route.p50, reference.p50, 2);
      add(
        label,
        `${times}× (${route.p50} ms vs ${reference.name} ${reference.p50} ms)`,
        times <= targets.maxWriteToReadP50,
      );
    }
  }
  return out;
}

/**
 * The CPU phase's rows (not the static baseline), each marked `rendered` when the page was rendered
 * for the request (the edge cache bypassed: an `-render` route or a list page past the first).
 */
export function cpuRows(results) {
  return (results.cpu?.routes ?? [])
    .filter((row) => !row.baseline)
    .map((row) => ({ ...row, rendered: /-render$|^blogs-page-/.test(row.id) }));
}

/** A percentile's interval as the results show it; an interval without an upper end reads "≥ low". */
export function intervalText(interval) {
  if (!interval || interval.low == null) return "—";
  return interval.high == null ? `≥ ${interval.low}` : `${interval.low}–${interval.high}`;
}

/** The `count` routes with the most CPU per request (and a profile), slowest first. */
export function slowestCpuRows(rows, count = 3) {
  return [...rows]
    .filter((row) => row.cpuMedianMs != null)
    .sort((a, b) => b.cpuMedianMs - a.cpuMedianMs)
    .slice(0, count);
}

function notMeasured(route, fallback = "not measured") {
  if (!route) return fallback;
  if (route.status === "missing") return `route missing (${route.note || route.probeStatus})`;
  if (route.status === "error") return `route error (${route.note || route.probeStatus})`;
  return route.note || fallback;
}

/* ------------------------------------------------------------------ formatting */

export function round(value, digits = 0) {
  if (value == null) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const pct = (value) => (value == null ? "—" : `${round(value * 100, 1)}%`);
export const kb = (bytes) => (bytes == null ? "—" : `${round(bytes / 1024, 1)} KB`);
const fmtInt = (value) => (value == null ? "—" : Number(value).toLocaleString("en-US"));
const cell = (value) => (value == null || value === "" ? "—" : String(value).replace(/\|/g, "\\|").replace(/\n/g, " "));
const mark = (met) => (met === true ? "✅ met" : met === false ? "❌ missed" : "⚪ not measured");

function table(headers, rows) {
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");
}

function routeRows(results) {
  return results.routes.map((route) => [
    route.name,
    `${route.method} ${route.path}${route.connections && route.connections !== results.options.connections ? ` (${route.connections} connections)` : ""}`,
    route.status === "ok"
      ? route.note
        ? `ok: ${route.note}`
        : "ok"
      : `**${route.status}**${route.note ? `: ${route.note}` : ""}`,
    route.rps,
    route.p50,
    route.p99,
    route.non2xx,
    route.unexpected,
    route.baseline ? "1 (baseline)" : route.ratio,
  ]);
}

/** Pages measured twice: served from the edge cache (id) and rendered with the cache bypassed (id-render). */
export function edgeCacheRows(routes) {
  const byId = new Map(routes.map((route) => [route.id, route]));
  return routes
    .filter((route) => byId.has(`${route.id}-render`))
    .map((warm) => {
      const rendered = byId.get(`${warm.id}-render`);
      const speedup = warm.rps && rendered.rps ? round(warm.rps / rendered.rps, 1) : null;
      return {
        id: warm.id,
        name: warm.name.replace(/ \(edge cache warm\)$/, ""),
        warmRatio: warm.ratio ?? null,
        renderedRatio: rendered.ratio ?? null,
        speedup,
        xCache: warm.edgeCache ?? null,
      };
    });
}

/** The readable report (bench/RESULTS.md). */
export function renderMarkdown(results) {
  const o = results.options;
  const lines = [];
  lines.push("# Benchmark results");
  lines.push("");
  lines.push(
    `Written by \`npm run bench\` (bench/run.mjs) on ${results.finishedAt}, commit \`${results.git?.commit ?? "?"}\`` +
      `${results.git?.dirty ? " (with uncommitted changes)" : ""}, in ${round(results.durationSeconds)} s.`,
  );
  lines.push(
    `Production build on workerd (wrangler's local mode, scripts/serve.mjs: the inspector closed while under load) on 127.0.0.1, ${results.machine.cpus} CPU cores, Node ${results.machine.node}. ` +
      `Database: ${fmtInt(results.seed.articles)} published articles (+${fmtInt(results.seed.pendingArticles)} pending), ` +
      `${fmtInt(results.seed.quizzes)} quizzes of ${results.seed.questionsPerQuiz} questions, on top of the demo seed (seeded in ${results.seed.seconds} s).`,
  );
  lines.push(
    `Load: autocannon, ${o.connections} connections, ${o.durationSeconds} s per route after a ${o.warmupSeconds} s warm-up, one route at a time. ` +
      "p50/p99 are taken from every response's latency (all statuses); req/s counts the responses with the expected status.",
  );
  lines.push("");
  lines.push("## Targets");
  lines.push("");
  lines.push(
    table(
      ["Target", "Measured", "Result"],
      results.targets.map((t) => [t.target, t.value, `${mark(t.met)}${t.note ? ` (${t.note})` : ""}`]),
    ),
  );
  lines.push("");
  lines.push("## Throughput and latency");
  lines.push("");
  lines.push(
    "`ratio` = the route's req/s over the static baseline's req/s in the same run: the baseline is measured before the first route, after every " +
      "few routes and after the last, and each route is divided by the mean of the two baseline runs around it (absolute figures drift on a shared " +
      "machine; the ratio much less). `non-2xx` counts every status outside 200–299 (a 303 redirect is the consultation form's success); " +
      "`unexpected` counts statuses other than the route's expected one. `missing` = the route answered 404; `error` = another unexpected status.",
  );
  lines.push("");
  lines.push(
    table(
      ["Route", "Request", "Status", "req/s", "p50 ms", "p99 ms", "non-2xx", "unexpected", "ratio"],
      routeRows(results),
    ),
  );
  lines.push("");
  const edge = edgeCacheRows(results.routes);
  if (edge.length > 0) {
    lines.push("## Edge cache: anonymous pages, warm vs rendered");
    lines.push("");
    lines.push(
      "The same page as an anonymous visitor gets it with the edge cache warm (the warm-up stored it; `X-Cache` after the load) and rendered " +
        "(a session cookie that does not verify bypasses the cache; the page renders exactly as for a visitor). Ratios are to the static file.",
    );
    lines.push("");
    lines.push(
      table(
        ["Page", "cached: ratio to static", "rendered: ratio to static", "cached / rendered", "X-Cache"],
        edge.map((row) => [
          row.name,
          row.warmRatio == null ? "—" : pct(row.warmRatio),
          row.renderedRatio == null ? "—" : pct(row.renderedRatio),
          row.speedup == null ? "—" : `${row.speedup}×`,
          row.xCache ?? "—",
        ]),
      ),
    );
    lines.push("");
  }
  if (results.cpu) {
    const rows = cpuRows(results);
    lines.push("## Worker CPU per request");
    lines.push("");
    lines.push(
      `One request at a time (bench/cpu.mjs): ${results.cpu.requests ?? "—"} sequential requests per route on a server without the inspector, as in production, then the profiles on one with it. ` +
        `Before any route is measured, the server has served every route in turn ${results.cpu.warmup?.rounds ?? "—"} times (its code compiled, as in an isolate that has served the site for a while); then each route's requests run in ${results.cpu.passes ?? "—"} blocks (after 5 of the route), the routes in turn in each pass, so every route's figures span the whole run. ` +
        "`CPU median`/`p99`: each request's CPU, read from the Worker's workerd threads' nanosecond clocks (/proc/…/task/…/schedstat; not the proxy's in front of it) around it, " +
        "minus the static file's median; in local mode it includes D1's SQLite, which in production runs outside the Worker. " +
        "They leave out the requests during which another isolate of the Worker's workerd process collected garbage and the Worker's did not (`left out`): Miniflare's entry Worker, wrangler's asset router and services, D1's and the cache's simulations, which run on the same thread in local mode and none of which runs on a Worker's CPU on Cloudflare. V8 reports each collection and its isolate (`--trace-gc-nvp`); the Worker's isolate is, of those that never collect during a request for the static file (which never reaches the Worker), the one with the biggest heap (bench/gc-trace.mjs, decision 111). The Worker's own collections stay counted, and a request that met one is always kept. `p99, every request`: the p99 with nothing left out. " +
        "`p99 95 % interval`: where the route's true p99 lies with 95 % confidence, from the order statistics of its kept requests (no assumption about their distribution; bench/report.mjs, `percentileInterval`): a p99 rests on a sample's few slowest requests, so it moves from run to run by about this much (decision 112). " +
        "The requests ask for no compression (`Accept-Encoding: identity`): Cloudflare's front line compresses a Worker's answer outside the Worker, and Miniflare's simulation of it runs on the same thread (decision 110). `main thread p99`: the same on workerd's main thread alone, where the isolates' JavaScript runs (V8's helper threads, concurrent garbage collection and compilation, left out), for reference. `process`: the same over all the requests from /proc/<pid>/stat (10 ms ticks), per request. " +
        `\`JS sampled\`: the JavaScript time V8's sampling profiler (through the inspector) saw in each of ${results.cpu.profiled ?? "—"} profiled requests, for reference: ` +
        "it overstates (wall time, and the isolate books its wait for the request to the first frames; decision 107). " +
        `The Workers free plan allows ${FREE_PLAN_CPU_MS} ms of CPU per request.`,
    );
    lines.push("");
    const floor = (results.cpu.routes ?? []).find((row) => row.baseline && row.cpuP99Ms != null);
    if (floor)
      lines.push(
        `The static file itself, measured the same way in the same passes: ${floor.cpuMedianMs} ms a request at the median, and its p99 ${floor.cpuP99Ms} ms above that` +
          (floor.allP99Ms != null && floor.leftOut != null
            ? ` (${floor.allP99Ms} ms over every request, ${floor.leftOut} left out). `
            : ". ") +
          "That tail is what any request can meet on this server whatever its route: a garbage collection, or workerd's own work and its local simulations of D1 and the cache, which run on the same thread (decisions 109, 111).",
        "",
      );
    const gc = results.cpu.gcAttribution;
    lines.push(
      gc
        ? `Garbage collections reported: ${gc.collections} in ${gc.isolates} isolates, ${gc.duringStatic} of which collected during static-file requests; ${gc.workerCollections} were the Worker's (its isolate: of those that never collected during a static-file request, the biggest heap); ${gc.others} isolates counted as others.`
        : "Garbage collections were not reported in this run (no `--trace-gc-nvp` output): nothing is left out.",
      "",
    );
    const warmup = results.cpu.warmup;
    if (warmup)
      lines.push(
        `A fresh isolate's first ${warmup.requests} requests (that warm-up, measured the same way): CPU median ${warmup.cpuMedianMs} ms, p99 ${warmup.cpuP99Ms} ms, max ${warmup.cpuMaxMs} ms. ` +
          "Cloudflare starts a new isolate with extra CPU time for exactly this (V8 compiling the code) and lets a request spend what earlier ones left unused (decision 109).",
        "",
      );
    if (rows.length === 0) lines.push(`Not measured: ${results.cpu.note || "no route"}.`);
    else
      lines.push(
        table(
          [
            "Route",
            "CPU median ms",
            "CPU p99 ms",
            "p99 95 % interval ms",
            "left out",
            "p99, every request ms",
            "main thread p99 ms",
            "process ms",
            "JS sampled median / p99 ms",
            "GC share",
            `under ${FREE_PLAN_CPU_MS} ms (p99)`,
          ],
          rows.map((row) => [
            row.name,
            row.cpuMedianMs,
            row.cpuP99Ms,
            intervalText(row.cpuP99Interval),
            row.leftOut,
            row.allP99Ms,
            row.mainP99Ms,
            row.procMs,
            row.sampledMedianMs == null ? null : `${row.sampledMedianMs} / ${row.sampledP99Ms}`,
            row.gcShare == null ? null : pct(row.gcShare),
            row.cpuP99Ms == null ? null : row.cpuP99Ms <= FREE_PLAN_CPU_MS ? "yes" : "**no**",
          ]),
        ),
      );
    lines.push("");
    const slowest = slowestCpuRows(rows);
    if (slowest.length > 0) {
      lines.push("### Where the time goes: the three slowest routes");
      lines.push("");
      lines.push(
        "Top functions by self time over all profiled requests of the route (ms per request, share of the sampled JavaScript), " +
          "file and line in the built Worker (build/server/index.js) or the runtime.",
      );
      lines.push("");
      for (const row of slowest) {
        lines.push(`**${row.name}** (CPU median ${row.cpuMedianMs} ms)`, "");
        lines.push(
          table(
            ["Function", "ms / request", "share"],
            (row.top ?? []).map((item) => [item.name, item.ms, pct(item.share)]),
          ),
        );
        lines.push("");
      }
    }
  }
  if (results.scale) {
    const s = results.scale;
    lines.push(`## Growth: ${fmtInt(o.rows)} rows against ${fmtInt(s.compareRows)} rows`);
    lines.push("");
    if (s.note) lines.push(s.note, "");
    lines.push(
      `The same routes against a second database of ${fmtInt(s.compareRows)} articles, measured after the main run with its own static baseline (${s.baselineRps ?? "—"} req/s). ` +
        "`kept` = ratio at the large size / ratio at the small size (1 = no loss).",
    );
    lines.push("");
    lines.push(
      table(
        [
          "Route",
          `ratio at ${fmtInt(o.rows)}`,
          `ratio at ${fmtInt(s.compareRows)}`,
          `req/s at ${fmtInt(s.compareRows)}`,
          `p50 ms at ${fmtInt(s.compareRows)}`,
          "kept",
        ],
        s.routes.map((row) => [
          row.name,
          row.largeRatio,
          row.smallRatio,
          row.smallRps,
          row.smallP50,
          row.retention == null ? row.note : pct(row.retention),
        ]),
      ),
    );
    lines.push("");
  }
  lines.push("## Page weight");
  lines.push("");
  lines.push(
    "JS and CSS are what a first visit loads, gzipped (level 9), each file counted once. JS: the Remix client entry and its imports plus every matched route's module and " +
      "static imports, from the Remix build manifest (build/client/assets/manifest-*.js; the matched routes are read from the page's own module script). " +
      "CSS: the stylesheets the page links (the routes' `links` exports) plus any the manifest lists. " +
      "`preloads match` checks the manifest's JS list against the page's `<link rel=modulepreload>` tags. HTML as served, before compression, and gzipped.",
  );
  lines.push("");
  lines.push(
    table(
      ["Page", "HTML", "HTML gzip", "JS gzip", "JS files", "CSS gzip", "CSS files", "preloads match"],
      results.pages.map((page) =>
        page.htmlBytes == null
          ? [page.name, page.note || "missing", null, null, null, null, null, null]
          : [
              page.name,
              kb(page.htmlBytes),
              kb(page.htmlGzip),
              kb(page.jsGzip),
              page.jsFiles,
              kb(page.cssGzip),
              page.cssFiles,
              page.preloadsMatch ? "yes" : `no (${page.preloadNote})`,
            ],
      ),
    ),
  );
  lines.push("");
  if (results.images) {
    const sorted = [...results.images.items].sort((a, b) => b.bytes - a.bytes);
    lines.push(
      `Home page images (${sorted.length}: every \`src\`/\`srcset\` candidate and CSS \`url()\`, bytes as served), largest first:`,
    );
    lines.push("");
    lines.push(
      table(
        ["Image", "Bytes"],
        sorted.slice(0, 8).map((image) => [image.url, kb(image.bytes)]),
      ),
    );
    if (sorted.length > 8)
      lines.push(
        "",
        `…and ${sorted.length - 8} smaller ones (all ${sorted.length}: ${kb(sorted.reduce((sum, image) => sum + image.bytes, 0))}).`,
      );
    if (results.images.note) lines.push("", results.images.note);
    lines.push("");
  }
  lines.push("## Lighthouse (mobile)");
  lines.push("");
  lines.push(
    "Lighthouse 12 with its default mobile settings (emulated Moto G Power, simulated slow 4G, 4× CPU slowdown) driving Debian Chromium headless, " +
      "against the local server (plain HTTP on 127.0.0.1, no CDN). Reports: bench/out/lighthouse-*.html (not committed).",
  );
  lines.push("");
  lines.push(
    table(
      ["Page", "Performance", "Accessibility", "Best practices", "SEO", "Audits below 100"],
      results.lighthouse.map((run) =>
        run.scores
          ? [
              run.name,
              run.scores.performance,
              run.scores.accessibility,
              run.scores.bestPractices,
              run.scores.seo,
              run.failing?.join("; ") || "",
            ]
          : [run.name, null, null, null, null, run.note],
      ),
    ),
  );
  lines.push("");
  lines.push("## Query plans");
  lines.push("");
  lines.push(
    `\`EXPLAIN QUERY PLAN\` on the bench database (${fmtInt(results.seed.articles)} articles), through \`wrangler d1 execute --local\`.`,
  );
  lines.push("");
  for (const plan of results.queryPlans) {
    lines.push(
      `**${plan.name}**`,
      "",
      "```sql",
      plan.sql,
      "```",
      "",
      "```",
      ...(plan.plan.length ? plan.plan : [plan.error ?? "(no plan)"]),
      "```",
      "",
    );
  }
  lines.push("## Run");
  lines.push("");
  lines.push(
    table(
      ["Phase", "Seconds"],
      results.phases.map((phase) => [phase.name, phase.seconds]),
    ),
  );
  lines.push("");
  lines.push(`Total: ${round(results.durationSeconds)} s (budget: 10 minutes). Command: \`${results.command}\`.`);
  lines.push("");
  return lines.join("\n");
}

/** The console summary printed at the end of a run. */
export function renderConsole(results) {
  const headers = ["route", "status", "req/s", "p50 ms", "p99 ms", "non2xx", "ratio"];
  const rows = results.routes.map((route) => [
    route.name,
    route.status,
    route.rps ?? "—",
    route.p50 ?? "—",
    route.p99 ?? "—",
    route.non2xx ?? "—",
    route.baseline ? "1" : (route.ratio ?? "—"),
  ]);
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => String(row[index]).length)),
  );
  const line = (row) =>
    row
      .map((value, index) => (index < 2 ? String(value).padEnd(widths[index]) : String(value).padStart(widths[index])))
      .join("  ");
  const out = [line(headers), ...rows.map(line), ""];
  out.push("Targets:");
  for (const t of results.targets)
    out.push(`  ${mark(t.met).padEnd(16)} ${t.target}: ${t.value}${t.note ? ` (${t.note})` : ""}`);
  return out.join("\n");
}
