// The vitest-pool bug fix (patches/@cloudflare+vitest-pool-workers+0.12.21.patch, patches/README.md): the
// pool's entrypoint wrapper wrapped its prototype in one more Proxy on every construction, and workerd
// constructs the entrypoint once per request, so each lookup walked a chain as long as the runtime's life.
// The test runs the installed function itself, read from the pool's worker bundle.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Wrap = (superClass: new () => object, unknownKey: (key: string) => unknown) => new () => object;

function installedCreateProxyPrototypeClass(): Wrap {
  const root = join(process.cwd(), "node_modules/@cloudflare/vitest-pool-workers");
  const source = readFileSync(join(root, "dist/worker/lib/cloudflare/test-internal.mjs"), "utf8");
  const start = source.indexOf("function createProxyPrototypeClass(");
  const end = source.indexOf("\n  return Class;\n}", start);
  expect(start, "the pool no longer has createProxyPrototypeClass: recheck the patch").toBeGreaterThan(-1);
  const body = source.slice(start, end) + "\n  return Class;\n}";
  return new Function(`const IGNORED_KEYS = ["self"]; ${body}; return createProxyPrototypeClass;`)() as Wrap;
}

describe("the vitest pool's entrypoint wrapper", () => {
  it("wraps its prototype once, however many times it is constructed", () => {
    let unknownLookups = 0;
    class Entrypoint {
      fetch() {
        return "ok";
      }
    }
    const Wrapper = installedCreateProxyPrototypeClass()(Entrypoint, () => {
      unknownLookups++;
      return undefined;
    });
    let instance = new Wrapper() as Record<string, unknown>;
    for (let request = 0; request < 50; request++) instance = new Wrapper() as Record<string, unknown>;
    expect((instance.fetch as () => string)()).toBe("ok");
    void instance.notAMethod;
    expect(unknownLookups, "one lookup walked a chain of proxies").toBe(1);
  });
});
