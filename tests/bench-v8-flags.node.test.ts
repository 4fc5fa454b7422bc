// The bench's V8 flags (bench/workerd-gc-trace.sh, bench/capnp-v8-flags.mjs): Miniflare has no option for
// them, so the wrapper adds them to the config Miniflare sends workerd. With --trace-gc-nvp, the real
// workerd must report its collections; without it, none.
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { afterEach, describe, expect, it } from "vitest";

const workerd = (createRequire(createRequire(import.meta.url).resolve("miniflare"))("workerd") as { default: string })
  .default;
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

async function collectionsReported(flags: string | undefined) {
  const log = join(mkdtempSync(join(tmpdir(), "v8-flags-")), "gc.log");
  Object.assign(process.env, {
    MINIFLARE_WORKERD_PATH: resolve("bench/workerd-gc-trace.sh"),
    BENCH_WORKERD: workerd,
    BENCH_GC_LOG: log,
    BENCH_V8_FLAGS: flags ?? "",
  });
  const mf = new Miniflare({
    modules: true,
    script: `export default { fetch() { const a = []; for (let i = 0; i < 300000; i++) a.push({ i, s: "x" + i });
      return new Response(String(a.length)); } }`,
  });
  try {
    for (let i = 0; i < 3; i++) expect(await (await mf.dispatchFetch("http://bench.test/")).text()).toBe("300000");
  } finally {
    await mf.dispose();
  }
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.includes('"pause"')).length;
}

describe("the bench's workerd wrapper", () => {
  it("passes V8 flags to workerd through its config", async () => {
    expect(await collectionsReported("--trace-gc-nvp")).toBeGreaterThan(0);
    expect(await collectionsReported(undefined)).toBe(0);
  }, 60_000);
});
