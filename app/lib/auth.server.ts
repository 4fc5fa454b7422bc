/**
 * The one auth core for pages and the JSON API.
 *  - Browser requests are identified by the D1-backed session cookie.
 *  - API requests by `Authorization: Bearer <jwt>` (HS256, JWT_SECRET, 7 days).
 * Either way the user and their role are read from the database on every
 * request, so a role change or a password reset applies on the next request.
 *
 * A role is granted to an email (ADMIN_EMAILS, the roles list), but a user acts
 * with it only once they have proved they own that email (`emailVerified`);
 * until then they are a client (`AuthUser.role` is always this effective role).
 *
 * Guards: `get*` returns null, `require*` throws (a redirect to /login for pages,
 * a 401 JSON for API routes). Who may do what is app/lib/permissions.ts; its guards
 * (requirePermission, requireApiPermission, assertCan) are in permissions.server.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { roleAssignments, users, type Role } from "../../db/schema";
import { PreparedRun, batchPrepared, preparedOnce, type Db } from "./db.server";
import type { AppEnv } from "./env.server";
import { can, strongestRole, type Action } from "./permissions";
import { readSession } from "./session.server";
import { hasTwoFactor } from "./two-factor-policy.server";

export type AuthUser = {
  id: string;
  email: string;
  fullName: string;
  /** The effective role: the granted one once the email is verified, client until then. */
  role: Role;
  emailVerified: boolean;
  hasPassword: boolean;
};

type AuthContext = Pick<AppLoadContext, "db" | "env"> & Partial<Pick<AppLoadContext, "requestLog">>;

/** The request log line names the signed-in user (its id only). */
function noteUser<T extends AuthUser | null>(ctx: AuthContext, user: T): T {
  if (user && ctx.requestLog) ctx.requestLog.userId = user.id;
  return user;
}

export const API_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const INVALID_TOKEN_MESSAGE = "Invalid or expired token";
export { FORBIDDEN_MESSAGE } from "./permissions";

/* ------------------------------------------------------------------ roles */

/**
 * The role the configuration and the roles list grant an email, whether or not anyone has
 * proved they own it: admin if listed in ADMIN_EMAILS or assigned admin; teacher if assigned
 * teacher; otherwise client. Acting with it needs a verified email (`effectiveRole`).
 */
export async function grantedRoleForEmail({ db, env }: AuthContext, email: string): Promise<Role> {
  const normalized = email.toLowerCase();
  if (env.ADMIN_EMAILS.includes(normalized)) return "admin";
  const rows = await db
    .select({ role: roleAssignments.role })
    .from(roleAssignments)
    .where(eq(roleAssignments.email, normalized));
  return grantedRole(
    env,
    normalized,
    rows.map((row) => row.role),
  );
}

/** The granted role of an email from its role-list rows (`grantedRoleForEmail`'s rule, for a query that read them). */
function grantedRole(env: AppEnv, email: string, listed: Role[]): Role {
  return env.ADMIN_EMAILS.includes(email.toLowerCase()) ? "admin" : strongestRole(listed);
}

/** The roles listed for the row's email, comma-separated (null: none), read in the same query as the row. */
// Written out: inside the subquery Drizzle names columns without their table, and "email" would be the
// role list's own column.
const listedRoles = sql<
  string | null
>`(select group_concat(role_assignments.role) from role_assignments where role_assignments.email = lower(users.email))`;

/**
 * The verified accounts whose role may do `action` (e.g. the moderators a submission is mailed to),
 * by the permissions table: ADMIN_EMAILS and the roles list, as the guards read them.
 */
export async function accountsWithPermission({ db, env }: AuthContext, action: Action) {
  const listed = await db.select({ email: roleAssignments.email }).from(roleAssignments);
  const emails = [...new Set([...env.ADMIN_EMAILS, ...listed.map((row) => row.email)])];
  const found: { id: string; email: string; fullName: string }[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let start = 0; start < emails.length; start += 90) {
    const rows = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, listed: listedRoles })
      .from(users)
      .where(and(inArray(users.email, emails.slice(start, start + 90)), eq(users.emailVerified, true)));
    for (const row of rows) {
      const role = grantedRole(env, row.email, (row.listed?.split(",") ?? []) as Role[]);
      if (can({ id: row.id, role }, action)) found.push({ id: row.id, email: row.email, fullName: row.fullName });
    }
  }
  return found;
}

/** The role a user acts with: the granted role once their email is verified, client until then. */
export function effectiveRole(granted: Role, emailVerified: boolean): Role {
  return emailVerified ? granted : "client";
}

/** The effective role of the account with this email (client when there is none or it is unverified). */
export async function roleForEmail(ctx: AuthContext, email: string): Promise<Role> {
  const row = await ctx.db.query.users.findFirst({
    where: eq(users.email, email.toLowerCase()),
    columns: { emailVerified: true },
  });
  return effectiveRole(await grantedRoleForEmail(ctx, email), row?.emailVerified ?? false);
}

/** The account query, its SQL built once per Drizzle client (every signed-in request runs it). */
const authUserQuery = preparedOnce((db) =>
  db
    .select({ ...getTableColumns(users), listedRoles })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare(),
);

/** The account query's run for one user, to send in a `batchPrepared` with other reads. */
const authUserRun = (db: Db, userId: string) => PreparedRun.of(authUserQuery(db), { userId });

type AuthUserRow = Awaited<ReturnType<ReturnType<typeof authUserQuery>["execute"]>>[number];

/** The account's row as the user it acts as (null: no such account). */
function toAuthUser(
  ctx: AuthContext,
  row: AuthUserRow | undefined,
): (AuthUser & { credentialsValidAfter: Date | null }) | null {
  if (!row) return null;
  const listed = (row.listedRoles?.split(",") ?? []) as Role[];
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: effectiveRole(grantedRole(ctx.env, row.email, listed), row.emailVerified),
    emailVerified: row.emailVerified,
    hasPassword: Boolean(row.passwordHash),
    credentialsValidAfter: row.credentialsValidAfter,
  };
}

export async function loadAuthUser(
  ctx: AuthContext,
  userId: string,
): Promise<(AuthUser & { credentialsValidAfter: Date | null }) | null> {
  // One query for the account and its role grants: every signed-in request reads it.
  const [row] = await authUserQuery(ctx.db).execute({ userId });
  return toAuthUser(ctx, row);
}

/* ------------------------------------------------------------------ API tokens */

/** The HS256 key of each JWT secret, imported once per isolate (jose imported raw bytes on every call). */
const jwtKeys = new Map<string, Promise<CryptoKey>>();

function jwtKey(env: AppEnv): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  let key = jwtKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    jwtKeys.set(secret, key);
    // A failed import is not kept: the next call tries again.
    key.catch(() => jwtKeys.delete(secret));
  }
  return key;
}

/** `secondFactor`: the sign-in that asked for the token gave a second factor (`tf`; see userForSessionFromToken). */
export async function issueApiToken(
  ctx: AuthContext,
  user: AuthUser,
  now = new Date(),
  { secondFactor = false }: { secondFactor?: boolean } = {},
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const current = await loadAuthUser(ctx, user.id);
  // The credentials version: a password reset changes it, which revokes every earlier token.
  const cv = current?.credentialsValidAfter?.getTime() ?? 0;
  // The spec's client reads id, email and role (and exp); `sub` repeats the id for standard JWT libraries.
  const claims = { id: user.id, fullName: user.fullName, email: user.email, role: user.role, cv };
  return new SignJWT(secondFactor ? { ...claims, tf: true } : claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + API_TOKEN_TTL_SECONDS)
    .sign(await jwtKey(ctx.env));
}

/**
 * Three base64url segments of possible lengths. Checked before jose, whose
 * decoder failure on impossible lengths surfaces as a stray rejection in workerd.
 */
export function isWellFormedJwt(token: string): boolean {
  const parts = token.split(".");
  return (
    parts.length === 3 &&
    parts.every((part) => part.length > 0 && part.length % 4 !== 1 && /^[A-Za-z0-9_-]+$/.test(part))
  );
}

/** A verified token's claims: its user's id (`sub`), the credentials version it was issued for (`cv`), `tf`. */
type TokenClaims = { sub: string; cv: unknown; tf?: unknown };

/** The claims of a well-formed, untampered, unexpired token, or null. */
async function verifiedClaims(ctx: AuthContext, token: string, now: Date): Promise<TokenClaims | null> {
  if (!isWellFormedJwt(token)) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await jwtKey(ctx.env), {
      algorithms: ["HS256"],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
  if (!payload.sub || typeof payload.iat !== "number") return null;
  return { sub: payload.sub, cv: payload.cv, tf: payload.tf };
}

/** The token's user from their account row, or null when there is none or the token was revoked. */
function tokenUser(claims: TokenClaims, user: (AuthUser & { credentialsValidAfter: Date | null }) | null) {
  // A password reset revokes every token issued before it.
  if (!user || (user.credentialsValidAfter?.getTime() ?? 0) !== claims.cv) return null;
  return stripInternal(user);
}

/** The user a bearer token names, or null if it is malformed, tampered, expired or revoked. */
export async function userFromApiToken(ctx: AuthContext, token: string, now = new Date()): Promise<AuthUser | null> {
  const claims = await verifiedClaims(ctx, token, now);
  return claims && tokenUser(claims, await loadAuthUser(ctx, claims.sub));
}

/**
 * The user a token may start a browser session for (/login?token=): as userFromApiToken, and on an
 * account with two-factor only a token whose sign-in gave the second factor, so a token never skips it.
 */
export async function userForSessionFromToken(ctx: AuthContext, token: string, now = new Date()) {
  const claims = await verifiedClaims(ctx, token, now);
  const user = claims && tokenUser(claims, await loadAuthUser(ctx, claims.sub));
  if (!user) return null;
  return claims.tf === true || !(await hasTwoFactor(ctx, user.id)) ? user : null;
}

function stripInternal(user: AuthUser & { credentialsValidAfter?: Date | null }): AuthUser {
  const { credentialsValidAfter: _ignored, ...rest } = user;
  return rest;
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : "";
}

/* ------------------------------------------------------------------ request identity */

const resolved = new WeakMap<Request, Promise<AuthUser | null>>();

/** The signed-in user of a browser request (session cookie), or null. */
export function getOptionalUser(request: Request, ctx: AuthContext): Promise<AuthUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = (async () => {
      const session = await readSession(ctx, request);
      const userId = session.get("userId");
      if (!userId) return null;
      const user = await loadAuthUser(ctx, userId);
      return noteUser(ctx, user ? stripInternal(user) : null);
    })();
    resolved.set(request, pending);
  }
  return pending;
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/** Pages: the signed-in user, or a redirect to /login?redirectTo=… */
export async function requireUser(request: Request, ctx: AuthContext): Promise<AuthUser> {
  const user = await getOptionalUser(request, ctx);
  if (!user) loginRedirect(request);
  return user;
}

/* ------------------------------------------------------------------ API guards */

export function jsonError(message: string, status: number, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status });
}

/**
 * API: the caller named by the bearer token, or null when there is no
 * Authorization header. A header with a bad token is a 401, even on public routes.
 */
export async function getApiUser(request: Request, ctx: AuthContext): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === null) return null;
  const user = token ? await userFromApiToken(ctx, token) : null;
  if (!user) throw jsonError(INVALID_TOKEN_MESSAGE, 401);
  return noteUser(ctx, user);
}

export async function requireApiUser(request: Request, ctx: AuthContext): Promise<AuthUser> {
  const user = await getApiUser(request, ctx);
  if (!user) throw jsonError(INVALID_TOKEN_MESSAGE, 401);
  return user;
}

/**
 * The caller a verified token names (else 401), with `read(userId)` (a prepared query's run) sent to D1 in
 * the same round trip as their account's. The read's rows are returned only with a user the token is
 * accepted for; for any other token they are dropped and the answer is the 401 `getApiUser` gives.
 */
async function tokenUserWith<R>(
  ctx: AuthContext,
  token: string,
  read: (userId: string) => PreparedRun<R>,
): Promise<{ user: AuthUser; rows: R }> {
  // The token is verified before anything is read: a forged one never reaches the database.
  const claims = token ? await verifiedClaims(ctx, token, new Date()) : null;
  if (!claims) throw jsonError(INVALID_TOKEN_MESSAGE, 401);
  const [account, rows] = await batchPrepared(ctx.db, [authUserRun(ctx.db, claims.sub), read(claims.sub)] as const);
  const user = tokenUser(claims, toAuthUser(ctx, account[0]));
  if (!user) throw jsonError(INVALID_TOKEN_MESSAGE, 401);
  return { user: noteUser(ctx, user), rows };
}

/**
 * getApiUser, with a read the endpoint needs anyway in the same D1 round trip as the caller's account
 * (`read(null)` alone without a token): a list every client calls (GET /api/quiz) pays one round trip.
 */
export async function getApiUserWith<R>(
  request: Request,
  ctx: AuthContext,
  read: (userId: string | null) => PreparedRun<R>,
): Promise<{ user: AuthUser | null; rows: R }> {
  const token = bearerToken(request);
  // Awaited here: workerd reports a rejection that is handed on unawaited as unhandled.
  return token === null ? { user: null, rows: await read(null) } : await tokenUserWith(ctx, token, read);
}

/**
 * requireApiUser, with a read of the caller's own rows (`read(userId)`) in the same D1 round trip as
 * their account's: the write a taker repeats (the quiz answer save) pays one round trip for both.
 */
export async function requireApiUserWith<R>(
  request: Request,
  ctx: AuthContext,
  read: (userId: string) => PreparedRun<R>,
): Promise<{ user: AuthUser; rows: R }> {
  const token = bearerToken(request);
  if (token === null) throw jsonError(INVALID_TOKEN_MESSAGE, 401);
  return await tokenUserWith(ctx, token, read);
}

/* ------------------------------------------------------------------ redirects */

/** Only same-site paths are honoured as a place to return to (app/lib/safe-redirect.ts). */
export { safeRedirectPath } from "./safe-redirect";
