// `npm run bench [-- --rows 1000] [--quizzes N] [--quick] [--compare-rows N] [--no-lighthouse] [--skip-build]`
//
// Builds the production bundle, prepares a bench database of its own
// (.wrangler/bench-<rows>: migrations, the demo seed, bench/seed-bench.mjs),
// prints the list queries' plans, starts the build on workerd (scripts/serve.mjs,
// 127.0.0.1:8796), then route by route from bench/routes.mjs: probes it, warms
// it up and drives it with autocannon; weighs the public pages; runs
// Lighthouse; with --rows above --compare-rows (default 1000) measures the
// list routes again against a small database. Writes bench/results.json and
// bench/RESULTS.md (with --lighthouse-all: bench/results-lighthouse.json and
// bench/RESULTS-lighthouse.md; with --rows other than 1000: bench/results-<rows>.json and
// bench/RESULTS-<rows>.md) and prints the table. Everything it starts is stopped at
// the end, on error, when the 10-minute budget runs out and on Ctrl+C.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve as resolvePath } from "node:path";
import { cpus } from "node:os";
import { clearTimeout, setTimeout } from "node:timers";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { measureCpu, mergeCpuRows } from "./cpu.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { exec, onCleanup, portAnswers, startDetached, stopAll, waitForHttp } from "./processes.mjs";
import {
  bracketedBaseline,
  evaluateTargets,
  latencySummary,
  ratio,
  renderConsole,
  renderMarkdown,
  round,
  scaleRetention,
  statusTally,
  throughput,
} from "./report.mjs";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, EXPLAIN_QUERIES, ROUTES } from "./routes.mjs";
import { benchArticleSlug, defaultQuizzes, seedBench } from "./seed-bench.mjs";
import { imageUrls, pageWeight, readRemixManifest } from "./weights.mjs";
/* global AbortSignal */

const TIME_BUDGET_MS = (process.argv.includes("--lighthouse-all") ? 30 : 10) * 60_000;
const OUT = "bench/out";
const LOG = `${OUT}/bench.log`;
/** workerd's output during the CPU phase, V8's garbage-collection reports among it (decision 111). */
const GC_LOG = `${OUT}/gc-trace.log`;
const bin = (name) => `node_modules/.bin/${name}`;
const PLACEHOLDER_TEXT = "This page is being prepared";
// The CPU phase measures each route in this many blocks spread over the run (bench/cpu.mjs).
const CPU_PASSES = 5;

/* ------------------------------------------------------------------ options */

const { values: flags } = parseArgs({
  options: {
    rows: { type: "string", default: "1000" },
    quizzes: { type: "string" },
    quick: { type: "boolean", default: false },
    "compare-rows": { type: "string" },
    connections: { type: "string", default: "10" },
    duration: { type: "string" },
    port: { type: "string", default: process.env.BENCH_PORT || "8796" },
    "inspector-port": { type: "string" },
    "no-cpu": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    "lighthouse-all": { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (flags.help) {
  console.log(`npm run bench -- [--rows 1000] [--quizzes N] [--quick] [--compare-rows 1000] [--connections 10]
                   [--duration 5] [--port 8796] [--inspector-port 9796] [--no-cpu] [--no-lighthouse]
                   [--lighthouse-all] [--no-load] [--skip-build]
  --rows N          published articles in the bench database (default 1000; 100000 for the growth check)
  --quizzes N       quizzes of 10 questions (default rows/100, between 10 and 1000)
  --quick           2 s of load per route instead of 5 s
  --compare-rows N  with --rows above N, measure the list routes again against N rows (default 1000; 0 = off)
  --connections N   autocannon connections (default 10)
  --duration S      seconds of load per route (default 5)
  --port P          the bench server's port (default 8796, or BENCH_PORT)
  --inspector-port P  workerd's inspector, opened for the CPU profiles only (default port + 1000)
  --no-cpu          skip the CPU-per-request phase
  --no-lighthouse   skip Lighthouse
  --lighthouse-all  Lighthouse on every public page (tests/e2e/public-pages.ts: the sitemap's fixed pages, a seeded
                    article and service, the unlisted ones) instead of the routes marked in bench/routes.mjs;
                    the budget becomes 30 minutes
  --no-load         probe the routes once (for page weight and Lighthouse) instead of the load and CPU phases
  --skip-build      reuse the existing build/ (after npm run build)`);
  process.exit(0);
}
const wholeNumber = (value, name) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} must be a whole number, got ${value}`);
    process.exit(2);
  }
  return number;
};
const rows = Math.max(1, wholeNumber(flags.rows, "rows"));
const compareRows = flags["compare-rows"] == null ? 1000 : wholeNumber(flags["compare-rows"], "compare-rows");
const options = {
  rows,
  quizzes: flags.quizzes == null ? defaultQuizzes(rows) : wholeNumber(flags.quizzes, "quizzes"),
  quick: flags.quick,
  connections: Math.max(1, wholeNumber(flags.connections, "connections")),
  durationSeconds:
    flags.duration == null ? (flags.quick ? 2 : 5) : Math.max(1, wholeNumber(flags.duration, "duration")),
  warmupSeconds: 1,
  compareRows: compareRows > 0 && compareRows < rows ? compareRows : null,
  port: wholeNumber(flags.port, "port"),
  lighthouse: !flags["no-lighthouse"],
  lighthouseAll: flags["lighthouse-all"],
  load: !flags["no-load"],
  cpu: !flags["no-cpu"] && !flags["no-load"],
  /** Sequential requests per route for the process CPU clock, and how many of them are profiled. */
  cpuRequests: flags.quick ? 100 : 1000,
  cpuProfiled: flags.quick ? 30 : 60,
};
options.inspectorPort =
  flags["inspector-port"] == null ? options.port + 1000 : wholeNumber(flags["inspector-port"], "inspector-port");
const base = `http://127.0.0.1:${options.port}`;

/* ------------------------------------------------------------------ run bookkeeping */

const startedAt = new Date();
const phases = [];
const log = (message) => console.log(message);
async function phase(name, fn) {
  const started = Date.now();
  log(`\n▶ ${name}`);
  try {
    return await fn();
  } finally {
    const seconds = round((Date.now() - started) / 1000, 1);
    phases.push({ name, seconds });
    log(`  (${seconds} s)`);
  }
}
const remainingMs = () => TIME_BUDGET_MS - (Date.now() - startedAt.getTime());

let stopping = false;
async function abort(message, code) {
  if (stopping) return;
  stopping = true;
  console.error(`\n✖ ${message}\n  Stopping everything the bench started… (full log: ${LOG})`);
  await stopAll();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => abort(`Interrupted (${signal}).`, 130));
const watchdog = setTimeout(
  () => abort(`The bench exceeded its ${TIME_BUDGET_MS / 60_000}-minute budget.`, 1),
  TIME_BUDGET_MS,
);
watchdog.unref();

/* ------------------------------------------------------------------ database and server */

async function prepareDatabase(size, quizzes) {
  const stateDir = `.wrangler/bench-${size}`;
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const started = Date.now();
  await exec(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
    logFile: LOG,
  });
  await exec(bin("tsx"), ["db/seed.ts", "--persist-to", stateDir], { logFile: LOG });
  const seeded = await seedBench({
    persistTo: stateDir,
    rows: size,
    quizzes,
    dir: OUT,
    execute: (args) => exec(bin("wrangler"), args, { logFile: LOG }),
  });
  const seconds = round((Date.now() - started) / 1000, 1);
  log(
    `  ${stateDir}: migrated, demo seed, +${size} articles (+${seeded.pendingArticles} pending), +${quizzes} quizzes in ${seconds} s`,
  );
  // Local mode: rate limits relax (RATE_LIMIT_MULTIPLIER) only with APP_ENV=local, and only there
  // may the demo accounts use their published password.
  const vars = {
    APP_ENV: "local",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    JWT_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_EMAILS: DEMO_ACCOUNTS.admin,
    MAIL_TRANSPORT: "outbox",
    MAIL_FROM: "Sharma & Rao Associates <no-reply@example.com>",
    FIRM_INBOX_EMAIL: "consult@example.com",
    GOOGLE_CLIENT_ID: "",
    // Thousands of sign-ins and consultation requests come from one IP in a run.
    RATE_LIMIT_MULTIPLIER: "1000000",
    // The local server prints every log line to its terminal, far costlier than Workers Logs in production: errors only.
    LOG_LEVEL: "error",
  };
  const envFile = `${stateDir}/bench.vars`;
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join("\n"),
  );
  return {
    stateDir,
    envFile,
    seed: {
      articles: seeded.articles,
      pendingArticles: seeded.pendingArticles,
      quizzes,
      questionsPerQuiz: seeded.questionsPerQuiz,
      seconds,
    },
  };
}

async function queryPlans(stateDir, slug) {
  const now = Date.now();
  const statements = EXPLAIN_QUERIES.map((query) => ({
    ...query,
    sql: query.sql.replaceAll("{now}", String(now)).replaceAll("{slug}", slug),
  }));
  const run = (sql) =>
    exec(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql], {
      logFile: LOG,
      capture: true,
    });
  const parse = (stdout) => JSON.parse(stdout.slice(stdout.indexOf("[")));
  try {
    const answers = parse(await run(statements.map((query) => `EXPLAIN QUERY PLAN ${query.sql}`).join(";\n")));
    return statements.map((query, index) => ({
      name: query.name,
      sql: query.sql,
      plan: planLines(answers[index]?.results ?? []),
    }));
  } catch {
    // One statement failed: run them one by one so the others still show.
    const out = [];
    for (const query of statements) {
      try {
        const [answer] = parse(await run(`EXPLAIN QUERY PLAN ${query.sql}`));
        out.push({ name: query.name, sql: query.sql, plan: planLines(answer?.results ?? []) });
      } catch (error) {
        out.push({
          name: query.name,
          sql: query.sql,
          plan: [],
          error: error.message.split("\n").slice(0, 3).join(" "),
        });
      }
    }
    return out;
  }
}

/** EXPLAIN QUERY PLAN rows as an indented tree. */
function planLines(planRows) {
  const depth = new Map([[0, -1]]);
  return planRows.map((row) => {
    const level = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, level);
    return `${"  ".repeat(level)}${row.detail}`;
  });
}

/**
 * The production build on workerd (scripts/serve.mjs, as `npm start` serves it). The inspector is
 * opened only for the CPU phase: while it is open, wrangler relays DevTools events for every D1 query
 * to Node, which costs more CPU than the route itself (docs/decisions/103-serve-without-inspector.md).
 */
async function startServer(stateDir, envFile, { inspector = false, gcLog = null } = {}) {
  if (await portAnswers(options.port))
    throw new Error(`Something already answers on 127.0.0.1:${options.port}; stop it or pass --port.`);
  const server = startDetached(
    "node",
    [
      "scripts/serve.mjs",
      "--port",
      String(options.port),
      ...(inspector ? ["--inspector-port", String(options.inspectorPort)] : []),
      "--persist-to",
      stateDir,
      "--env-file",
      envFile,
      "--log-level",
      "warn",
    ],
    { logFile: LOG, env: gcLog ? gcTraceEnv(gcLog) : {} },
  );
  await waitForHttp(`${base}/favicon.ico`, { timeoutMs: 90_000, child: server.child });
  return server;
}

/**
 * The environment that makes workerd report each garbage collection of each isolate (V8's
 * `--trace-gc-nvp`, added to the config by bench/workerd-gc-trace.sh) and writes its output to `gcLog`
 * (bench/workerd-gc-trace.sh as Miniflare's MINIFLARE_WORKERD_PATH), for bench/gc-trace.mjs.
 */
function gcTraceEnv(gcLog) {
  writeFileSync(gcLog, ""); // this run's reports only
  // The workerd binary Miniflare would run (the `workerd` package, a dependency of Miniflare's).
  const workerd = createRequire(createRequire(import.meta.url).resolve("miniflare"))("workerd").default;
  return {
    BENCH_V8_FLAGS: "--trace-gc-nvp",
    MINIFLARE_WORKERD_PATH: resolvePath("bench/workerd-gc-trace.sh"),
    BENCH_WORKERD: workerd,
    BENCH_GC_LOG: gcLog,
  };
}

/* ------------------------------------------------------------------ routes */

class RouteUnavailable extends Error {
  constructor(status, what) {
    super(`${what} answered ${status}`);
    this.status = status;
  }
}

/** What a route's path() and prepare() receive: the fixtures, fetch, and demo sign-ins. */
function makeContext(fixtures) {
  const tokens = new Map();
  const cookies = new Map();
  const ctx = {
    ...fixtures,
    base,
    async fetch(path, init = {}) {
      const once = (ms) => fetch(`${base}${path}`, { redirect: "manual", signal: AbortSignal.timeout(ms), ...init });
      if ((init.method ?? "GET") !== "GET") {
        // After a load run, a POST can meet a connection from wrangler's proxy to the Worker that autocannon's
        // dropped connections left reset: the proxy answers 503 "Your worker restarted mid-request" (it
        // retries only GET and HEAD itself). The bench's POSTs may be sent twice, so they get one retry.
        const response = await once(30_000);
        if (response.status !== 503) return response;
        if (!(await response.clone().text()).includes("Your worker restarted mid-request")) return response;
        log(`  (${init.method} ${path}: the local proxy lost its connection to the Worker; retrying once)`);
        return once(30_000);
      }
      // Right after autocannon drops its connections mid-request (the end of a load run), the server
      // sometimes leaves the next new connection unanswered (seen with and without the edge cache,
      // e.g. the static baseline after the consultation POSTs): a GET gets one retry on a new connection.
      try {
        return await once(10_000);
      } catch (error) {
        if (error?.name !== "TimeoutError" && error?.name !== "TypeError") throw error;
        log(`  (GET ${path} did not answer: ${error.message}; retrying once)`);
        return once(30_000);
      }
    },
    unavailable: (response, what) => new RouteUnavailable(response.status, what),
    /** A bearer token for a demo account (POST /api/auth/login), once per server run. */
    async token(role) {
      if (!tokens.has(role)) {
        const response = await ctx.fetch("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD }),
        });
        const body = await response.json().catch(() => ({}));
        if (!response.ok || !body.token) throw ctx.unavailable(response, "POST /api/auth/login");
        tokens.set(role, body.token);
      }
      return tokens.get(role);
    },
    /** A session cookie for a demo account (the /login form), once per server run. */
    async cookie(role) {
      if (!cookies.has(role)) {
        const response = await ctx.fetch("/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            intent: "login",
            email: DEMO_ACCOUNTS[role],
            password: DEMO_PASSWORD,
          }).toString(),
        });
        await response.arrayBuffer();
        const set = response.headers.getSetCookie().map((line) => line.split(";")[0]);
        if (response.status >= 400 || set.length === 0) throw ctx.unavailable(response, "POST /login");
        cookies.set(role, set.join("; "));
      }
      return cookies.get(role);
    },
  };
  return ctx;
}

/** Resolve a route's request (running its prepare) and probe it once: ok, placeholder, missing or error. */
async function probe(route, ctx) {
  const expected = [route.expect].flat();
  const entry = {
    id: route.id,
    name: route.name,
    method: route.method,
    path: typeof route.path === "function" ? route.path(ctx) : route.path,
    expect: expected,
    baseline: Boolean(route.baseline),
    write: Boolean(route.write),
    readReference: Boolean(route.readReference),
    status: "ok",
    note: "",
    probeStatus: null,
  };
  let request = { headers: { ...(route.headers ?? {}) }, body: route.body };
  try {
    if (route.prepare) {
      const prepared = (await route.prepare(ctx)) ?? {};
      request = { headers: { ...request.headers, ...(prepared.headers ?? {}) }, body: prepared.body ?? request.body };
      if (prepared.path) entry.path = prepared.path;
      if (prepared.method) entry.method = prepared.method;
    }
    const response = await ctx.fetch(entry.path, {
      method: entry.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    entry.probeStatus = response.status;
    if (response.status === 404) {
      entry.status = "missing";
      entry.note = `${entry.method} ${entry.path} answered 404`;
    } else if (!expected.includes(response.status)) {
      entry.status = "error";
      entry.note = `answered ${response.status}, expected ${expected.join(" or ")}: ${text.replace(/\s+/g, " ").slice(0, 100)}`;
    } else if ((response.headers.get("content-type") ?? "").includes("text/html")) {
      entry.html = text;
      if (text.includes(PLACEHOLDER_TEXT)) {
        entry.status = "placeholder";
        entry.note = "placeholder page (PendingPage)";
      }
    }
  } catch (error) {
    entry.status = error instanceof RouteUnavailable && error.status === 404 ? "missing" : "error";
    entry.probeStatus = error instanceof RouteUnavailable ? error.status : null;
    entry.note = error.message;
  }
  return { entry, request };
}

let currentLoad = null;
onCleanup(() => currentLoad?.stop());

/** Drive one request with autocannon for `seconds`, keeping every response's latency and status. */
function drive(entry, request, seconds, connections) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      {
        url: `${base}${entry.path}`,
        method: entry.method,
        headers: request.headers,
        body: request.body,
        connections,
        duration: seconds,
        timeout: 10,
      },
      (error, result) => {
        currentLoad = null;
        if (error) reject(error);
        else resolve({ result, latencies, statuses });
      },
    );
    currentLoad = instance;
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

async function measure(entry, request, route) {
  const connections = route.connections ?? options.connections;
  await drive(entry, request, options.warmupSeconds, connections);
  const { result, latencies, statuses } = await drive(entry, request, options.durationSeconds, connections);
  const tally = statusTally(statuses, entry.expect);
  const latency = latencySummary(latencies);
  const figures = {
    rps: throughput(tally.ok, result.duration),
    p50: latency.p50,
    p99: latency.p99,
    requests: tally.total,
    non2xx: tally.non2xx,
    unexpected: tally.unexpected,
    statusCounts: statuses,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    connections,
  };
  if (tally.total === 0)
    return { ...figures, status: "error", note: `no responses (${result.errors} connection errors)` };
  if (tally.unexpected > tally.total / 2) {
    const codes = Object.entries(statuses)
      .filter(([code]) => !entry.expect.includes(Number(code)))
      .map(([code, count]) => `${count}× ${code}`)
      .join(", ");
    return { ...figures, status: "error", note: `mostly unexpected statuses under load: ${codes}` };
  }
  if (tally.unexpected > 0)
    return { ...figures, note: [entry.note, `${tally.unexpected} unexpected statuses`].filter(Boolean).join("; ") };
  return figures;
}

const usable = (entry) => entry != null && ["ok", "placeholder"].includes(entry.status);
const routeLine = (entry, figures) =>
  `  ${entry.name.padEnd(28)} ${String(figures.rps).padStart(8)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms` +
  `${figures.non2xx ? `  non-2xx ${figures.non2xx}` : ""}${(figures.status ?? entry.status) !== "ok" ? `  [${figures.status ?? entry.status}: ${figures.note ?? entry.note}]` : ""}`;

/** Routes load-tested between two runs of the static baseline. */
const BASELINE_EVERY = 4;

/**
 * Probe and load-test `routes`. The static baseline runs first, after every
 * BASELINE_EVERY routes and last; each route's ratio is taken against the mean
 * of the baseline runs around it.
 */
async function loadRoutes(routes, ctx) {
  const baselineRoute = routes.find((route) => route.baseline);
  const baselineRuns = [];
  const runBaseline = async () => {
    const { entry, request } = await probe(baselineRoute, ctx);
    if (entry.status !== "ok") throw new Error(`The static baseline ${entry.path} did not answer: ${entry.note}`);
    const figures = await measure(entry, request, baselineRoute);
    log(routeLine(entry, figures));
    baselineRuns.push({ ...entry, ...figures });
  };
  await runBaseline();
  const measured = [];
  let sinceBaseline = 0;
  for (const route of routes.filter((item) => !item.baseline)) {
    const { entry, request } = await probe(route, ctx);
    if (route.load === false || !usable(entry)) {
      if (route.load === false && usable(entry))
        entry.note = [entry.note, "not load-tested (page weight and Lighthouse only)"].filter(Boolean).join("; ");
      measured.push(entry);
      log(
        `  ${entry.name.padEnd(28)} ${route.load === false ? "(page weight and Lighthouse only)" : `${entry.status}: ${entry.note}`}`,
      );
      continue;
    }
    const figures = await measure(entry, request, route);
    if (route.edgeCache) {
      // The load must have been answered from the edge cache: one more request says whether it is warm.
      const check = await ctx.fetch(entry.path, { headers: request.headers });
      await check.text();
      figures.edgeCache = check.headers.get("x-cache") ?? "none";
      if (figures.edgeCache !== "HIT")
        figures.note = [figures.note ?? entry.note, `X-Cache after the load: ${figures.edgeCache}, expected HIT`]
          .filter(Boolean)
          .join("; ");
    }
    measured.push({ ...entry, ...figures, baselineRun: baselineRuns.length - 1 });
    log(routeLine(entry, figures));
    sinceBaseline += 1;
    if (sinceBaseline === BASELINE_EVERY) {
      await runBaseline();
      sinceBaseline = 0;
    }
  }
  if (sinceBaseline > 0 || baselineRuns.length === 1) await runBaseline();
  const runs = baselineRuns.map((run) => run.rps);
  const mean = (values) => round(values.reduce((sum, value) => sum + value, 0) / values.length, 1);
  const baseline = {
    ...baselineRuns[0],
    rps: mean(runs),
    p50: mean(baselineRuns.map((run) => run.p50)),
    p99: Math.max(...baselineRuns.map((run) => run.p99)),
    non2xx: baselineRuns.reduce((sum, run) => sum + run.non2xx, 0),
    unexpected: baselineRuns.reduce((sum, run) => sum + run.unexpected, 0),
    requests: baselineRuns.reduce((sum, run) => sum + run.requests, 0),
    runs,
    note: `mean of ${runs.length} runs: ${runs.join(", ")} req/s`,
  };
  for (const entry of measured) {
    const reference = entry.baselineRun == null ? null : bracketedBaseline(runs, entry.baselineRun);
    entry.baselineRps = reference;
    entry.ratio = usable(entry) && entry.rps != null ? ratio(entry.rps, reference) : null;
  }
  return [baseline, ...measured];
}

/** Every route probed once, no load: what page weight and Lighthouse need (--no-load). */
async function probeRoutes(routes, ctx) {
  const out = [];
  for (const route of routes) {
    const { entry } = await probe(route, ctx);
    log(`  ${entry.name.padEnd(28)} ${entry.status}${entry.note ? `: ${entry.note}` : ""}`);
    out.push(entry);
  }
  return out;
}

/**
 * The public pages the site-wide tests visit (tests/e2e/public-pages.ts, the one list: the sitemap's
 * fixed pages, a seeded article and service, the pages the sitemap leaves out), read through tsx.
 */
function publicPages() {
  const script =
    'import { SITE_PAGES } from "./tests/e2e/public-pages.ts"; process.stdout.write(JSON.stringify(SITE_PAGES));';
  return JSON.parse(execFileSync(bin("tsx"), ["-e", script], { encoding: "utf8" }));
}

/** --lighthouse-all: every public page, each fetched once (Lighthouse scores only a page that loads: not the 404 page). */
async function allPublicPages(ctx) {
  const pages = [];
  for (const path of publicPages()) {
    const response = await ctx.fetch(path);
    await response.arrayBuffer();
    const ok = response.status === 200;
    pages.push({
      id: `page${path.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, "")}`,
      name: path,
      path,
      url: `${base}${path}`,
      entry: { status: ok ? "ok" : "error", note: ok ? "" : `answers ${response.status}` },
    });
  }
  return pages;
}

/* ------------------------------------------------------------------ CPU per request */

/**
 * Every route that answers as expected (except those marked `cpu: false`), probed and measured one
 * request at a time: workerd's CPU clock over the static file's, and V8 profiles
 * through the inspector (bench/cpu.mjs).
 */
async function cpuPerRequest(ctx, server, { inspectorPort = null, requests, profiled, gcLog = null }) {
  const targets = [];
  for (const route of ROUTES) {
    if (route.cpu === false) continue;
    const { entry, request } = await probe(route, ctx);
    if (!usable(entry)) continue;
    targets.push({
      id: route.id,
      name: route.name,
      baseline: Boolean(route.baseline),
      request: { method: entry.method, path: entry.path, headers: request.headers, body: request.body },
    });
  }
  try {
    return await measureCpu({
      baseUrl: base,
      serverPid: server.child.pid,
      port: options.port,
      inspectorPort,
      routes: targets,
      requests,
      profiled,
      passes: CPU_PASSES,
      gcLog,
    });
  } catch (error) {
    log(`  CPU phase failed: ${error.message}`);
    return { error: error.message };
  }
}

/**
 * The CPU phase: each route's CPU per request on a server without the inspector (as in production),
 * then its profiles on one with it (the profiles need it; the figures would be 10–20 % higher).
 */
async function cpuPhase(ctx, db) {
  const plain = await startServer(db.stateDir, db.envFile, { gcLog: GC_LOG });
  let measured;
  try {
    measured = await cpuPerRequest(ctx, plain, { requests: options.cpuRequests, profiled: 0, gcLog: GC_LOG });
    if (measured.requests) writeFileSync(`${OUT}/cpu-requests.json`, JSON.stringify(measured.requests));
  } finally {
    await plain.stop();
  }
  const inspected = await startServer(db.stateDir, db.envFile, { inspector: true });
  let profiled;
  try {
    profiled = await cpuPerRequest(ctx, inspected, {
      inspectorPort: options.inspectorPort,
      requests: 0,
      profiled: options.cpuProfiled,
    });
  } finally {
    await inspected.stop();
  }
  const result = {
    requests: options.cpuRequests,
    profiled: options.cpuProfiled,
    passes: CPU_PASSES,
    warmup: measured.warmup ?? null,
    gcAttribution: measured.gcAttribution ?? null,
  };
  if (!measured.routes) return { ...result, routes: [], note: measured.error };
  const rows = mergeCpuRows(measured.routes, profiled.routes ?? []);
  for (const row of rows)
    if (!row.baseline)
      log(
        `  ${row.name.padEnd(28)} CPU median ${row.cpuMedianMs} ms  p99 ${row.cpuP99Ms} ms (every request ${row.allP99Ms} ms, ${row.leftOut} left out)  process ${row.procMs} ms  JS sampled ${row.sampledMedianMs} / ${row.sampledP99Ms} ms`,
      );
  if (result.warmup)
    log(
      `  warm-up (${result.warmup.requests} first requests, every route in turn) CPU median ${result.warmup.cpuMedianMs} ms  p99 ${result.warmup.cpuP99Ms} ms  max ${result.warmup.cpuMaxMs} ms`,
    );
  return { ...result, routes: rows, note: profiled.routes ? "" : `profiles: ${profiled.error}` };
}

/* ------------------------------------------------------------------ page weight and images */

function weighPages(entries, manifest) {
  const pages = [];
  for (const route of ROUTES.filter((item) => item.page)) {
    const entry = entries.find((item) => item.id === route.id);
    const row = { id: route.id, name: route.name, path: entry?.path };
    if (!entry?.html) {
      pages.push({
        ...row,
        htmlBytes: null,
        jsGzip: null,
        note: entry ? `${entry.status}${entry.note ? `: ${entry.note}` : ""}` : "not probed",
      });
      continue;
    }
    try {
      const weight = pageWeight(entry.html, manifest);
      pages.push({ ...row, ...weight, placeholder: entry.status === "placeholder" });
      log(
        `  ${route.name.padEnd(28)} HTML ${weight.htmlBytes} B (${weight.htmlGzip} gzipped)  JS ${weight.jsGzip} B gz  CSS ${weight.cssGzip} B gz`,
      );
    } catch (error) {
      pages.push({ ...row, htmlBytes: null, jsGzip: null, note: error.message });
    }
  }
  return pages;
}

async function homeImages(entries, pages) {
  const home = entries.find((item) => item.id === "home");
  if (!home?.html) return { items: [], note: "home page not available" };
  const css = pages.find((page) => page.id === "home")?.css ?? [];
  const items = [];
  const problems = [];
  for (const url of imageUrls(home.html, css)) {
    if (/^(https?:)?\/\//i.test(url) && !url.startsWith(base)) {
      problems.push(`${url}: external, not weighed`);
      continue;
    }
    const response = await fetch(new URL(url, base), { signal: AbortSignal.timeout(10_000) });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.ok) items.push({ url, bytes });
    else problems.push(`${url}: answered ${response.status}`);
  }
  return { items, note: problems.join("; ") };
}

function gitInfo() {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const dirty = git("status", "--porcelain")
      .split("\n")
      .filter(
        (line) => line && !/bench\/(results(-lighthouse|-\d+)?\.json|RESULTS(-lighthouse|-\d+)?\.md)$/.test(line),
      );
    return {
      commit: git("rev-parse", "--short", "HEAD"),
      branch: git("rev-parse", "--abbrev-ref", "HEAD"),
      dirty: dirty.length > 0,
    };
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------------ main */

async function main() {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(LOG, `bench started ${startedAt.toISOString()}\n`);
  const git = gitInfo();
  log(
    `Benchmark: ${options.rows} articles, ${options.quizzes} quizzes; ${options.connections} connections × ${options.durationSeconds} s per route` +
      `${options.compareRows ? `; growth against ${options.compareRows} rows` : ""}; port ${options.port}; log ${LOG}`,
  );

  if (!flags["skip-build"])
    await phase("Build (remix vite:build)", () => exec(bin("remix"), ["vite:build"], { logFile: LOG }));
  const manifest = readRemixManifest();
  const fixtures = { staticAsset: manifest.routes.root.module, servicePath: "corporate-law", quizId: "seed-quiz-1" };
  const articleSlug = benchArticleSlug(Math.ceil(options.rows / 2));

  const db = await phase(`Database (${options.rows} rows)`, () => prepareDatabase(options.rows, options.quizzes));
  const plans = await phase("Query plans", () => queryPlans(db.stateDir, articleSlug));
  for (const plan of plans)
    log(`  ${plan.name}\n${(plan.plan.length ? plan.plan : [plan.error]).map((line) => `    ${line}`).join("\n")}`);

  const ctx = makeContext({ ...fixtures, articleSlug });
  // CPU first, on servers of its own: after autocannon's thousands of connections workerd can run out of
  // file descriptors ("Too many open files"), and the per-request figures are for one request at a time.
  const cpu = options.cpu
    ? await phase(
        `CPU per request (${options.cpuRequests} sequential requests, then ${options.cpuProfiled} profiled, per route)`,
        () => cpuPhase(ctx, db),
      )
    : { routes: [], note: "skipped (--no-cpu)" };
  const server = await phase("Start the server", () => startServer(db.stateDir, db.envFile));
  const routes = options.load
    ? await phase(`Load (${options.connections} connections, ${options.durationSeconds} s per route)`, () =>
        loadRoutes(ROUTES, ctx),
      )
    : await phase("Probe (--no-load)", () => probeRoutes(ROUTES, ctx));
  const pages = await phase("Page weight", () => weighPages(routes, manifest));
  const images = await phase("Home page images", () => homeImages(routes, pages));
  log(`  ${images.items.length} images, largest ${Math.max(0, ...images.items.map((item) => item.bytes))} B`);

  const lighthousePages = options.lighthouseAll
    ? await allPublicPages(ctx)
    : ROUTES.filter((route) => route.lighthouse).map((route) => {
        const entry = routes.find((item) => item.id === route.id);
        return { id: route.id, name: route.name, path: entry?.path, url: `${base}${entry?.path}`, entry };
      });
  const runnable = lighthousePages.filter((page) => usable(page.entry));
  const skipped = (page, note) => ({ id: page.id, name: page.name, path: page.path, scores: null, note });
  let lighthouse;
  if (!options.lighthouse) lighthouse = lighthousePages.map((page) => skipped(page, "skipped (--no-lighthouse)"));
  else if (remainingMs() < runnable.length * (options.lighthouseAll ? 25_000 : 40_000) + 60_000)
    lighthouse = lighthousePages.map((page) => skipped(page, "skipped: not enough of the time budget left"));
  else {
    const scored = await phase("Lighthouse (mobile)", () => runLighthouse(runnable, { outDir: OUT, log }));
    lighthouse = lighthousePages.map(
      (page) =>
        scored.find((item) => item.id === page.id) ??
        skipped(page, `not run: the page is ${page.entry?.status} (${page.entry?.note})`),
    );
  }
  await phase("Stop the server", () => server.stop());

  let scale = null;
  if (options.compareRows) {
    if (remainingMs() < 150_000)
      scale = { compareRows: options.compareRows, routes: [], note: "Skipped: not enough of the time budget left." };
    else {
      scale = await phase(`Growth: the list routes against ${options.compareRows} rows`, async () => {
        const small = await prepareDatabase(options.compareRows, defaultQuizzes(options.compareRows));
        const smallServer = await startServer(small.stateDir, small.envFile);
        try {
          const smallCtx = makeContext({
            ...fixtures,
            articleSlug: benchArticleSlug(Math.ceil(options.compareRows / 2)),
          });
          const measured = await loadRoutes(
            ROUTES.filter((route) => route.scale),
            smallCtx,
          );
          return {
            compareRows: options.compareRows,
            baselineRps: measured.find((item) => item.baseline)?.rps ?? null,
            routes: measured
              .filter((item) => !item.baseline)
              .map((item) => {
                const large = routes.find((entry) => entry.id === item.id);
                const comparable = usable(large) && large.ratio != null && usable(item) && item.ratio != null;
                return {
                  id: item.id,
                  name: item.name,
                  largeRatio: large?.ratio ?? null,
                  smallRatio: item.ratio ?? null,
                  smallRps: item.rps ?? null,
                  smallP50: item.p50 ?? null,
                  retention: comparable ? scaleRetention(large, item) : null,
                  note: comparable ? "" : `not comparable (${large?.status ?? "?"} / ${item.status})`,
                };
              }),
          };
        } finally {
          await smallServer.stop();
        }
      });
    }
  }

  const finishedAt = new Date();
  const results = {
    version: 1,
    command: ["npm run bench", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].join(" "),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationSeconds: round((finishedAt - startedAt) / 1000, 1),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? "?",
      node: process.versions.node,
      platform: `${process.platform} ${process.arch}`,
    },
    git,
    options: { ...options, staticAsset: fixtures.staticAsset },
    seed: db.seed,
    routes: routes.map(({ html: _html, ...rest }) => rest),
    cpu,
    pages: pages.map(({ css: _css, ...rest }) => rest),
    images,
    lighthouse,
    queryPlans: plans,
    scale,
    phases,
    targets: [],
  };
  results.targets = evaluateTargets(results);
  // --lighthouse-all is a report of its own (every public page), beside the main one; so is a run at
  // another size than the default 1,000 rows (bench/RESULTS-100000.md).
  const suffix = options.lighthouseAll ? "-lighthouse" : options.rows === 1000 ? "" : `-${options.rows}`;
  const [jsonFile, markdownFile] = [`bench/results${suffix}.json`, `bench/RESULTS${suffix}.md`];
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownFile, renderMarkdown(results));
  const kept = `${options.lighthouseAll ? "-lighthouse" : ""}-${options.rows}`;
  copyFileSync(jsonFile, `${OUT}/results${kept}.json`);
  copyFileSync(markdownFile, `${OUT}/RESULTS${kept}.md`);
  log(`\n${renderConsole(results)}`);
  log(
    `\nWrote ${jsonFile} and ${markdownFile}. Took ${results.durationSeconds} s (budget ${TIME_BUDGET_MS / 60_000} min).`,
  );
}

main()
  .then(async () => {
    clearTimeout(watchdog);
    await stopAll();
  })
  .catch((error) => abort(error?.stack ?? String(error), 1));
