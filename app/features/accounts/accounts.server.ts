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
  peekRateLimit,
  resetRateLimit,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from "~/lib/rate-limit.server";
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

async function refuseIfLimited(ctx: Ctx, rules: RateLimitRule[], mode: "peek" | "hit") {
  for (const item of rules) {
    const state = mode === "peek" ? await peekRateLimit(ctx, item) : await hitRateLimit(ctx, item);
    if (!state.allowed) {
      throw new HttpError(429, tooManyAttemptsMessage(state), { retryAfterSeconds: state.retryAfterSeconds });
    }
  }
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
  await refuseIfLimited(ctx, [rule(LIMITS.registerPerIp, ip)], "hit");
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
 * and per IP address.
 */
export async function loginWithPassword(
  ctx: Ctx,
  request: Request,
  input: { email: string; password: string },
): Promise<AuthUser> {
  const ip = await clientIpKey(request, ctx.env);
  const limits = [rule(LIMITS.loginFailuresPerEmail, input.email), rule(LIMITS.loginFailuresPerIp, ip)];
  await refuseIfLimited(ctx, limits, "peek");

  const row = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const stored = row?.passwordHash ?? (await dummyPasswordHash());
  const valid = await verifyPassword(input.password, stored);
  if (!row || !row.passwordHash || !valid) {
    for (const item of limits) await hitRateLimit(ctx, item);
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  }
  await resetRateLimit(ctx, limits[0]!);
  if (needsRehash(row.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, row.id));
  }
  return (await loadAuthUser(ctx, row.id))!;
}

/** The API's answer to a successful sign-in: `{ user, token }`. */
export async function apiSignInResponse(ctx: Ctx, user: AuthUser, status = 200) {
  return Response.json({ user: publicUser(user), token: await issueApiToken(ctx, user) }, { status });
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
  await refuseIfLimited(ctx, [rule(LIMITS.googlePerIp, await clientIpKey(request, ctx.env))], "hit");
}
