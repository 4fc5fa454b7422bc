// A password reset the database cannot save leaves the link usable. Its own file: it adds a
// trigger that makes every update of users fail.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeTokens, users } from "../../../db/schema";
import { createTestUser, testContext } from "../../../tests/helpers";
import { createOneTimeToken } from "./one-time-tokens.server";
import { findUsableResetToken, RESET_TOKEN_TTL_MS, resetPassword } from "./password-reset.server";

describe("a password reset the database refuses", () => {
  it("changes nothing and keeps the link usable; the next try succeeds and spends it", async () => {
    const ctx = testContext();
    const user = await createTestUser();
    const token = await createOneTimeToken(ctx, {
      userId: user.id,
      purpose: "password-reset",
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    const before = await ctx.db.query.users.findFirst({ where: eq(users.id, user.id) });

    await env.DB.exec(
      "CREATE TRIGGER users_refuse BEFORE UPDATE ON users BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
    );
    await expect(resetPassword(ctx, token, "A new long passphrase 1")).rejects.toThrow(/disk full/);
    const unchanged = await ctx.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(unchanged?.passwordHash).toBe(before?.passwordHash);
    expect(await findUsableResetToken(ctx, token)).not.toBeNull();

    await env.DB.exec("DROP TRIGGER users_refuse");
    await expect(resetPassword(ctx, token, "A new long passphrase 1")).resolves.toEqual({ userId: user.id });
    const changed = await ctx.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(changed?.passwordHash).not.toBe(before?.passwordHash);
    expect(await findUsableResetToken(ctx, token)).toBeNull();
    const [row] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(row?.usedAt).not.toBeNull();
  });
});
