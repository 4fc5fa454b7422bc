/**
 * Two-factor sign-in with TOTP (RFC 6238, 6 digits, 30-second steps) through
 * the `otpauth` library, plus single-use recovery codes.
 *
 *  - The secret is stored AES-GCM encrypted with a key derived from the
 *    TOTP_ENCRYPTION_KEY secret binding.
 *  - A code is accepted for the current step and one step either side (clock
 *    drift); the accepted step is stored and no code of that step or an
 *    earlier one is accepted again (no replay), in one conditional UPDATE.
 *  - Recovery codes are random, shown once, stored as SHA-256; using one is
 *    one conditional UPDATE, so it works once even under parallel requests.
 *  - After a correct password (or Google) an account with two-factor gets a
 *    pending sign-in (a row keyed by the SHA-256 of a random id held in a
 *    10-minute cookie), not a session; the code completes it.
 *  - A wrong code counts toward the same per-email lockout as a wrong
 *    password (`recordFailedSecondFactor`, the one place that records it).
 *
 * Every function takes `now` so tests control the clock.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { pendingSignIns, siteSettings, twoFactorRecoveryCodes, userTwoFactor, users } from "../../../db/schema";
import { firm } from "~/config/firm";
import { loadAuthUser, safeRedirectPath, type AuthUser } from "~/lib/auth.server";
import { auditStatement } from "~/lib/audit.server";
import { can, FORBIDDEN_MESSAGE } from "~/lib/permissions";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { HttpError } from "~/lib/http.server";
import { verifyPassword } from "~/lib/password.server";
import { cookieHeaderFor } from "~/lib/cookies";
import { endOtherSignInsStatements, siteCookie } from "~/lib/session.server";
import {
  clientIpKey,
  hitRateLimit,
  peekRateLimit,
  resetRateLimit,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from "~/lib/rate-limit.server";
import { SITE_SETTINGS_ID, hasTwoFactor, staffTwoFactorRequired } from "~/lib/two-factor-policy.server";
import { LIMITS, signInAndRedirect } from "./accounts.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;
export const TWO_FACTOR_PATH = "/login/two-factor";
export const SECURITY_PATH = "/account/security";

export const INVALID_CODE_MESSAGE = "That code is not valid. Enter the current code from your app, or a recovery code.";
export const TWO_FACTOR_REQUIRED_MESSAGE = "Two-factor authentication code required";
export const PENDING_EXPIRED_MESSAGE = "Your sign-in has expired. Log in again.";
/** Where a code sent after its sign-in expired lands: the login page, which says so (`?error=expired`). */
export const SIGN_IN_EXPIRED_PATH = "/login?error=expired";
export const ALREADY_ENABLED_MESSAGE = "Two-factor sign-in is already on.";
export const NO_PASSWORD_MESSAGE =
  "This account has no password yet (you sign in with Google). Set one with Forgot password, then turn two-factor sign-in off.";
export const NOT_ENABLED_MESSAGE = "Two-factor sign-in is not on.";
export const NO_SETUP_MESSAGE = "Start the setup again: no setup is waiting for a code.";
export const SET_UP_YOURSELF_FIRST_MESSAGE = "Turn on two-factor sign-in for your own account first.";
export const WRONG_PASSWORD_MESSAGE = "The password is not correct.";

/* ------------------------------------------------------------------ secret encryption (AES-GCM) */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function encryptionKey(env: Ctx["env"]): Promise<CryptoKey> {
  let key = keys.get(env.TOTP_ENCRYPTION_KEY);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(`totp-secret-v1:${env.TOTP_ENCRYPTION_KEY}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(env.TOTP_ENCRYPTION_KEY, key);
  }
  return key;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** "v1.<iv>.<ciphertext>"; the user id is bound in as additional data, so a secret cannot be moved to another row. */
export async function encryptSecret(env: Ctx["env"], userId: string, base32: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(userId) },
    await encryptionKey(env),
    encoder.encode(base32),
  );
  return `v1.${toB64(iv)}.${toB64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: Ctx["env"], userId: string, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("unknown two-factor secret format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromB64(iv), additionalData: encoder.encode(userId) },
    await encryptionKey(env),
    fromB64(sealed),
  );
  return new TextDecoder().decode(plain);
}

/* ------------------------------------------------------------------ TOTP */

function totpFor(base32: string, label = "") {
  return new TOTP({
    issuer: firm.name,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The 30-second step a moment falls in. */
export function timeStep(now: Date) {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step a code belongs to (current, or one either side), or null when it matches none. */
function matchingStep(base32: string, code: string, now: Date): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : timeStep(now) + delta;
}

/** Digits only ("123 456" → "123456"); recovery codes lose spaces and dashes and are lower-cased. */
function normalizeCode(code: string) {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

const isTotpShaped = (code: string) => /^\d{6}$/.test(code);

/* ------------------------------------------------------------------ status and setup */

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** A setup waiting for its first code: the secret to show again. */
  pendingSetup: { secret: string; uri: string } | null;
};

export async function twoFactorStatus(ctx: Ctx, user: Pick<AuthUser, "id" | "email">): Promise<TwoFactorStatus> {
  const row = await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) });
  if (!row) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, pendingSetup: null };
  if (!row.enabledAt) {
    const secret = await decryptSecret(ctx.env, user.id, row.secretEncrypted);
    return {
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      pendingSetup: { secret, uri: totpFor(secret, user.email).toString() },
    };
  }
  const codes = await ctx.db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: codes.length, pendingSetup: null };
}

/**
 * Start (or restart) setup: a new random 160-bit secret, stored encrypted and
 * not yet enabled. Returns the base32 secret and the otpauth:// URI for the QR code.
 */
export async function beginTwoFactorSetup(ctx: Ctx, user: Pick<AuthUser, "id" | "email">, now = new Date()) {
  if (await hasTwoFactor(ctx, user.id)) throw new HttpError(409, ALREADY_ENABLED_MESSAGE);
  const secret = new Secret({ size: 20 }).base32;
  const secretEncrypted = await encryptSecret(ctx.env, user.id, secret);
  await ctx.db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: now },
      // Never replace an enabled secret.
      setWhere: isNull(userTwoFactor.enabledAt),
    });
  return { secret, uri: totpFor(secret, user.email).toString() };
}

function newRecoveryCode() {
  // 10 characters of base32 (50 bits), shown as xxxxx-xxxxx.
  const raw = new Secret({ size: 10 }).base32.slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

async function recoveryCodeHash(code: string) {
  return sha256(`recovery:${normalizeCode(code)}`);
}

/** Confirm setup with a current code: enables two-factor and returns the recovery codes (shown once). */
export async function confirmTwoFactorSetup(
  ctx: Ctx,
  user: Pick<AuthUser, "id">,
  code: string,
  now = new Date(),
  current?: Request,
): Promise<string[]> {
  const row = await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) });
  if (!row) throw new HttpError(409, NO_SETUP_MESSAGE);
  if (row.enabledAt) throw new HttpError(409, ALREADY_ENABLED_MESSAGE);
  const secret = await decryptSecret(ctx.env, user.id, row.secretEncrypted);
  const step = matchingStep(secret, normalizeCode(code), now);
  if (step === null) throw new HttpError(400, INVALID_CODE_MESSAGE, { errors: { code: [INVALID_CODE_MESSAGE] } });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(recoveryCodeHash));
  // Sign-ins made without the second factor end with it: every other session and every earlier token.
  const endOthers = await endOtherSignInsStatements(ctx, user.id, current, now);
  const [enabled] = await ctx.db.batch([
    ctx.db
      .update(userTwoFactor)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, user.id), isNull(userTwoFactor.enabledAt)))
      .returning({ userId: userTwoFactor.userId }),
    ctx.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ctx.db
      .insert(twoFactorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: user.id, codeHash, createdAt: now }))),
    ...endOthers,
  ]);
  if (!enabled.length) {
    // Another request enabled it first; its recovery codes stand, ours must not.
    throw new HttpError(409, ALREADY_ENABLED_MESSAGE);
  }
  return codes;
}

/* ------------------------------------------------------------------ checking a code */

/**
 * Is this a valid second factor for the user right now? A TOTP code (current
 * step or one either side, never a step already used) or an unused recovery
 * code, which is used up. No rate limiting here: see `checkSecondFactor`.
 */
export async function verifySecondFactor(ctx: Ctx, userId: string, code: string, now = new Date()): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!normalized || normalized.length > 32) return false;
  const row = await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, userId) });
  if (!row?.enabledAt) return false;
  if (isTotpShaped(normalized)) {
    const secret = await decryptSecret(ctx.env, userId, row.secretEncrypted);
    const step = matchingStep(secret, normalized, now);
    if (step === null) return false;
    // One statement: two requests with the same code cannot both pass.
    const claimed = await ctx.db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return claimed.length > 0;
  }
  const used = await ctx.db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, await recoveryCodeHash(normalized)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

function lockoutRules(email: string, ipKey: string) {
  return {
    email: { ...LIMITS.loginFailuresPerEmail, subject: email } as RateLimitRule,
    ip: { ...LIMITS.loginFailuresPerIp, subject: ipKey } as RateLimitRule,
  };
}

/**
 * The one place a wrong second factor is recorded: the same per-email and
 * per-IP failed-login counters as a wrong password.
 */
async function recordFailedSecondFactor(ctx: Ctx, rules: ReturnType<typeof lockoutRules>, now: Date) {
  await hitRateLimit(ctx, { ...rules.ip, now });
}

/**
 * A second factor checked under the login lockout. The per-email slot is taken
 * before the code is checked (one atomic upsert), so N parallel wrong codes
 * check at most the limit; a correct code gives the slot back (the counter is reset).
 */
export async function checkSecondFactor(
  ctx: Ctx,
  request: Request,
  user: Pick<AuthUser, "id" | "email">,
  code: string,
  now = new Date(),
) {
  const rules = lockoutRules(user.email, await clientIpKey(request, ctx.env));
  const ipState = await peekRateLimit(ctx, { ...rules.ip, now });
  if (!ipState.allowed) throw tooMany(ipState);
  const reserved = await hitRateLimit(ctx, { ...rules.email, now });
  if (!reserved.allowed) throw tooMany(reserved);
  if (!(await verifySecondFactor(ctx, user.id, code, now))) {
    await recordFailedSecondFactor(ctx, rules, now);
    throw new HttpError(401, INVALID_CODE_MESSAGE, { errors: { code: [INVALID_CODE_MESSAGE] } });
  }
  await resetRateLimit(ctx, rules.email);
}

function tooMany(state: { retryAfterSeconds: number }) {
  return new HttpError(429, tooManyAttemptsMessage(state), { retryAfterSeconds: state.retryAfterSeconds });
}

/* ------------------------------------------------------------------ turning it off */

/** Needs the account's password and a current code (or a recovery code); removes the secret and the codes. */
export async function disableTwoFactor(
  ctx: Ctx,
  request: Request,
  user: Pick<AuthUser, "id" | "email">,
  input: { password: string; code: string },
  now = new Date(),
) {
  // The request's own session stays; every other one and every token ends.
  if (!(await hasTwoFactor(ctx, user.id))) throw new HttpError(409, NOT_ENABLED_MESSAGE);
  const row = await ctx.db.query.users.findFirst({ where: eq(users.id, user.id), columns: { passwordHash: true } });
  // An account that signs in with Google has no password to give: say how to get one, not that it is wrong.
  if (!row?.passwordHash) {
    throw new HttpError(400, NO_PASSWORD_MESSAGE, { errors: { password: [NO_PASSWORD_MESSAGE] } });
  }
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new HttpError(400, WRONG_PASSWORD_MESSAGE, { errors: { password: [WRONG_PASSWORD_MESSAGE] } });
  }
  await checkSecondFactor(ctx, request, user, input.code, now);
  await ctx.db.batch([
    ctx.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id)),
    ctx.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ctx.db.delete(pendingSignIns).where(eq(pendingSignIns.userId, user.id)),
    ...(await endOtherSignInsStatements(ctx, user.id, request, now)),
  ]);
}

/* ------------------------------------------------------------------ pending sign-ins */

const pendingCookie = (env: Ctx["env"]) => siteCookie(env, "two_factor", PENDING_SIGN_IN_TTL_MS / 1000);

/** Record a half-signed-in user and return the Set-Cookie that holds its id. */
export async function createPendingSignIn(ctx: Ctx, userId: string, redirectTo: unknown, now = new Date()) {
  const id = randomToken(32);
  await ctx.db.insert(pendingSignIns).values({
    id: await sha256(id),
    userId,
    redirectTo: safeRedirectPath(redirectTo),
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS),
    createdAt: now,
  });
  return pendingCookie(ctx.env).serialize(id);
}

/** The request's pending sign-in, if its cookie is valid and it has not expired. */
export async function readPendingSignIn(ctx: Ctx, request: Request, now = new Date()) {
  let id: unknown;
  try {
    id = await pendingCookie(ctx.env).parse(cookieHeaderFor(request, pendingCookie(ctx.env).name));
  } catch {
    return null;
  }
  if (typeof id !== "string" || !id) return null;
  const row = await ctx.db.query.pendingSignIns.findFirst({
    where: and(eq(pendingSignIns.id, await sha256(id)), gt(pendingSignIns.expiresAt, now)),
  });
  if (!row) return null;
  const user = await ctx.db.query.users.findFirst({
    where: eq(users.id, row.userId),
    columns: { id: true, email: true },
  });
  return user ? { id: row.id, redirectTo: row.redirectTo, user } : null;
}

/** The Set-Cookie that forgets the pending sign-in cookie. */
export function clearPendingCookie(ctx: Ctx) {
  return pendingCookie(ctx.env).serialize("", { maxAge: 0 });
}

/**
 * The second step of a page sign-in: the pending sign-in's user gives a code;
 * on success the pending row is consumed and the session starts.
 */
export async function completePendingSignIn(ctx: Ctx, request: Request, code: string, now = new Date()) {
  const pending = await readPendingSignIn(ctx, request, now);
  // Nothing left to complete: back to the password, saying why (an answer on this page would be lost
  // without JavaScript, where the page's own loader sends a request without a sign-in to /login).
  const expired = async () =>
    redirect(SIGN_IN_EXPIRED_PATH, {
      headers: { "Set-Cookie": await clearPendingCookie(ctx), "Cache-Control": "no-store" },
    });
  if (!pending) throw await expired();
  await checkSecondFactor(ctx, request, pending.user, code, now);
  const consumed = await ctx.db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, pending.id))
    .returning({ id: pendingSignIns.id });
  if (!consumed.length) throw await expired();
  const user = await loadAuthUser(ctx, pending.user.id);
  if (!user) throw await expired();
  const response = await signInAndRedirect(ctx, request, user, pending.redirectTo);
  response.headers.append("Set-Cookie", await clearPendingCookie(ctx));
  return response;
}

/**
 * Every interactive sign-in ends here (password page, Google): an account with
 * two-factor goes to the code step; staff without it are asked to set it up;
 * anyone else is signed in.
 */
export async function finishSignIn(ctx: Ctx, request: Request, user: AuthUser, redirectTo: unknown) {
  if (await hasTwoFactor(ctx, user.id)) {
    const cookie = await createPendingSignIn(ctx, user.id, redirectTo);
    return redirect(TWO_FACTOR_PATH, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  if (can(user, "staff-area:enter")) {
    const next = safeRedirectPath(redirectTo);
    return signInAndRedirect(ctx, request, user, `${SECURITY_PATH}?${new URLSearchParams({ prompt: "1", next })}`);
  }
  return signInAndRedirect(ctx, request, user, redirectTo);
}

/**
 * API password login, second step: an account with two-factor needs `code`
 * in the same request (401 `{message, twoFactorRequired: true}` without it).
 */
export async function requireApiSecondFactor(
  ctx: Ctx,
  request: Request,
  user: Pick<AuthUser, "id" | "email">,
  code: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!(await hasTwoFactor(ctx, user.id))) return false;
  if (code === undefined || code.trim() === "") {
    throw new HttpError(401, TWO_FACTOR_REQUIRED_MESSAGE, { twoFactorRequired: true });
  }
  try {
    await checkSecondFactor(ctx, request, user, code, now);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      throw new HttpError(401, INVALID_CODE_MESSAGE, {
        twoFactorRequired: true,
        errors: { code: [INVALID_CODE_MESSAGE] },
      });
    }
    throw error;
  }
  return true;
}

/* ------------------------------------------------------------------ the site setting */

export { staffTwoFactorRequired };

/**
 * Either way the change needs an admin who has two-factor (so satisfies the rule) and confirms it with a
 * current code; it writes its activity-log row in the same batch.
 */
export async function setStaffTwoFactorRequired(
  ctx: Ctx,
  request: Request,
  admin: Pick<AuthUser, "id" | "email" | "role">,
  input: { required: boolean; code: string },
  now = new Date(),
) {
  if (!can(admin, "settings:manage")) throw new HttpError(403, FORBIDDEN_MESSAGE);
  if (!(await hasTwoFactor(ctx, admin.id))) throw new HttpError(409, SET_UP_YOURSELF_FIRST_MESSAGE);
  await checkSecondFactor(ctx, request, admin, input.code, now);
  const before = await staffTwoFactorRequired(ctx);
  const { required } = input;
  await ctx.db.batch([
    ctx.db
      .insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, staffTwoFactorRequired: required, updatedAt: now, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { staffTwoFactorRequired: required, updatedAt: now, updatedBy: admin.id },
      }),
    auditStatement(
      ctx,
      admin,
      {
        kind: "site-setting",
        id: SITE_SETTINGS_ID,
        action: "edit",
        summary: `staff two-factor: ${before ? "required" : "optional"} → ${required ? "required" : "optional"}`,
      },
      now,
    ),
  ]);
}
