import { describe, expect, it } from "vitest";
import { islandsOnly, NO_HYDRATION } from "./hydration";

describe("islandsOnly", () => {
  it("is true when a matched route opts out and none opts in", () => {
    expect(islandsOnly([{ handle: undefined }, { handle: NO_HYDRATION }])).toBe(true);
  });
  it("is false when no route opts out, or one insists on hydration", () => {
    expect(islandsOnly([{ handle: undefined }, { handle: { other: 1 } }])).toBe(false);
    expect(islandsOnly([{ handle: NO_HYDRATION }, { handle: { hydrate: true } }])).toBe(false);
    expect(islandsOnly([])).toBe(false);
  });
  it("ignores a hydrate that is not a boolean", () => {
    expect(islandsOnly([{ handle: { hydrate: "no" } }])).toBe(false);
  });
  it("asks a function with the route's data", () => {
    const forStaff = { hydrate: (data: unknown) => (data as { canManage?: boolean } | undefined)?.canManage === true };
    expect(islandsOnly([{ handle: forStaff, data: { canManage: false } }])).toBe(true);
    expect(islandsOnly([{ handle: forStaff, data: undefined }])).toBe(true);
    expect(islandsOnly([{ handle: forStaff, data: { canManage: true } }])).toBe(false);
  });
});
