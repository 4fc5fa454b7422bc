// The cookie-key patch (patches/@remix-run+cloudflare+2.17.5.patch, docs/decisions/110-request-copies.md):
// Remix imported the HMAC key of a cookie secret on every cookie it signed or read. Patched, each secret's
// key is imported once per isolate and usage; signing, verifying and secret rotation are unchanged.
import { createCookie } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

describe("signed cookies", () => {
  it("import each secret's key once, however many cookies are signed and read", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const cookie = createCookie("session", { secrets: ["key-once-secret"] });
    const headers = await Promise.all([1, 2, 3].map((n) => cookie.serialize({ user: n })));
    for (const [index, header] of headers.entries()) {
      expect(await cookie.parse(header.split(";")[0]!)).toEqual({ user: index + 1 });
    }
    const imports = importKey.mock.calls.filter(
      ([, raw]) => new TextDecoder().decode(raw as Uint8Array) === "key-once-secret",
    );
    expect(imports.map(([, , , , usages]) => usages)).toEqual([["sign"], ["verify"]]);
  });

  it("still refuse a tampered value and still read a cookie signed with a rotated-out secret", async () => {
    const old = createCookie("session", { secrets: ["rotated-old"] });
    const signedWithOld = (await old.serialize("alice")).split(";")[0]!;
    const rotated = createCookie("session", { secrets: ["rotated-new", "rotated-old"] });
    expect(await rotated.parse(signedWithOld)).toBe("alice");

    const [name, value] = signedWithOld.split("=") as [string, string];
    const tampered = `${name}=${value.replace(/^[^.]+/, btoa(JSON.stringify("mallory")))}`;
    expect(await rotated.parse(tampered)).toBeNull();
    const other = createCookie("session", { secrets: ["someone-else"] });
    expect(await other.parse(signedWithOld)).toBeNull();
  });
});
