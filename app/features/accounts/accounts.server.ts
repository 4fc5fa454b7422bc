/**
 * Accounts: registration, password login, Google sign-in, password reset.
 * Pages (through remix-auth) and the JSON API call these same functions.
 * A new account is unverified (a client) until its email is verified
 * (email-verification.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { redirect } from "@remix-run/cloudflare";
import { issueApiToken, loadAuthUser, safeRedirectPath, type AuthUser } from "~/lib/auth.server";
import { createUserSession, readSession, sessionStorage } from "~/lib/session.server";
import { HttpError } from "~/lib/http.server";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";
import {
  clientIpKey,
  hitRateLimit,
  refundAttempt,
  reserveAttempt,
  resetRateLimit,
  tooManyAttemptsMessage,
  type RateLimitRule,
  type RateLimitState,
} from "~/lib/rate-limit.server";
import { hasTwoFactor } from "~/lib/two-factor-policy.server";
import { logError } from "~/lib/log.server";
import { sendVerificationEmail } from "./email-verification.server";
import { passwordPolicyProblem } from "./password-policy.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Log in, or reset your password.";

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

/** The abuse limits (before RATE_LIMIT_MULTIPLIER, which only local mode honours). */
export const LIMITS = {
  loginFailuresPerEmail: { name: "login-fail-email", limit: 5, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerIp: { name: "login-fail-ip", limit: 20, windowMs: FIFTEEN_MINUTES },
  registerPerIp: { name: "register-ip", limit: 10, windowMs: HOUR },
  forgotPerEmail: { name: "forgot-email", limit: 3, windowMs: HOUR },
  forgotPerIp: { name: "forgot-ip", limit: 10, windowMs: HOUR },
  googlePerIp: { name: "google-ip", limit: 20, windowMs: FIFTEEN_MINUTES },
} as const;

function rule(base: (typeof LIMITS)[keyof typeof LIMITS], subject: string): RateLimitRule {
  return { ...base, subject };
}

function tooMany(state: RateLimitState) {
  return new HttpError(429, tooManyAttemptsMessage(state), { retryAfterSeconds: state.retryAfterSeconds });
}

async function refuseIfLimited(ctx: Ctx, rules: RateLimitRule[]) {
  for (const item of rules) {
    const state = await hitRateLimit(ctx, item);
    if (!state.allowed) throw tooMany(state);
  }
}

export type SignInAttempt = {
  /** The secret was right: forget the account's failures and give the address its slot back. */
  succeeded(): Promise<void>;
  /** The password was right but a second factor is still due: give the slots back, keep the failures. */
  passwordAccepted(): Promise<void>;
};

/**
 * Reserve a failed-attempt slot for the account and for the client's address before checking a
 * secret (a password here; the two-factor step reuses it for codes, so both count toward one
 * lockout). Each reservation is one conditional D1 statement (`reserveAttempt`), so parallel
 * attempts check at most the limit (docs/decisions/072-atomic-throttle.md). Throws a 429 when
 * either is used up. A wrong secret keeps both slots (they are its failure count); call
 * `succeeded()` after a right one.
 */
export async function reserveSignInAttempt(ctx: Ctx, request: Request, email: string): Promise<SignInAttempt> {
  const perEmail = rule(LIMITS.loginFailuresPerEmail, email);
  const perIp = rule(LIMITS.loginFailuresPerIp, await clientIpKey(request, ctx.env));
  const emailState = await reserveAttempt(ctx, perEmail);
  if (!emailState.allowed) throw tooMany(emailState);
  const ipState = await reserveAttempt(ctx, perIp);
  if (!ipState.allowed) {
    // Refused before any check: this attempt is no failure of the account.
    await refundAttempt(ctx, perEmail);
    throw tooMany(ipState);
  }
  return {
    async succeeded() {
      await Promise.all([resetRateLimit(ctx, perEmail), refundAttempt(ctx, perIp)]);
    },
    async passwordAccepted() {
      await Promise.all([refundAttempt(ctx, perEmail), refundAttempt(ctx, perIp)]);
    },
  };
}

export function publicUser(user: AuthUser) {
  return {
    id: user.id,
    _id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
  };
}

/** Check a new password against the server-only rules; a 400 naming the field when refused. */
export function assertPasswordAllowed(ctx: Ctx, password: string) {
  const problem = passwordPolicyProblem(password, ctx.env);
  if (problem) throw new HttpError(400, problem, { errors: { password: [problem] } });
}

export async function registerUser(
  ctx: Ctx,
  request: Request,
  input: { fullName: string; email: string; password: string },
): Promise<AuthUser> {
  const ip = await clientIpKey(request, ctx.env);
  await refuseIfLimited(ctx, [rule(LIMITS.registerPerIp, ip)]);
  assertPasswordAllowed(ctx, input.password);
  const existing = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email), columns: { id: true } });
  if (existing) throw new HttpError(409, DUPLICATE_EMAIL_MESSAGE, { errors: { email: [DUPLICATE_EMAIL_MESSAGE] } });
  const passwordHash = await hashPassword(input.password);
  const [created] = await ctx.db
    .insert(users)
    .values({ email: input.email, fullName: input.fullName, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Two registrations racing for one email: the loser gets the same answer as above.
  if (!created) throw new HttpError(409, DUPLICATE_EMAIL_MESSAGE, { errors: { email: [DUPLICATE_EMAIL_MESSAGE] } });
  const user = (await loadAuthUser(ctx, created.id))!;
  // The account exists either way; a lost mail is resent from the dashboard.
  try {
    await sendVerificationEmail(ctx, user);
  } catch (error) {
    logError(error, { where: "registration: mailing the verification link" });
  }
  return user;
}

/**
 * Email + password login. The same message and (nearly) the same time for an
 * unknown email and a wrong password; failed attempts are limited per email
 * and per IP address, a slot reserved before the password is checked.
 */
export async function loginWithPassword(
  ctx: Ctx,
  request: Request,
  input: { email: string; password: string },
): Promise<AuthUser> {
  const attempt = await reserveSignInAttempt(ctx, request, input.email);

  const row = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const stored = row?.passwordHash ?? (await dummyPasswordHash());
  const valid = await verifyPassword(input.password, stored);
  if (!row || !row.passwordHash || !valid) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  // With two-factor on, the lockout is only cleared by a correct code (two-factor.server.ts), else a
  // known password would reset the count of wrong codes.
  if (await hasTwoFactor(ctx, row.id)) await attempt.passwordAccepted();
  else await attempt.succeeded();
  if (needsRehash(row.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, row.id));
  }
  return (await loadAuthUser(ctx, row.id))!;
}

/** The API's answer to a successful sign-in: `{ user, token }`. */
export async function apiSignInResponse(ctx: Ctx, user: AuthUser, status = 200, secondFactor = false) {
  const token = await issueApiToken(ctx, user, new Date(), { secondFactor });
  return Response.json({ user: publicUser(user), token }, { status });
}

/**
 * Start a browser session for the user (a new session id at every login; the
 * request's previous session, if any, is deleted) and redirect.
 */
export async function signInAndRedirect(ctx: Ctx, request: Request, user: AuthUser, redirectTo: unknown) {
  const previous = await readSession(ctx, request);
  if (previous.id) await sessionStorage(ctx).destroySession(previous);
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await createUserSession(ctx, user.id), "Cache-Control": "no-store" },
  });
}

/** Count a Google sign-in attempt against the per-IP limit. */
export async function limitGoogleAttempts(ctx: Ctx, request: Request) {
  await refuseIfLimited(ctx, [rule(LIMITS.googlePerIp, await clientIpKey(request, ctx.env))]);
}
