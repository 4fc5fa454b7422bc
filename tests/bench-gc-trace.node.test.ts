// The bench's attribution of garbage collections to isolates (bench/gc-trace.mjs,
// docs/decisions/111-other-isolates-gc.md): which requests the CPU figures leave out.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { classifyIsolates, gcLogReader, leftOut, parseGcLines } from "../bench/gc-trace.mjs";

/** A line as workerd's V8 prints it with --trace-gc-nvp (fields cut to those read, plus one more). */
const line = (isolate: string, gc: string, pause: number, objectBytes: number) =>
  `[4242:${isolate}:0]     1303 ms: GC: {"pause":${pause},"mutator":1.5,"gc":"${gc}","start_object_size":${objectBytes},"promoted":1024}`;

const WORKER = "0x314e7fc68000";
const ENTRY = "0x314e7e6d8000";
const ROUTER = "0x1d13fe50000";
const D1 = "0x314e7fdb0000";

describe("parseGcLines", () => {
  it("reads each collection's isolate, kind, pause and heap size, and skips workerd's other output", () => {
    const text = [
      "workerd/server/server.c++:1234: info: something else workerd printed",
      line(WORKER, "s", 1.722, 15300644),
      line(ENTRY, "mc", 4.02, 6_200_000),
      "",
    ].join("\n");
    expect(parseGcLines(text)).toEqual([
      { isolate: WORKER, kind: "s", pauseMs: 1.722, objectBytes: 15300644 },
      { isolate: ENTRY, kind: "mc", pauseMs: 4.02, objectBytes: 6_200_000 },
    ]);
  });

  it("skips a report cut short", () => {
    const whole = line(WORKER, "s", 1, 10);
    expect(parseGcLines(whole.slice(0, whole.length - 5))).toEqual([]);
  });
});

describe("classifyIsolates", () => {
  const event = (isolate: string, objectBytes: number) => ({ isolate, kind: "s", pauseMs: 1, objectBytes });

  it("takes as the Worker's the biggest heap of the isolates that never collected during a static-file request; every other isolate is another", () => {
    // The entry Worker's heap is the biggest here, but it collected during a static-file request: not the Worker.
    const staticEvents = [event(ENTRY, 90_000_000), event(ROUTER, 6_000_000)];
    const allEvents = [...staticEvents, event(WORKER, 80_000_000), event(D1, 7_000_000), event(WORKER, 20_000_000)];
    const { worker, others } = classifyIsolates({ staticEvents, allEvents });
    expect(worker).toBe(WORKER);
    // D1's isolate never collected during a static-file request, and it is not the Worker's either.
    expect([...others].sort()).toEqual([D1, ENTRY, ROUTER].sort());
  });

  it("finds no Worker's isolate, and no other, when every isolate that collected did so during a static-file request", () => {
    const staticEvents = [event(ENTRY, 12_000_000)];
    expect(classifyIsolates({ staticEvents, allEvents: staticEvents })).toEqual({ worker: null, others: new Set() });
  });

  it("leaves nothing out when no collection was reported", () => {
    const { worker, others } = classifyIsolates({ staticEvents: [], allEvents: [] });
    expect(worker).toBeNull();
    expect(others.size).toBe(0);
  });
});

describe("leftOut", () => {
  const isolates = { worker: WORKER, others: new Set([ENTRY, ROUTER, D1]) };
  const gc = (isolate: string) => ({ isolate, kind: "s", pauseMs: 1, objectBytes: 1 });

  it("leaves out a request during which another isolate collected and the Worker's did not", () => {
    expect(leftOut({ gcs: [gc(ENTRY)] }, isolates)).toBe(true);
    expect(leftOut({ gcs: [gc(D1), gc(ROUTER)] }, isolates)).toBe(true);
  });

  it("keeps a request that met no collection, or one of the Worker's, whatever else collected", () => {
    expect(leftOut({ gcs: [] }, isolates)).toBe(false);
    expect(leftOut({ gcs: [gc(WORKER)] }, isolates)).toBe(false);
    expect(leftOut({ gcs: [gc(ENTRY), gc(WORKER)] }, isolates)).toBe(false);
  });

  it("keeps everything when the Worker's isolate is unknown", () => {
    expect(leftOut({ gcs: [gc(ENTRY)] }, { worker: null, others: new Set() })).toBe(false);
  });
});

describe("gcLogReader", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads only what was written since the last call, and a line once it is whole", () => {
    dir = mkdtempSync(join(tmpdir(), "gc-trace-"));
    const file = join(dir, "gc.log");
    writeFileSync(file, `${line(ENTRY, "s", 1, 1)}\n`);
    const reader = gcLogReader(file);
    try {
      // What was there before the reader opened is not this run's.
      expect(reader.next()).toEqual([]);
      const report = line(WORKER, "s", 2, 3);
      appendFileSync(file, report.slice(0, 20));
      expect(reader.next()).toEqual([]);
      appendFileSync(file, `${report.slice(20)}\n${line(ROUTER, "mc", 4, 5)}\n`);
      expect(reader.next().map((event) => [event.isolate, event.kind])).toEqual([
        [WORKER, "s"],
        [ROUTER, "mc"],
      ]);
      expect(reader.next()).toEqual([]);
    } finally {
      reader.close();
    }
  });
});
