/**
 * Forgot / reset password. Tokens are 32 random bytes, stored only as a
 * SHA-256 hash, single-use, valid for one hour. A successful reset kills every
 * other reset token of the user, every session, and every API token issued
 * before it. The request answer never says whether the email has an account.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { passwordResetTokens, users } from "../../../db/schema";
import { firm } from "~/config/firm";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { HttpError } from "~/lib/http.server";
import { sendMail } from "~/lib/mailer.server";
import { hashPassword } from "~/lib/password.server";
import { clientIpKey, hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { destroyUserSessions } from "~/lib/session.server";
import { assertPasswordAllowed, LIMITS } from "./accounts.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

import { RESET_INVALID } from "./messages";

export { RESET_INVALID, RESET_LINK_SENT, RESET_SUCCESS } from "./messages";
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Per-IP and per-email limits on reset requests; throws a 429 when exceeded. */
export async function limitResetRequests(ctx: Ctx, request: Request, email: string) {
  const ip = await clientIpKey(request, ctx.env);
  for (const rule of [
    { ...LIMITS.forgotPerIp, subject: ip },
    { ...LIMITS.forgotPerEmail, subject: email },
  ]) {
    const state = await hitRateLimit(ctx, rule);
    if (!state.allowed) throw new HttpError(429, tooManyAttemptsMessage(state));
  }
}

/**
 * Create a reset token and email the link, when the account exists. Run it
 * after the response (waitUntil) so the answer takes as long either way.
 */
export async function sendPasswordResetEmail(ctx: Ctx, email: string, origin: string, now = new Date()) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) return null;
  const token = randomToken(32);
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: await sha256(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
  const link = new URL(`/reset-password/${token}`, origin).toString();
  const setOrReset = user.passwordHash ? "reset your password" : "set a password for your account";
  await sendMail(ctx, {
    to: user.email,
    kind: "password-reset",
    subject: `${firm.name}: reset your password`,
    text: [
      `Hello ${user.fullName},`,
      "",
      `Someone (we hope you) asked to ${setOrReset} on ${firm.name}'s website.`,
      `Open this link within one hour to choose a new password:`,
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  });
  return token;
}

/** Whether a reset token can still be used (for the page to show the form or the error). */
export async function findUsableResetToken(ctx: Ctx, token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  return ctx.db.query.passwordResetTokens.findFirst({
    where: and(
      eq(passwordResetTokens.tokenHash, await sha256(token)),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    ),
  });
}

export async function resetPassword(ctx: Ctx, token: string, password: string, now = new Date()) {
  const row = await findUsableResetToken(ctx, token, now);
  if (!row) throw new HttpError(400, RESET_INVALID);
  assertPasswordAllowed(ctx, password);
  // Claim the token first: of two concurrent uses, only one updates a row.
  const claimed = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (claimed.length === 0) throw new HttpError(400, RESET_INVALID);
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), credentialsValidAfter: now, updatedAt: now })
      .where(eq(users.id, row.userId)),
    ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt))),
  ]);
  await destroyUserSessions(ctx, row.userId);
  return { userId: row.userId };
}
