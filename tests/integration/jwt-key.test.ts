// API tokens (app/lib/auth.server.ts): the HS256 key of the JWT secret is imported once per isolate, not on
// every token signed or checked (jose imported the raw secret each time); a token signed with another
// secret is still refused.
import { afterEach, describe, expect, it, vi } from "vitest";
import { issueApiToken, userFromApiToken, type AuthUser } from "~/lib/auth.server";
import { createTestUser, testContext } from "../helpers";

afterEach(() => vi.restoreAllMocks());

describe("API token keys", () => {
  it("import the secret's key at most once, however many tokens are signed and checked", async () => {
    const ctx = testContext();
    const row = await createTestUser();
    const user: AuthUser = { ...row, role: "client", hasPassword: true };
    const importKey = vi.spyOn(crypto.subtle, "importKey");

    for (let i = 0; i < 3; i++) {
      const token = await issueApiToken(ctx, user);
      expect((await userFromApiToken(ctx, token))?.id).toBe(row.id);
    }

    const secret = ctx.env.JWT_SECRET;
    const imports = importKey.mock.calls.filter(
      ([format, raw]) => format === "raw" && new TextDecoder().decode(raw as Uint8Array) === secret,
    );
    // Once, or none when an earlier test in this isolate already imported it; six without the cache.
    expect(imports.length).toBeLessThanOrEqual(1);
  });

  it("refuse a token signed with another secret, each secret keeping its own key", async () => {
    const ctx = testContext();
    const row = await createTestUser();
    const user: AuthUser = { ...row, role: "client", hasPassword: true };
    const other = { ...ctx, env: { ...ctx.env, JWT_SECRET: `${ctx.env.JWT_SECRET}-but-another-one` } };

    const foreign = await issueApiToken(other, user);
    expect(await userFromApiToken(ctx, foreign)).toBeNull();
    expect((await userFromApiToken(other, foreign))?.id).toBe(row.id);
    expect((await userFromApiToken(ctx, await issueApiToken(ctx, user)))?.id).toBe(row.id);
  });
});
