// The bench's attribution of garbage collections to isolates (bench/gc-trace.mjs,
// docs/decisions/111-other-isolates-gc.md): which requests the CPU figures leave out.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { classifyIsolates, gcLogReader, metOthersCollection, parseGcLines } from "../bench/gc-trace.mjs";

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

  it("takes the biggest heap as the Worker's, and the isolates that collected during static-file requests as the others", () => {
    const staticEvents = [event(ENTRY, 12_000_000), event(ROUTER, 6_000_000)];
    const allEvents = [...staticEvents, event(WORKER, 80_000_000), event(D1, 7_000_000), event(WORKER, 20_000_000)];
    const { worker, others } = classifyIsolates({ staticEvents, allEvents });
    expect(worker).toBe(WORKER);
    // D1's isolate never collected during a static-file request: it stays counted as the Worker's.
    expect([...others].sort()).toEqual([ROUTER, ENTRY].sort());
  });

  it("never counts the Worker's isolate as another, even when it collected during a static-file request", () => {
    const staticEvents = [event(WORKER, 80_000_000), event(ENTRY, 12_000_000)];
    const { worker, others } = classifyIsolates({ staticEvents, allEvents: staticEvents });
    expect(worker).toBe(WORKER);
    expect([...others]).toEqual([ENTRY]);
  });

  it("leaves nothing out when no collection was reported", () => {
    const { worker, others } = classifyIsolates({ staticEvents: [], allEvents: [] });
    expect(worker).toBeNull();
    expect(others.size).toBe(0);
  });
});

describe("metOthersCollection", () => {
  const others = new Set([ENTRY, ROUTER]);
  const gc = (isolate: string) => ({ isolate, kind: "s", pauseMs: 1, objectBytes: 1 });

  it("is true only for a request during which one of the others collected", () => {
    expect(metOthersCollection({ gcs: [] }, others)).toBe(false);
    expect(metOthersCollection({ gcs: [gc(WORKER)] }, others)).toBe(false);
    expect(metOthersCollection({ gcs: [gc(D1), gc(WORKER)] }, others)).toBe(false);
    expect(metOthersCollection({ gcs: [gc(WORKER), gc(ENTRY)] }, others)).toBe(true);
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
