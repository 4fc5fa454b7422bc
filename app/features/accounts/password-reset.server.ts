/**
 * Forgot / reset password. Tokens (one-time-tokens.server.ts) are single-use
 * and valid for one hour. A successful reset verifies the email and kills every
 * other reset and verification token of the user, every session, every API
 * token issued before it, every sign-in waiting at the two-factor step, and a
 * Google link made while the email was unverified.
 * The request answer never says whether the email has an account.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { pendingSignIns, users } from "../../../db/schema";
import { firm } from "~/config/firm";
import { HttpError } from "~/lib/http.server";
import { hashPassword } from "~/lib/password.server";
import { clientIpKey, hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { destroyUserSessions } from "~/lib/session.server";
import { assertPasswordAllowed, LIMITS } from "./accounts.server";
import {
  claimToken,
  releaseToken,
  mailOneTimeLink,
  findUsableToken,
  revokeTokensQuery,
} from "./one-time-tokens.server";

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
 * Create a reset token and email the link (built from APP_ORIGIN, never the
 * request's Host), when the account exists. Run it after the response
 * (waitUntil) so the answer takes as long either way.
 */
export async function sendPasswordResetEmail(ctx: Ctx, email: string, now = new Date()) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) return null;
  const setOrReset = user.passwordHash ? "reset your password" : "set a password for your account";
  return mailOneTimeLink(ctx, user, {
    purpose: "password-reset",
    ttlMs: RESET_TOKEN_TTL_MS,
    now,
    path: "/reset-password/",
    subject: `${firm.name}: reset your password`,
    lines: (link) => [
      `Someone (we hope you) asked to ${setOrReset} on ${firm.name}'s website.`,
      `Open this link within one hour to choose a new password:`,
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ],
  });
}

/** Whether a reset token can still be used (for the page to show the form or the error). */
export async function findUsableResetToken(ctx: Ctx, token: string, now = new Date()) {
  return findUsableToken(ctx, "password-reset", token, now);
}

/**
 * Set the new password. The link came by mail, so it proves the email too:
 * the account becomes verified (and any password someone else chose before the
 * owner proved the email is replaced).
 */
export async function resetPassword(ctx: Ctx, token: string, password: string, now = new Date()) {
  const row = await findUsableResetToken(ctx, token, now);
  if (!row) throw new HttpError(400, RESET_INVALID);
  assertPasswordAllowed(ctx, password);
  // The slow part first, so nothing stands between the claim and the write.
  const passwordHash = await hashPassword(password);
  // Claim the token first: of two concurrent uses, only one updates a row.
  const claimed = await claimToken(ctx, "password-reset", token, { now });
  if (!claimed) throw new HttpError(400, RESET_INVALID);
  try {
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({
          passwordHash,
          emailVerified: true,
          // A Google account linked while the email was unproven (Google did not verify it either) was
          // someone's claim to the address, not proof: the owner has now proved it, so that link ends
          // (else it would sign in to the account, with any role granted to the email). The right
          // side reads the row as it was before this update.
          googleSub: sql`case when ${users.emailVerified} then ${users.googleSub} else null end`,
          credentialsValidAfter: now,
          updatedAt: now,
        })
        .where(eq(users.id, claimed.userId)),
      revokeTokensQuery(ctx, claimed.userId, "password-reset", now),
      revokeTokensQuery(ctx, claimed.userId, "email-verification", now),
      // A sign-in the old password took to the two-factor step ends too, as the sessions do.
      ctx.db.delete(pendingSignIns).where(eq(pendingSignIns.userId, claimed.userId)),
    ]);
  } catch (error) {
    // Nothing was saved: the link must still work.
    await releaseToken(ctx, "password-reset", token, now);
    throw error;
  }
  await destroyUserSessions(ctx, claimed.userId);
  return { userId: claimed.userId };
}
