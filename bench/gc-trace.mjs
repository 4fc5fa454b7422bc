// Which isolate collected garbage during each request (docs/decisions/111-other-isolates-gc.md).
//
// In local mode the Worker's workerd process runs a dozen isolates on one thread: the Worker's own, and
// Miniflare's and wrangler's around it (the entry Worker every request passes, the asset router, the
// asset and cache services, D1's binding and its Durable Object). A request's CPU, read from the
// process's thread clocks, includes whatever those did while it ran, their garbage collections too. On
// Cloudflare none of them runs on the Worker's CPU budget. For the CPU phase, V8 reports every collection
// (`--trace-gc-nvp`, added to the config by bench/workerd-gc-trace.sh,
// which copies workerd's output to a file); this module reads those reports and says which isolates are
// the others.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/**
 * V8's `--trace-gc-nvp` lines in `text`: `[pid:0xISOLATE:thread] time ms: GC: {json}`, one per collection.
 * Returns [{ isolate, kind ("s" scavenge, "mc" mark-compact, …), pauseMs, objectBytes }]; other lines are skipped.
 */
export function parseGcLines(text) {
  const events = [];
  for (const line of text.split("\n")) {
    const at = line.indexOf("GC: {");
    if (at < 0) continue;
    const isolate = /^\[\d+:(0x[0-9a-f]+)/.exec(line)?.[1];
    if (!isolate) continue;
    let report;
    try {
      report = JSON.parse(line.slice(at + 4));
    } catch {
      continue; // a line cut short: the next read has the rest only if it was still being written
    }
    events.push({
      isolate,
      kind: String(report.gc),
      pauseMs: Number(report.pause) || 0,
      objectBytes: Number(report.start_object_size) || 0,
    });
  }
  return events;
}

/**
 * Reads the collections written to `path` since the last call (starting from the file's end now).
 * Only whole lines are read; a line still being written waits for the next call.
 */
export function gcLogReader(path) {
  const fd = openSync(path, "r");
  let position = fstatSync(fd).size;
  return {
    next() {
      const size = fstatSync(fd).size;
      if (size <= position) return [];
      const buffer = Buffer.alloc(size - position);
      readSync(fd, buffer, 0, buffer.length, position);
      const end = buffer.lastIndexOf(0x0a) + 1; // the bytes up to the last whole line
      position += end;
      return parseGcLines(buffer.subarray(0, end).toString("utf8"));
    },
    close: () => closeSync(fd),
  };
}

/**
 * The Worker's isolate and the others, from the collections seen during the run.
 * - The Worker's isolate holds the app (a 4 MB bundle, compiled): of the isolates that never collected
 *   during a request for the static file (which never reaches the Worker), the one with the biggest heap
 *   (about 80 MB, against 20 MB at most for any other).
 * - The others are every other isolate that collected: Miniflare's entry Worker, wrangler's asset router
 *   and services, D1's and the cache's Workers and Durable Objects. None of them runs on a Worker's CPU on
 *   Cloudflare.
 * With no collection seen outside static-file requests, there is no Worker's isolate and no other.
 * `staticEvents`: the collections during static-file requests; `allEvents`: every collection seen.
 */
export function classifyIsolates({ staticEvents, allEvents }) {
  const duringStatic = new Set(staticEvents.map((event) => event.isolate));
  let worker = null;
  let biggest = -1;
  for (const event of allEvents)
    if (!duringStatic.has(event.isolate) && event.objectBytes > biggest) {
      biggest = event.objectBytes;
      worker = event.isolate;
    }
  const others = new Set(worker ? allEvents.map((event) => event.isolate) : []);
  if (worker) others.delete(worker);
  return { worker, others };
}

/**
 * Whether a request is left out of the Worker's figures: another isolate collected during it and the
 * Worker's did not. A request that met the Worker's own collection is always kept, whatever else ran.
 */
export function leftOut(request, { worker, others }) {
  return (
    request.gcs.some((event) => others.has(event.isolate)) && !request.gcs.some((event) => event.isolate === worker)
  );
}
