import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isMainThread } from "node:worker_threads";
import { mergeCpuRows, summarizeProfile, threadsCpuNs, threadsCpuSplitNs } from "./cpu.mjs";
import {
  cpuRows,
  edgeCacheRows,
  FREE_PLAN_CPU_MS,
  slowestCpuRows,
  TARGETS,
  bracketedBaseline,
  evaluateTargets,
  latencySummary,
  lighthouseScores,
  manifestAssets,
  intervalText,
  percentile,
  percentileInterval,
  ratio,
  renderConsole,
  renderMarkdown,
  scaleRetention,
  statusTally,
  sumSizes,
  throughput,
} from "./report.mjs";
import { benchSeedSql } from "./seed-bench.mjs";
import { imageUrls, matchedRouteIds } from "./weights.mjs";

// 1..100 shuffled: the nearest-rank percentile of 1..100 is p itself.
const ONE_TO_HUNDRED = Array.from({ length: 100 }, (_, index) => ((index * 37) % 100) + 1);

describe("percentile (nearest rank)", () => {
  it("reads percentiles from a fixed sample, sorted or not", () => {
    expect(percentile(ONE_TO_HUNDRED, 50)).toBe(50);
    expect(percentile(ONE_TO_HUNDRED, 99)).toBe(99);
    expect(percentile(ONE_TO_HUNDRED, 100)).toBe(100);
    expect(percentile(ONE_TO_HUNDRED, 1)).toBe(1);
    expect(percentile(ONE_TO_HUNDRED, 0.5)).toBe(1);
  });

  it("takes the smallest value with at least p% of the sample at or below it", () => {
    const sample = [12, 3, 7, 5, 9]; // sorted: 3 5 7 9 12
    expect(percentile(sample, 50)).toBe(7); // rank ceil(2.5) = 3
    expect(percentile(sample, 60)).toBe(7); // rank 3
    expect(percentile(sample, 61)).toBe(9); // rank ceil(3.05) = 4
    expect(percentile(sample, 99)).toBe(12);
    expect(percentile([4.2], 50)).toBe(4.2);
  });

  it("compares numbers as numbers, not as strings", () => {
    expect(percentile([100, 9, 20], 50)).toBe(20);
  });

  it("has no percentile for an empty sample and refuses a p outside (0, 100]", () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("gives a percentile's 95 % interval from the order statistics the binomial law picks", () => {
    const ranks = (n: number, p: number) => {
      // Shuffled 1..n: each value is its own rank.
      const sample = Array.from({ length: n }, (_, index) => ((index * 7919) % n) + 1);
      return percentileInterval(sample, p);
    };
    // Checked against the exact binomial sums (Python's math.comb).
    expect(ranks(20, 50)).toEqual({ low: 6, high: 15 });
    expect(ranks(1000, 50)).toEqual({ low: 469, high: 532 });
    expect(ranks(500, 99)).toEqual({ low: 490, high: 500 });
    expect(ranks(1000, 99)).toEqual({ low: 983, high: 997 });
    // 100 requests cannot bound a p99 from above: even their maximum is below it 37 % of the time.
    expect(ranks(100, 99)).toEqual({ low: 97, high: null });
    expect(percentileInterval([], 99)).toBeNull();
    expect(() => percentileInterval([1], 100)).toThrow(RangeError);
    expect(() => percentileInterval([1], 50, 1)).toThrow(RangeError);
    expect(intervalText({ low: 6.1, high: 9.8 })).toBe("6.1–9.8");
    expect(intervalText({ low: 6.1, high: null })).toBe("≥ 6.1");
  });

  it("holds the true p99 in at least 95 % of samples, and not in nearly all of them", () => {
    // A fixed-seed generator (mulberry32), so the test reads the same draws every time.
    let seed = 12345;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    // Exponential draws (a long tail, like request times): the true p99 is ln(100).
    const trueP99 = Math.log(100);
    let held = 0;
    const trials = 2000;
    for (let trial = 0; trial < trials; trial++) {
      const sample = Array.from({ length: 1000 }, () => -Math.log(1 - random()));
      const interval = percentileInterval(sample, 99)!;
      if (interval.low! <= trueP99 && trueP99 <= interval.high!) held++;
    }
    expect(held / trials).toBeGreaterThanOrEqual(0.94);
    expect(held / trials).toBeLessThanOrEqual(0.985);
  });

  it("summarises latencies as p50, p99 and mean, rounded to 0.1 ms", () => {
    const sample = [...Array(98).fill(2), 50.04, 400];
    expect(latencySummary(sample)).toEqual({ p50: 2, p99: 50, mean: round1((98 * 2 + 50.04 + 400) / 100), count: 100 });
    expect(latencySummary([])).toEqual({ p50: null, p99: null, mean: null, count: 0 });
  });
});

const round1 = (value: number) => Math.round(value * 10) / 10;

describe("throughput and ratios", () => {
  it("divides completed requests by the measured seconds", () => {
    expect(throughput(12_345, 5)).toBe(2469);
    expect(throughput(10, 3)).toBe(3.3);
    expect(throughput(10, 0)).toBeNull();
  });

  it("gives a route's throughput as a share of the static baseline", () => {
    expect(ratio(1000, 3000)).toBe(0.333);
    expect(ratio(1500, 3000)).toBe(0.5);
    expect(ratio(null, 3000)).toBeNull();
    expect(ratio(10, 0)).toBeNull();
  });

  it("compares growth by the ratios of two runs, so the machine's drift cancels out", () => {
    // At 100k rows: 900 req/s against a 3000 req/s baseline (30%); at 1k rows: 500 against 1500 (33.3%).
    expect(scaleRetention({ rps: 900, baselineRps: 3000 }, { rps: 500, baselineRps: 1500 })).toBe(0.9);
    // The machine twice as fast in the second run: same shares, nothing lost.
    expect(scaleRetention({ rps: 400, baselineRps: 2000 }, { rps: 800, baselineRps: 4000 })).toBe(1);
    expect(scaleRetention({ rps: 400, baselineRps: 2000 }, { rps: null, baselineRps: 4000 })).toBeNull();
  });

  it("divides each route by the mean of the baseline runs around it", () => {
    const runs = [800, 1000, 600];
    expect(bracketedBaseline(runs, 0)).toBe(900);
    expect(bracketedBaseline(runs, 1)).toBe(800);
    expect(bracketedBaseline(runs, 2)).toBe(600); // after the last run: that run alone
    expect(bracketedBaseline(runs, 3)).toBeNull();
  });

  it("tallies statuses: non-2xx and unexpected are different things", () => {
    expect(statusTally({ 303: 40, 429: 2 }, 303)).toEqual({ total: 42, ok: 40, non2xx: 42, unexpected: 2 });
    expect(statusTally({ 200: 10, 204: 5 }, [200, 204])).toEqual({ total: 15, ok: 15, non2xx: 0, unexpected: 0 });
    expect(statusTally({ 200: 7, 500: 1 }, 200)).toEqual({ total: 8, ok: 7, non2xx: 1, unexpected: 1 });
  });
});

describe("page weight from the build manifest", () => {
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js", "/assets/components.js"], css: [] },
    routes: {
      root: {
        id: "root",
        module: "/assets/root.js",
        imports: ["/assets/react.js", "/assets/firm.js"],
        css: ["/assets/root.css"],
      },
      "routes/blogs": {
        id: "routes/blogs",
        module: "/assets/blogs.js",
        imports: ["/assets/firm.js", "/assets/card.js"],
      },
    },
  };

  it("lists the entry, its imports and each matched route's module and imports, each file once", () => {
    expect(manifestAssets(manifest, ["root", "routes/blogs"])).toEqual({
      js: [
        "/assets/entry.js",
        "/assets/react.js",
        "/assets/components.js",
        "/assets/root.js",
        "/assets/firm.js",
        "/assets/blogs.js",
        "/assets/card.js",
      ],
      css: ["/assets/root.css"],
    });
    expect(() => manifestAssets(manifest, ["routes/nope"])).toThrow(/not in the build manifest/);
  });

  it("sums gzipped sizes, counting a file listed twice once", () => {
    const contents: Record<string, string> = { "/a.js": "a".repeat(5000), "/b.js": "const b = 1;\n".repeat(40) };
    const gz = (file: string) => gzipSync(contents[file]!, { level: 9 }).length;
    expect(sumSizes(["/a.js", "/b.js", "/a.js"], gz)).toBe(gz("/a.js") + gz("/b.js"));
    expect(sumSizes(["/a.js", "/b.js"], gz)).toBeLessThan(5000 + 520);
    expect(sumSizes([], gz)).toBe(0);
  });

  it("reads the matched routes from the page's module script", () => {
    const html = `<script type="module">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/blogs.js";</script>`;
    expect(matchedRouteIds(html, manifest)).toEqual(["root", "routes/blogs"]);
  });

  it("finds every image a page references", () => {
    const html =
      '<picture><source type="image/webp" srcSet="/images/hero.webp 1x, /images/hero@2x.webp 2x"/><img src="/images/hero.jpg" alt=""/></picture>' +
      '<img src="data:image/gif;base64,R0lGOD" alt=""/><link rel="preload" as="image" href="/images/lcp.webp"/>';
    expect(imageUrls(html).sort()).toEqual([
      "/images/hero.jpg",
      "/images/hero.webp",
      "/images/hero@2x.webp",
      "/images/lcp.webp",
    ]);
  });
});

describe("Lighthouse scores", () => {
  it("turns 0..1 category scores into whole numbers", () => {
    expect(
      lighthouseScores({
        performance: { score: 0.956 },
        accessibility: { score: 1 },
        "best-practices": { score: 0.78 },
        seo: { score: null },
      }),
    ).toEqual({
      performance: 96,
      accessibility: 100,
      bestPractices: 78,
      seo: null,
    });
  });
});

describe("targets", () => {
  const route = (id: string, extra: Record<string, unknown>) => ({
    id,
    name: id,
    method: "GET",
    path: `/${id}`,
    status: "ok",
    note: "",
    ...extra,
  });
  const results = {
    options: { rows: 1000, connections: 10, durationSeconds: 5, warmupSeconds: 1 },
    routes: [
      route("static", { baseline: true, rps: 3000, p50: 3, p99: 9, ratio: null }),
      route("home", { rps: 1200, p50: 8, p99: 20, ratio: 0.4 }),
      route("blogs", { rps: 600, p50: 15, p99: 40, ratio: 0.2 }),
      route("api-blogs", { readReference: true, rps: 900, p50: 10, p99: 30, ratio: 0.3 }),
      route("consultation-api", { write: true, rps: 300, p50: 25, p99: 60, ratio: 0.1 }),
      route("quiz-answer-save", {
        write: true,
        status: "missing",
        note: "POST /api/quiz/seed-quiz-1/start answered 404",
        rps: null,
        p50: null,
      }),
    ],
    pages: [
      { id: "home", name: "Home", htmlBytes: 38_000, htmlGzip: 9_000, jsGzip: 95 * 1024 },
      { id: "blogs", name: "Blogs", htmlBytes: 20_000, htmlGzip: 5_000, jsGzip: 60 * 1024 },
    ],
    images: {
      items: [
        { url: "/images/hero.jpg", bytes: 12_000 },
        { url: "/images/big.jpg", bytes: 250 * 1024 },
      ],
    },
    lighthouse: [
      { name: "Home", scores: { performance: 97, accessibility: 100, bestPractices: 100, seo: 100 } },
      { name: "Blogs", scores: { performance: 97, accessibility: 96, bestPractices: 100, seo: 100 } },
      { name: "Article page", scores: null, note: "not run: the page is missing" },
    ],
    scale: null,
  };
  const targets = evaluateTargets(results);
  const find = (text: string) => targets.filter((t: { target: string }) => t.target.includes(text));

  it("marks each target met, missed or not measured", () => {
    expect(find("home at 1000 rows")[0]).toMatchObject({ value: "40%", met: true });
    expect(find("blogs at 1000 rows")[0]).toMatchObject({ value: "20%", met: false });
    expect(find("Home: gzipped JS")[0]).toMatchObject({ met: false, value: "95 KB" });
    expect(find("Blogs: gzipped JS")[0]).toMatchObject({ met: true });
    expect(find("No image over")[0]).toMatchObject({ met: false });
    expect(find("Home page HTML")[0]).toMatchObject({ met: true, value: "8.8 KB" });
    expect(find("Lighthouse Home")[0]).toMatchObject({ met: true });
    expect(find("Lighthouse Blogs")[0]).toMatchObject({ met: false, value: "97 / 96 / 100 / 100" });
    expect(find("Lighthouse Article")[0]).toMatchObject({ met: null });
  });

  it("holds issue 21's throughput targets by group, and the home page to 70 KB of JavaScript", () => {
    expect(find("home: throughput ≥ 50% of the static baseline")[0]).toMatchObject({
      value: "40%",
      met: false,
    });
    expect(find("api-blogs: throughput ≥ 33% of the static baseline")[0]).toMatchObject({
      value: "30%",
      met: false,
    });
    expect(find("about-render: throughput ≥ 25%")[0]).toMatchObject({ met: null, note: "not measured" });
    expect(find("quiz-answer-save: throughput ≥ 20%")[0]).toMatchObject({ met: null });
    const better = evaluateTargets({
      ...results,
      routes: results.routes.map((item) =>
        item.id === "home" ? { ...item, ratio: 0.55 } : item.id === "api-blogs" ? { ...item, ratio: 0.34 } : item,
      ),
      pages: [{ id: "home", name: "Home", htmlBytes: 30_000, htmlGzip: 7_000, jsGzip: 71 * 1024 }],
    });
    const pick = (text: string) => better.find((t: { target: string }) => t.target.includes(text));
    expect(pick("home: throughput")).toMatchObject({ value: "55%", met: true });
    expect(pick("api-blogs: throughput")).toMatchObject({ met: true });
    expect(pick("Home: gzipped JS ≤ 70 KB")).toMatchObject({ value: "71 KB", met: false });
  });

  it("compares write p50 with the plain D1-backed GET", () => {
    expect(find("consultation-api: p50")[0]).toMatchObject({ met: true, value: expect.stringMatching(/^2\.5×/) });
    expect(find("quiz-answer-save: p50")[0]).toMatchObject({ met: null, note: expect.stringContaining("missing") });
  });

  it("reports growth as not measured without a large run, and judges it when there is one", () => {
    expect(find("within 20%").every((t: { met: unknown }) => t.met === null)).toBe(true);
    const large = evaluateTargets({
      ...results,
      options: { ...results.options, rows: 100_000 },
      scale: {
        compareRows: 1000,
        routes: [
          { id: "home", smallRatio: 0.5, retention: 0.95 },
          { id: "blogs", smallRatio: 0.3, retention: 0.85 },
          { id: "blogs-render", smallRatio: 0.3, retention: 0.85 },
          { id: "blogs-page-50", smallRatio: 0.3, retention: 0.7 },
          { id: "api-blogs", smallRatio: 0.4, retention: null, note: "not comparable" },
        ],
      },
    });
    const pick = (text: string) => large.find((t: { target: string }) => t.target.includes(text));
    expect(pick("blogs-render at 100,000 rows within 20%")).toMatchObject({ met: true, value: "85% kept" });
    expect(pick("blogs-page-50 at 100,000 rows")).toMatchObject({ met: false });
    expect(pick("api-blogs at 100,000 rows")).toMatchObject({ met: null });
    // The 1000-row throughput targets come from the growth run's small database.
    expect(pick("home at 1000 rows")).toMatchObject({ value: "50%", met: TARGETS.minRatioToBaseline <= 0.5 });
  });

  it("renders the tables with every route, its status and the targets", () => {
    const full = {
      ...results,
      targets,
      finishedAt: "2026-11-22T00:00:00.000Z",
      durationSeconds: 200,
      git: { commit: "abc1234", dirty: false },
      machine: { cpus: 2, node: "20.20.2" },
      seed: { articles: 1000, pendingArticles: 50, quizzes: 10, questionsPerQuiz: 10, seconds: 12 },
      queryPlans: [
        {
          name: "list",
          sql: "select 1",
          plan: ["SEARCH articles USING INDEX articles_public_idx (status=? AND published_at<?)"],
        },
      ],
      phases: [{ name: "Load", seconds: 90 }],
      command: "npm run bench",
    };
    const markdown = renderMarkdown(full);
    expect(markdown).toContain(
      "| quiz-answer-save | GET /quiz-answer-save | **missing**: POST /api/quiz/seed-quiz-1/start answered 404 |",
    );
    expect(markdown).toContain("| home | GET /home | ok | 1200 | 8 | 20 | — | — | 0.4 |");
    expect(markdown).toContain("❌ missed");
    expect(markdown).toContain("SEARCH articles USING INDEX articles_public_idx");
    expect(renderConsole(full)).toMatch(/quiz-answer-save\s+missing/);
  });
});

describe("bench seed SQL", () => {
  it("generates the rows in chunks of 10,000 inside SQLite", () => {
    const statements = benchSeedSql({ rows: 25_000, quizzes: 30, now: 1_800_000_000_000 });
    // 3 article chunks, 1 pending chunk (1250 rows), the quizzes and their questions.
    expect(statements).toHaveLength(6);
    expect(statements[0]).toContain("SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10000");
    expect(statements[2]).toContain("SELECT 20001 UNION ALL SELECT n + 1 FROM seq WHERE n < 25000");
    expect(statements[3]).toContain("'pending'");
    expect(statements.every((sql) => sql.length < 100_000)).toBe(true); // D1's statement size limit
  });
});

describe("edge cache comparison", () => {
  it("pairs each cached page with its rendered twin: ratios to the static file and the speed-up", () => {
    const rows = edgeCacheRows([
      { id: "home", name: "Home (edge cache warm)", rps: 900, ratio: 0.6, edgeCache: "HIT" },
      { id: "home-render", name: "Home (rendered)", rps: 150, ratio: 0.1 },
      { id: "api-blogs", name: "GET /api/blogs", rps: 400, ratio: 0.3 },
    ]);
    expect(rows).toEqual([{ id: "home", name: "Home", warmRatio: 0.6, renderedRatio: 0.1, speedup: 6, xCache: "HIT" }]);
  });
});

describe("CPU per request", () => {
  const baseResults = {
    options: { rows: 1000, connections: 10, durationSeconds: 5, warmupSeconds: 1 },
    routes: [],
    pages: [],
    images: null,
    lighthouse: [],
    scale: null,
  };
  const cpu = {
    requests: 100,
    profiled: 30,
    note: "",
    routes: [
      { id: "static", name: "Static", baseline: true, procMs: 0.4, status: 200 },
      {
        id: "home-render",
        name: "Home (rendered)",
        procMs: 9.5,
        cpuMedianMs: 7.1,
        cpuP99Ms: 11.3,
        cpuP99Interval: { low: 9.2, high: 14.1 },
        // Over every request, with the 12 that met only another isolate's collection (decision 111).
        allP99Ms: 13.4,
        leftOut: 12,
        mainP99Ms: 7.4,
        sampledMedianMs: 6.2,
        sampledP99Ms: 12.4,
        gcShare: 0.04,
        top: [{ name: "renderToReadableStream (index.js:10)", ms: 1.9, share: 0.31 }],
      },
      {
        id: "about-render",
        name: "About (rendered)",
        procMs: 4,
        cpuMedianMs: 3.9,
        cpuP99Ms: 8.2,
        // The profiler's samples overstate (decision 107): the targets read the CPU figures.
        sampledMedianMs: 5.5,
        sampledP99Ms: 14.8,
        top: [],
      },
      {
        id: "home",
        name: "Home (edge cache warm)",
        procMs: 0.8,
        cpuMedianMs: 0.9,
        cpuP99Ms: 1.5,
        sampledMedianMs: 0.7,
        sampledP99Ms: 1.1,
        top: [],
      },
      {
        id: "api-blogs",
        name: "GET /api/blogs",
        procMs: 3,
        cpuMedianMs: 2.8,
        cpuP99Ms: 4.4,
        sampledMedianMs: 2.5,
        sampledP99Ms: 4,
        top: [],
      },
    ],
  };

  it("reads the JavaScript time and self time per function from a V8 profile, idle left out", () => {
    const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(idle)") },
        { id: 2, callFrame: frame("render", "file:///build/server/index.js", 41) },
        { id: 3, callFrame: frame("(garbage collector)") },
      ],
      // timeDeltas[i + 1] is the time sample i stood for.
      samples: [2, 2, 1, 3, 2],
      timeDeltas: [0, 100, 100, 5000, 200, 100],
    };
    const selfTimes = new Map<string, number>();
    const { busyMs } = summarizeProfile(profile, selfTimes);
    expect(busyMs).toBe(0.5); // 100 + 100 + 200 + 100 µs; the 5000 µs idle sample is not counted
    expect(selfTimes.get("render (index.js:42)")).toBe(300);
    expect(selfTimes.get("(garbage collector)")).toBe(200);
    expect(selfTimes.has("(idle)")).toBe(false);
  });

  it("reads a process's CPU in nanoseconds from its threads' clocks", () => {
    const before = threadsCpuNs([process.pid]);
    const until = performance.now() + 30;
    while (performance.now() < until) Math.sqrt(Math.random());
    const spentMs = (threadsCpuNs([process.pid]) - before) / 1e6;
    // 30 ms of work on this thread; the machine may hold it off the CPU, never count it twice.
    expect(spentMs).toBeGreaterThan(5);
    expect(spentMs).toBeLessThan(500);
    expect(threadsCpuNs([2 ** 22 + 1])).toBe(0); // no such process
  });

  it("reads the main thread's share apart", () => {
    const before = threadsCpuSplitNs([process.pid]);
    const until = performance.now() + 30;
    while (performance.now() < until) Math.sqrt(Math.random());
    const after = threadsCpuSplitNs([process.pid]);
    const mainMs = (after.main - before.main) / 1e6;
    expect(after.main).toBeLessThanOrEqual(after.total);
    // This test runs on the process's main thread in a forked worker, on another thread in a threads pool.
    if (isMainThread) expect(mainMs).toBeGreaterThan(5);
    else expect(mainMs).toBeLessThan((after.total - before.total) / 1e6);
  });

  it("takes the CPU figures from the plain server and the profiles from the inspected one", () => {
    const measured = [
      { id: "static", name: "Static", baseline: true, procMs: 0.4, cpuMedianMs: 0.8, status: 200 },
      { id: "about", name: "About", status: 200, procMs: 4, cpuMedianMs: 3.9, cpuP99Ms: 8.2 },
      { id: "gone", name: "Not profiled", status: 200, procMs: 2, cpuMedianMs: 1.9, cpuP99Ms: 3 },
    ];
    const profiled = [
      { id: "static", name: "Static", baseline: true, status: 200 },
      { id: "about", name: "About", status: 200, sampledMedianMs: 5.5, sampledP99Ms: 14.8, top: [], gcShare: 0.1 },
    ];
    expect(mergeCpuRows(measured, profiled)).toEqual([
      measured[0],
      { ...measured[1], sampledMedianMs: 5.5, sampledP99Ms: 14.8, top: [], gcShare: 0.1 },
      measured[2],
    ]);
  });

  it("marks rendered pages and holds them to the median and p99 targets", () => {
    const rows = cpuRows({ cpu } as never);
    expect(rows.map((row: { id: string; rendered: boolean }) => [row.id, row.rendered])).toEqual([
      ["home-render", true],
      ["about-render", true],
      ["home", false],
      ["api-blogs", false],
    ]);
    expect(slowestCpuRows(rows, 2).map((row: { id: string }) => row.id)).toEqual(["home-render", "about-render"]);
    const targets = evaluateTargets({ ...baseResults, cpu });
    const pick = (text: string) => targets.find((t: { target: string }) => t.target.startsWith(text));
    expect(pick("Home (rendered): Worker CPU")).toMatchObject({
      value: "7.1 / 11.3 ms, p99's 95 % interval 9.2–14.1 ms (p99 13.4 ms over every request, 12 left out)",
      met: false,
    });
    expect(pick("About (rendered): Worker CPU")).toMatchObject({ value: "3.9 / 8.2 ms", met: true });
    expect(targets.some((t: { target: string }) => t.target.startsWith("GET /api/blogs: Worker CPU"))).toBe(false);
  });

  /** The whole report of a run whose CPU phase measured `cpuResults`. */
  const cpuReport = (cpuResults: unknown) =>
    renderMarkdown({
      ...baseResults,
      cpu: cpuResults,
      targets: [],
      finishedAt: "2026-11-26T00:00:00.000Z",
      durationSeconds: 200,
      git: { commit: "abc1234", dirty: false },
      machine: { cpus: 2, node: "20.20.2" },
      seed: { articles: 1000, pendingArticles: 50, quizzes: 10, questionsPerQuiz: 10, seconds: 12 },
      queryPlans: [],
      phases: [],
      command: "npm run bench",
    });

  it("reports the table with the free plan's line and the slowest routes' top functions", () => {
    const markdown = cpuReport(cpu);
    expect(markdown).toContain("## Worker CPU per request");
    expect(markdown).toContain(`allows ${FREE_PLAN_CPU_MS} ms of CPU per request`);
    expect(markdown).toContain(
      "| Route | CPU median ms | CPU p99 ms | p99 95 % interval ms | left out | p99, every request ms | main thread p99 ms |",
    );
    expect(markdown).toContain(
      "| Home (rendered) | 7.1 | 11.3 | 9.2–14.1 | 12 | 13.4 | 7.4 | 9.5 | 6.2 / 12.4 | 4% | **no** |",
    );
    expect(markdown).toContain("| About (rendered) | 3.9 | 8.2 | — | — | — | — | 4 | 5.5 / 14.8 | — | yes |");
    // Without V8's reports, the text says nothing was left out.
    expect(markdown).toContain("Garbage collections were not reported in this run");
    expect(markdown).toContain("| renderToReadableStream (index.js:10) | 1.9 | 31% |");
    expect(markdown).not.toContain("A fresh isolate's first");
  });

  it("reports the fresh isolate's warm-up apart from the routes' figures", () => {
    const markdown = cpuReport({
      ...cpu,
      passes: 5,
      warmup: { requests: 700, rounds: 50, cpuMedianMs: 1.2, cpuP99Ms: 14.5, cpuMaxMs: 40.1 },
    });
    expect(markdown).toContain("served every route in turn 50 times");
    expect(markdown).toContain("each route's requests run in 5 blocks");
    expect(markdown).toContain(
      "A fresh isolate's first 700 requests (that warm-up, measured the same way): CPU median 1.2 ms, p99 14.5 ms, max 40.1 ms.",
    );
    expect(markdown).not.toContain("The static file itself");
  });

  it("reports the static file's own tail beside the routes", () => {
    const withFloor = {
      ...cpu,
      routes: [
        { id: "static", name: "Static", baseline: true, status: 200, procMs: 1.5, cpuMedianMs: 1.4, cpuP99Ms: 4.8 },
        ...cpu.routes,
      ],
    };
    const markdown = cpuReport(withFloor);
    expect(markdown).toContain(
      "The static file itself, measured the same way in the same passes: 1.4 ms a request at the median, and its p99 4.8 ms above that.",
    );
    expect(markdown).not.toMatch(/^\| Static \|/m);
  });

  it("says which collections were reported and whose, and the static file's tail over every request", () => {
    const markdown = cpuReport({
      ...cpu,
      gcAttribution: { collections: 463, isolates: 12, duringStatic: 7, workerCollections: 69, others: 11 },
      routes: [
        {
          id: "static",
          name: "Static",
          baseline: true,
          status: 200,
          procMs: 1.5,
          cpuMedianMs: 1.4,
          cpuP99Ms: 2.1,
          allP99Ms: 4.8,
          leftOut: 17,
        },
        ...cpu.routes,
      ],
    });
    expect(markdown).toContain(
      "Garbage collections reported: 463 in 12 isolates, 7 of which collected during static-file requests; 69 were the Worker's",
    );
    expect(markdown).toContain("11 isolates counted as others.");
    expect(markdown).toContain("its p99 2.1 ms above that (4.8 ms over every request, 17 left out).");
    expect(markdown).not.toContain("were not reported");
  });

  it("says why when nothing was measured", () => {
    const targets = evaluateTargets({ ...baseResults, cpu: { routes: [], note: "skipped (--no-cpu)" } });
    expect(targets.find((t: { target: string }) => t.target === "Worker CPU per rendered page")).toMatchObject({
      met: null,
      note: "skipped (--no-cpu)",
    });
  });
});
