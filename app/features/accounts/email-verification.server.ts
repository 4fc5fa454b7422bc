/**
 * Email verification. A role is granted to an email, so nobody acts
 * with it before proving they own that email: registering stores the account
 * unverified (a client whatever the role lists say, see app/lib/auth.server.ts)
 * and mails a link (a one-time token, 24 hours). Opening it verifies the
 * account, but only in that account's own session: the person who chose the
 * password must be the one who reads the mail. Otherwise whoever registered
 * someone else's address first could wait for the owner to click the link and
 * keep a verified (perhaps admin) account with their own password. The owner
 * who never registered recovers the address with "Forgot password" instead,
 * which verifies it and replaces the password.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { firm } from "~/config/firm";
import type { AuthUser } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { clientIpKey, hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { ALREADY_VERIFIED, VERIFY_INVALID, VERIFY_OTHER_ACCOUNT } from "./messages";
import { claimToken, findUsableToken, mailOneTimeLink, revokeTokensQuery } from "./one-time-tokens.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

const HOUR = 60 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * HOUR;

/** Resending from the dashboard or the API (before RATE_LIMIT_MULTIPLIER). */
export const RESEND_LIMITS = {
  perUser: { name: "verify-resend-user", limit: 3, windowMs: HOUR },
  perIp: { name: "verify-resend-ip", limit: 10, windowMs: HOUR },
} as const;

/**
 * Create a verification token and mail the link (built from APP_ORIGIN). Returns the token.
 * `replaceEarlier` (a resend): the links mailed before stop working, so only the newest mail counts.
 */
export async function sendVerificationEmail(
  ctx: Ctx,
  user: Pick<AuthUser, "id" | "email" | "fullName">,
  now = new Date(),
  { replaceEarlier = false }: { replaceEarlier?: boolean } = {},
): Promise<string> {
  return mailOneTimeLink(ctx, user, {
    purpose: "email-verification",
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
    now,
    replaceEarlier,
    path: "/verify-email/",
    subject: `${firm.name}: confirm your email`,
    lines: (link) => [
      `Please confirm that this is your email address for your account on ${firm.name}'s website.`,
      "Open this link within 24 hours (you will be asked to log in if you are not already):",
      link,
      "",
      "If you did not create an account, ignore this email: nothing happens without this link.",
      "If someone else registered with your address, use 'Forgot password' on the login page to take it over.",
    ],
  });
}

/** Mail a new link to a signed-in, unverified user; limited per user and per IP (429). */
export async function resendVerificationEmail(ctx: Ctx, request: Request, user: AuthUser, now = new Date()) {
  if (user.emailVerified) throw new HttpError(409, ALREADY_VERIFIED);
  const ip = await clientIpKey(request, ctx.env);
  for (const rule of [
    { ...RESEND_LIMITS.perUser, subject: user.id, now },
    { ...RESEND_LIMITS.perIp, subject: ip, now },
  ]) {
    const state = await hitRateLimit(ctx, rule);
    if (!state.allowed) {
      throw new HttpError(429, tooManyAttemptsMessage(state), { retryAfterSeconds: state.retryAfterSeconds });
    }
  }
  await sendVerificationEmail(ctx, user, now, { replaceEarlier: true });
}

/**
 * Verify the signed-in user's email with a token from the mail. Throws a 400
 * for an unknown, used or expired token and a 403 for another account's token
 * (which stays usable). A user already verified gets a 409 for a dead token.
 */
export async function verifyEmail(ctx: Ctx, user: AuthUser, token: string, now = new Date()) {
  const row = await findUsableToken(ctx, "email-verification", token, now);
  if (!row) throw new HttpError(user.emailVerified ? 409 : 400, user.emailVerified ? ALREADY_VERIFIED : VERIFY_INVALID);
  if (row.userId !== user.id) throw new HttpError(403, VERIFY_OTHER_ACCOUNT);
  const claimed = await claimToken(ctx, "email-verification", token, { now, userId: user.id });
  if (!claimed) throw new HttpError(400, VERIFY_INVALID);
  await ctx.db.batch([
    ctx.db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id)),
    revokeTokensQuery(ctx, user.id, "email-verification", now),
  ]);
}
