// CPU per request, measured two ways on the same local workerd (docs/decisions/092-render-cpu.md):
//
// 1. The process's own CPU clock. The Worker's workerd's CPU time (user + system, all threads, from
//    /proc/<pid>/stat; not the proxy's in front of it) is read before and after N sequential requests of a route; the same is
//    done for the static file, and the route's figure is the difference per request. This counts
//    everything the route costs the server beyond serving a static file: the Worker's JavaScript,
//    and in local mode also D1's SQLite (which in production runs on D1's side, not the Worker's).
//    It is a mean: /proc counts in clock ticks (10 ms), so N is chosen to sum to seconds.
//    The same requests are also measured one by one: each thread's nanosecond CPU clock
//    (/proc/<pid>/task/<tid>/schedstat) around each request gives the request's CPU, whose median
//    and p99, minus the static file's median, are the figures the targets use ("CPU median/p99").
//    First every route is requested in turn, 50 times (the code compiled, as in an isolate that has
//    served the site for a while; those requests are reported apart as the fresh isolate's); then each
//    route's requests run in 5 blocks, the routes in turn in each pass, so a route's figures span the
//    whole run (decision 109).
//    The median and p99 leave out the requests during which another isolate of the process collected
//    garbage and the Worker's did not (Miniflare's entry Worker, wrangler's asset router and services,
//    D1's and the cache's simulations: bench/gc-trace.mjs), as V8 reports them when the server runs with
//    `--trace-gc-nvp` (decision 111). Those requests are counted apart, and the p99 over every request
//    is reported beside.
// 2. The V8 sampling profiler over Chrome DevTools Protocol (scripts/serve.mjs --inspector-port),
//    one profile per request: all profiles together give the top functions by self time, and each
//    request's sampled JavaScript time a median and p99 shown for reference only. They overstate:
//    samples count wall time with JavaScript on the stack, and workerd's isolate books the time it
//    waited for the request to the first JavaScript frames that run (with a 30 ms pause between
//    requests, a GET /api/quiz "sampled" 29 ms while its threads ran 5 ms; decision 107).
//
// The figures of 1. come from a server without the inspector (an attached debugger costs the isolate
// 10–20 %; production has none), the profiles of 2. from one with it (bench/run.mjs, mergeCpuRows).
// Sequential requests on one connection at a time: a figure per request, not throughput.
import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import WebSocket from "ws";
import { classifyIsolates, gcLogReader, leftOut } from "./gc-trace.mjs";
import { percentile, percentileInterval } from "./report.mjs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const SAMPLING_INTERVAL_US = 100;
const SETTLE_MS = 2;
// Before each block of a route's requests: that route's own caches, after the other routes' blocks.
const WARMUP_REQUESTS = 5;
// Before any route is measured, every route in turn, this many times: the shared code (React's renderer,
// Remix, the router, Drizzle) compiled and optimised as in an isolate that has served the site for a
// while, whichever route comes first in the table (decision 109).
const WARMUP_ROUNDS = 50;
const PASSES = 5;

/** The pid of the process listening on 127.0.0.1:`port` (wrangler's proxy in front of the Worker). */
export function listenerPid(port) {
  const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`no process listens on port ${port} (ss: ${out.trim() || "nothing"})`);
  return Number(match[1]);
}

/**
 * The workerd processes that run the Worker (its JavaScript, D1 and R2): every workerd below the
 * server's process except the proxy that listens on `port`, which only relays requests.
 */
export function workerPids(serverPid, port) {
  const proxy = listenerPid(port);
  const parentOf = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return 0;
    }
  };
  const below = (pid) => {
    for (let at = pid, depth = 0; at > 1 && depth < 20; at = parentOf(at), depth++) if (at === serverPid) return true;
    return false;
  };
  const pids = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== proxy && below(pid) && commandOf(pid).includes("workerd"));
  if (pids.length === 0) throw new Error(`no workerd runs below the server (pid ${serverPid})`);
  return pids;
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** CPU seconds (user + system) the process has used so far, all threads. */
export function processCpuSeconds(pid) {
  // The fields after the command name (which may contain spaces) start at ") ".
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) / TICKS_PER_SECOND;
}

/**
 * CPU nanoseconds the processes' threads have run so far (the first field of each thread's
 * /proc/<pid>/task/<tid>/schedstat: nanosecond resolution, unlike /proc/<pid>/stat's 10 ms ticks), so a
 * single request's CPU can be read: the difference around it. Threads that end in between are missed,
 * which only ever undercounts by what they ran since the last read.
 */
export function threadsCpuNs(pids) {
  return threadsCpuSplitNs(pids).total;
}

/**
 * The same, and apart the processes' main threads (a thread whose id is its process's): workerd runs the
 * isolates' JavaScript there, while V8's helper threads (concurrent garbage collection, optimising
 * compilation) and workerd's others run beside it.
 */
export function threadsCpuSplitNs(pids) {
  let total = 0;
  let main = 0;
  for (const pid of pids) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        total += ns;
        if (Number(tid) === pid) main += ns;
      } catch {
        // the thread ended
      }
    }
  }
  return { total, main };
}

/** A small Chrome DevTools Protocol client over the inspector's WebSocket. */
async function connectInspector(inspectorPort) {
  const list = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const target = list.find((entry) => entry.webSocketDebuggerUrl) ?? {
    webSocketDebuggerUrl: `ws://127.0.0.1:${inspectorPort}/ws`,
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let lastId = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const waiter = message.id && pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${message.error.message} (${waiter.method})`));
    else waiter.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** The JavaScript time a profile sampled (everything but idle), in ms; and self time per function. */
export function summarizeProfile(profile, selfTimes = new Map()) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = nodes.get(profile.samples[i]);
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const name = node.callFrame.functionName || "(anonymous)";
    if (name === "(idle)") continue;
    busyUs += delta;
    const file = node.callFrame.url ? node.callFrame.url.split("/").pop() : "";
    const key = file ? `${name} (${file}:${node.callFrame.lineNumber + 1})` : name;
    selfTimes.set(key, (selfTimes.get(key) ?? 0) + delta);
  }
  return { busyMs: busyUs / 1000, selfTimes };
}

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Each request asks for an uncompressed answer. In production Cloudflare's front line compresses what the
 * Worker returns, outside the Worker; in local mode Miniflare's entry Worker does it in the same workerd
 * process, on the same thread (its `isCompressedByCloudflareFL`), and that gzip was counted as the
 * Worker's CPU: 0.3-0.45 ms of a rendered page's mean (decision 110).
 */
const UNCOMPRESSED = { "Accept-Encoding": "identity" };

async function send(baseUrl, request) {
  const response = await fetch(baseUrl + request.path, {
    method: request.method ?? "GET",
    headers: { ...UNCOMPRESSED, ...request.headers },
    body: request.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Measure each route's CPU per request. `routes`: [{id, name, request: {method, path, headers, body}}];
 * the first route with `baseline: true` is the static file the /proc figures are relative to.
 * Returns {routes: [{id, name, status, procMs, cpuMedianMs, cpuP99Ms, sampledMedianMs, sampledP99Ms, top: [{name, ms}]}],
 * warmup: {requests, rounds, cpuMedianMs, cpuP99Ms, cpuMaxMs} | null}: `warmup` is the fresh isolate's first
 * requests (every route in turn, `warmupRounds` times), measured like the routes.
 */
export async function measureCpu({
  baseUrl,
  serverPid,
  port,
  inspectorPort = null,
  routes,
  requests = 200,
  profiled = 60,
  warmup = WARMUP_REQUESTS,
  warmupRounds = WARMUP_ROUNDS,
  passes = PASSES,
  top = 12,
  gcLog = null,
}) {
  const pids = workerPids(serverPid, port);
  // The collections V8 reports while each request runs (bench/gc-trace.mjs), when the server reports them.
  const gcReader = gcLog ? gcLogReader(gcLog) : null;
  const staticEvents = [];
  const allEvents = [];
  const noteCollections = (route) => {
    const events = gcReader ? gcReader.next() : [];
    allEvents.push(...events);
    if (route?.baseline) staticEvents.push(...events);
    return events;
  };
  const cpuSeconds = () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const inspector = inspectorPort && profiled > 0 ? await connectInspector(inspectorPort) : null;
  if (inspector) {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  }
  const results = [];
  let isolates = null;
  // Each route's requests: { status, seconds, each: [{ ms, mainMs, gcs }] }.
  const runs = new Map();
  let warmupRun = null;
  let warmupFigures = null;
  try {
    // A fresh isolate's first requests, every route in turn: what they cost is reported apart (`warmup`).
    if (warmupRounds > 0) {
      const each = [];
      for (let round = 0; round < warmupRounds; round++) {
        for (const route of routes) {
          const started = threadsCpuNs(pids);
          await send(baseUrl, route.request);
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          each.push((threadsCpuNs(pids) - started) / 1e6);
          noteCollections(route);
        }
      }
      warmupRun = each;
    }
    // One block of a route's requests: each request's CPU from the threads' clocks, and the block's from
    // the process's tick clock.
    const block = async (route, count) => {
      const { request } = route;
      // Warm: compiled code (V8 optimises a function after many calls) and caches, as in an isolate
      // that has served traffic for a while.
      for (let i = 0; i < warmup; i++) await send(baseUrl, request);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      noteCollections(route);
      const before = cpuSeconds();
      let status = 0;
      const each = [];
      for (let i = 0; i < count; i++) {
        const started = threadsCpuSplitNs(pids);
        status = await send(baseUrl, request);
        // workerd finishes a request's work (the log line, closing the stream) just after the body ends.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const ended = threadsCpuSplitNs(pids);
        each.push({
          ms: (ended.total - started.total) / 1e6,
          mainMs: (ended.main - started.main) / 1e6,
          gcs: noteCollections(route),
        });
      }
      return { status, seconds: cpuSeconds() - before, each };
    };
    // Every route's requests in `passes` blocks, the routes in turn in each pass: a route's figures span
    // the whole run, so a busy spell of the shared machine (or of workerd's own work) is spread over every
    // route instead of landing on whichever route ran then (decision 109).
    if (requests > 0) {
      const blocks = Math.max(1, Math.min(passes, requests));
      for (let pass = 0; pass < blocks; pass++) {
        const count = Math.floor(requests / blocks) + (pass < requests % blocks ? 1 : 0);
        for (const route of routes) {
          const run = await block(route, count);
          const sum = runs.get(route.id) ?? { status: 0, seconds: 0, each: [] };
          sum.status = run.status;
          sum.seconds += run.seconds;
          sum.each.push(...run.each);
          runs.set(route.id, sum);
        }
      }
    }
    // The Worker's isolate and the others (bench/gc-trace.mjs): a request during which one of the others
    // collected garbage is left out of the figures the targets use, and counted apart.
    isolates = gcReader ? classifyIsolates({ staticEvents, allEvents }) : null;
    const procPerRequest = (route) => {
      const run = runs.get(route.id);
      if (!run) return null;
      const kept = isolates ? run.each.filter((request) => !leftOut(request, isolates)) : run.each;
      return {
        status: run.status,
        ms: (run.seconds * 1000) / requests,
        each: kept.map((request) => request.ms),
        mainEach: kept.map((request) => request.mainMs),
        allEach: run.each.map((request) => request.ms),
        leftOut: run.each.length - kept.length,
      };
    };
    const baseline = routes.find((route) => route.baseline);
    const floorRun = baseline ? procPerRequest(baseline) : null;
    const floor = floorRun ? floorRun.ms : 0;
    // One request of the static file, per request: what every request costs workerd before any route code.
    const requestFloor = floorRun ? percentile(floorRun.each, 50) : 0;
    const mainFloor = floorRun ? percentile(floorRun.mainEach, 50) : 0;
    if (warmupRun)
      warmupFigures = {
        requests: warmupRun.length,
        rounds: warmupRounds,
        cpuMedianMs: round(Math.max(0, percentile(warmupRun, 50) - requestFloor)),
        cpuP99Ms: round(Math.max(0, percentile(warmupRun, 99) - requestFloor)),
        cpuMaxMs: round(Math.max(0, Math.max(...warmupRun) - requestFloor)),
      };
    for (const route of routes) {
      if (route.baseline) {
        results.push({
          id: route.id,
          name: route.name,
          baseline: true,
          // Its p99 over its own median: what any request can meet here whatever its route (a
          // garbage collection, workerd's or its simulators' own work), in the same passes as the routes.
          ...(floorRun
            ? {
                procMs: round(floor),
                cpuMedianMs: round(requestFloor),
                cpuP99Ms: round(percentile(floorRun.each, 99) - requestFloor),
                allP99Ms: round(percentile(floorRun.allEach, 99) - requestFloor),
                leftOut: floorRun.leftOut,
              }
            : {}),
          status: 200,
        });
        continue;
      }
      const proc = procPerRequest(route);
      const row = { id: route.id, name: route.name, status: proc?.status };
      if (proc) {
        row.procMs = round(Math.max(0, proc.ms - floor));
        row.cpuMedianMs = round(Math.max(0, percentile(proc.each, 50) - requestFloor));
        row.cpuP99Ms = round(Math.max(0, percentile(proc.each, 99) - requestFloor));
        // How far that p99 could be from the route's true one (95 %): a p99 rests on a sample's few
        // slowest requests (the 10th slowest of 1,000), so it moves from run to run (decision 112).
        const interval = percentileInterval(proc.each, 99);
        const fromFloor = (value) => (value == null ? null : round(Math.max(0, value - requestFloor)));
        row.cpuP99Interval = interval && { low: fromFloor(interval.low), high: fromFloor(interval.high) };
        // For reference (decision 109): the p99 of the main thread alone, over the static file's median there.
        row.mainP99Ms = round(Math.max(0, percentile(proc.mainEach, 99) - mainFloor));
        // Every request, the others' collections included (what the targets used before decision 111).
        row.allP99Ms = round(Math.max(0, percentile(proc.allEach, 99) - requestFloor));
        row.leftOut = proc.leftOut;
      }
      if (inspector) {
        const selfTimes = new Map();
        const busy = [];
        for (let i = 0; i < profiled; i++) {
          await inspector.send("Profiler.start");
          row.status = await send(baseUrl, route.request);
          const { profile } = await inspector.send("Profiler.stop");
          busy.push(summarizeProfile(profile, selfTimes).busyMs);
        }
        const totalUs = [...selfTimes.values()].reduce((sum, value) => sum + value, 0);
        row.sampledMedianMs = round(percentile(busy, 50));
        row.sampledP99Ms = round(percentile(busy, 99));
        row.top = [...selfTimes]
          .filter(([name]) => name !== "(program)" && name !== "(garbage collector)")
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([name, us]) => ({ name, ms: round(us / 1000 / profiled, 3), share: round(us / totalUs, 3) }));
        row.gcShare = round((selfTimes.get("(garbage collector)") ?? 0) / totalUs, 3);
      }
      results.push(row);
    }
  } finally {
    if (inspector) {
      await inspector.send("Profiler.disable").catch(() => {});
      inspector.close();
    }
    gcReader?.close();
  }
  const gcAttribution = gcReader
    ? {
        collections: allEvents.length,
        isolates: new Set(allEvents.map((event) => event.isolate)).size,
        others: isolates ? isolates.others.size : 0,
        // The isolates that collected during static-file requests (which never reach the Worker).
        duringStatic: new Set(staticEvents.map((event) => event.isolate)).size,
        workerCollections: allEvents.filter((event) => event.isolate === isolates?.worker).length,
      }
    : null;
  // Every measured request, for a closer look (bench/out/cpu-requests.json): its CPU and the collections during it.
  const requestsSeen = routes.flatMap((route) =>
    (runs.get(route.id)?.each ?? []).map((request) => ({
      route: route.id,
      ms: round(request.ms, 3),
      mainMs: round(request.mainMs, 3),
      gcs: request.gcs.map((event) => ({
        isolate:
          event.isolate === isolates?.worker ? "worker" : isolates?.others.has(event.isolate) ? "other" : event.isolate,
        kind: event.kind,
        pauseMs: event.pauseMs,
      })),
    })),
  );
  return { routes: results, warmup: warmupFigures, gcAttribution, requests: requestsSeen };
}

/**
 * One table from the two passes: the CPU figures from a server without the inspector (as in
 * production, where no debugger is attached: it costs the isolate 10–20 % more), the profiles from
 * one with it.
 */
export function mergeCpuRows(measured, profiled) {
  const profiles = new Map(profiled.map((row) => [row.id, row]));
  return measured.map((row) => {
    const profile = profiles.get(row.id);
    if (!profile || row.baseline) return row;
    const { sampledMedianMs, sampledP99Ms, top, gcShare } = profile;
    return { ...row, sampledMedianMs, sampledP99Ms, top, gcShare };
  });
}
