import { describe, expect, it } from "vitest";
import { OFFSITE_REDIRECTS } from "../../tests/redirect-vectors";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(OFFSITE_REDIRECTS)("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(safeRedirectPath(value, "/admin/consultations")).toBe("/admin/consultations");
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["/a"], { toString: () => "/a" }])
      expect(safeRedirectPath(value)).toBe("/");
  });

  it.each([
    ["/quiz/results?x=1", "/quiz/results?x=1"],
    ["/admin/consultations?status=contacted&q=a%20b", "/admin/consultations?status=contacted&q=a%20b"],
    ["/blogs/some-article#comments", "/blogs/some-article#comments"],
    ["/a/../b", "/b"],
    ["/verify-email/abc_DEF-123", "/verify-email/abc_DEF-123"],
    ["/", "/"],
  ])("keeps the same-site path %j as %j", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});
