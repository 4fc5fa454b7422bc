/**
 * The server side of the permissions table (./permissions.ts): the guards
 * that refuse. Feature functions call `assertCan`; page loaders and actions
 * call `requirePermission` (a visitor goes to /login, the wrong role gets the
 * 403 page); API routes call `requireApiPermission` (401 / 403 JSON).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import {
  getApiUser,
  getApiUserWith,
  getOptionalUser,
  requireApiUser,
  requireApiUserWith,
  requireUser,
  type AuthUser,
} from "./auth.server";
import type { PreparedRun } from "./db.server";
import { HttpError } from "./http.server";
import { FORBIDDEN_MESSAGE, can, type Action, type Actor, type Owned } from "./permissions";
import {
  blockedUntilTwoFactor,
  STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
  TWO_FACTOR_SETUP_PATH,
} from "./two-factor-policy.server";

type AuthContext = Pick<AppLoadContext, "db" | "env"> & Partial<Pick<AppLoadContext, "requestLog">>;

/** `can`, or throw a 403 HttpError with the product's message (or the page's own wording). */
export function assertCan<A extends Actor>(
  actor: A | null | undefined,
  action: Action,
  resource?: Owned,
  message = FORBIDDEN_MESSAGE,
): asserts actor is A {
  if (!can(actor, action, resource)) throw new HttpError(403, message);
}

/**
 * Staff who must use two-factor and have not set it up reach only the setup page (decision 083): every
 * guard below lets `user` through only after this. Pages are sent to the setup page; the API answers 403.
 */
async function passTwoFactorRule<U extends AuthUser | null>(ctx: AuthContext, user: U, api: boolean): Promise<U> {
  if (user && (await blockedUntilTwoFactor(ctx, user))) {
    throw api
      ? Response.json({ message: STAFF_TWO_FACTOR_REQUIRED_MESSAGE }, { status: 403 })
      : redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`);
  }
  return user;
}

/** Pages: the signed-in user allowed `action`; a visitor is sent to /login, anyone else gets a 403 page. */
export async function requirePermission(
  request: Request,
  ctx: AuthContext,
  action: Action,
  message = FORBIDDEN_MESSAGE,
): Promise<AuthUser> {
  return permitPage(await requireSignedIn(request, ctx), action, message);
}

/** requirePermission for a page that has its signed-in user already: the user, or the 403 page. */
export function permitPage(user: AuthUser, action: Action, message = FORBIDDEN_MESSAGE): AuthUser {
  if (!can(user, action)) throw new Response(message, { status: 403 });
  return user;
}

/** API: the bearer token's user allowed `action`, else 401 / 403 JSON. */
export async function requireApiPermission(request: Request, ctx: AuthContext, action: Action): Promise<AuthUser> {
  const user = await requireApiSignedIn(request, ctx);
  if (!can(user, action)) throw Response.json({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return user;
}

/**
 * Pages open to everyone signed in, where staff also read what others wrote (results, an applicant's
 * CV): the signed-in user (a visitor is sent to /login), once past the two-factor rule.
 */
export async function requireSignedIn(request: Request, ctx: AuthContext): Promise<AuthUser> {
  return passTwoFactorRule(ctx, await requireUser(request, ctx), false);
}

/** Pages that also answer visitors: the signed-in user or null, once past the two-factor rule. */
export async function getSignedInViewer(request: Request, ctx: AuthContext): Promise<AuthUser | null> {
  return passTwoFactorRule(ctx, await getOptionalUser(request, ctx), false);
}

/** API twin of requireSignedIn: the bearer token's user (else 401), once past the two-factor rule (else 403). */
export async function requireApiSignedIn(request: Request, ctx: AuthContext): Promise<AuthUser> {
  return passTwoFactorRule(ctx, await requireApiUser(request, ctx), true);
}

/**
 * requireApiSignedIn with a read of the caller's own rows in the same D1 round trip as their account's
 * (auth.server.ts `requireApiUserWith`): the rows are given only once the user is past every rule here.
 */
export async function requireApiSignedInWith<R>(
  request: Request,
  ctx: AuthContext,
  read: (userId: string) => PreparedRun<R>,
): Promise<{ user: AuthUser; rows: R }> {
  const { user, rows } = await requireApiUserWith(request, ctx, read);
  return { user: await passTwoFactorRule(ctx, user, true), rows };
}

/** API endpoints that also answer without a token: the token's user or null, once past the two-factor rule. */
export async function getApiViewer(request: Request, ctx: AuthContext): Promise<AuthUser | null> {
  return passTwoFactorRule(ctx, await getApiUser(request, ctx), true);
}

/** getApiViewer, with a read in the same D1 round trip as the caller's account (`getApiUserWith`). */
export async function getApiViewerWith<R>(
  request: Request,
  ctx: AuthContext,
  read: (userId: string | null) => PreparedRun<R>,
): Promise<{ user: AuthUser | null; rows: R }> {
  const { user, rows } = await getApiUserWith(request, ctx, read);
  return { user: await passTwoFactorRule(ctx, user, true), rows };
}

/**
 * Who is signed in, for what every page shows (the header's name, the sign-in page's redirect): a staff
 * member the two-factor rule blocks is shown as a client, so no staff link or view reaches them.
 */
export async function getSignedInIdentity(request: Request, ctx: AuthContext): Promise<AuthUser | null> {
  const user = await getOptionalUser(request, ctx);
  return user && (await blockedUntilTwoFactor(ctx, user)) ? { ...user, role: "client" } : user;
}

/**
 * /account/security, the one page a blocked staff member may open (to set two-factor up): the
 * signed-in user (a visitor is sent to /login) and whether the rule blocks them, for the page to
 * refuse them anything else (the staff setting).
 */
export async function requireSignedInForSetup(
  request: Request,
  ctx: AuthContext,
): Promise<{ user: AuthUser; blocked: boolean }> {
  const user = await requireUser(request, ctx);
  return { user, blocked: await blockedUntilTwoFactor(ctx, user) };
}

/**
 * API twin of requireSignedInForSetup: the token's user for their own account's chores that no role
 * changes (verifying the email address), open also to staff the two-factor rule blocks.
 */
export async function requireApiAccountHolder(request: Request, ctx: AuthContext): Promise<AuthUser> {
  return requireApiUser(request, ctx);
}
