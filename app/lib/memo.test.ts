import { describe, expect, it } from "vitest";
import { boundedCache } from "./memo";

describe("boundedCache", () => {
  it("computes a key once, and forgets the oldest key when full", () => {
    let computed = 0;
    const cached = boundedCache<string>(2);
    const get = (key: string) => cached(key, () => `${key}:${++computed}`);
    expect(get("a")).toBe("a:1");
    expect(get("a")).toBe("a:1");
    expect(get("b")).toBe("b:2");
    expect(get("c")).toBe("c:3");
    expect(get("b")).toBe("b:2");
    expect(get("a")).toBe("a:4");
  });
});
