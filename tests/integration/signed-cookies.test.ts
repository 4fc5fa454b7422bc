// The app's signed cookies (app/lib/signed-cookies.server.ts): Remix's cookie factory with signing
// functions that import each secret's HMAC key once per isolate and usage. Signing, verifying, secret
// rotation and the format are Remix's own.
import { createCookie as remixCreateCookie } from "@remix-run/cloudflare";
import { createCookie } from "~/lib/signed-cookies.server";
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

  it("read what Remix's own cookies signed, and Remix reads theirs", async () => {
    const ours = createCookie("session", { secrets: ["shared-format"] });
    const remix = remixCreateCookie("session", { secrets: ["shared-format"] });
    expect(await ours.parse((await remix.serialize({ a: 1 })).split(";")[0]!)).toEqual({ a: 1 });
    expect(await remix.parse((await ours.serialize({ b: 2 })).split(";")[0]!)).toEqual({ b: 2 });
  });

  it("treat a signature that is not base64 as no cookie", async () => {
    const cookie = createCookie("session", { secrets: ["bad-base64"] });
    const [name, value] = (await cookie.serialize("alice")).split(";")[0]!.split("=") as [string, string];
    expect(await cookie.parse(`${name}=${value.replace(/\.[^.]*$/, ".%%%not-base64")}`)).toBeNull();
  });
});
