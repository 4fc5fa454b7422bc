// app/lib/zod-config.ts turns off zod's `new Function` probe without importing zod (so root loads no
// zod on every page): zod must read the setting, whether it loads after the module or before it.
import { describe, expect, it } from "vitest";

describe("zod jitless without importing zod", () => {
  it("zod, loaded after app/lib/zod-config, is jitless and never probes new Function", async () => {
    await import("~/lib/zod-config");
    const { config, util } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
    // Without jitless, Node allows eval and this is true (zod would compile parsers with new Function).
    expect(util.allowsEval.value).toBe(false);
    const { z } = await import("zod");
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
