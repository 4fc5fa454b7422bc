import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy, googleOrigins } from "./security-headers.server";

describe("security headers", () => {
  it("adds HSTS for a year outside local mode only", () => {
    const production = applySecurityHeaders(new Response("ok"), { nonce: "abc", isLocal: false });
    expect(production.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    const local = applySecurityHeaders(new Response("ok"), { nonce: "abc", isLocal: true });
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("allows inline script only through the nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "n0nce", isLocal: false });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce'");
    expect(csp).not.toContain("unsafe-inline' 'nonce");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lets Google sign-in through only when it is configured", () => {
    expect(
      googleOrigins({ GOOGLE_CLIENT_ID: "", GOOGLE_AUTH_URL: "https://accounts.google.com/o/oauth2/v2/auth" }),
    ).toEqual([]);
    expect(googleOrigins({ GOOGLE_CLIENT_ID: "id", GOOGLE_AUTH_URL: "http://127.0.0.1:9100/authorize" })).toEqual([
      "http://127.0.0.1:9100",
    ]);
  });
});
