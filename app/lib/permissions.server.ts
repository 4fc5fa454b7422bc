/**
 * The server side of the permissions table (./permissions.ts): the guards
 * that refuse. Feature functions call `assertCan`; page loaders and actions
 * call `requirePermission` (a visitor goes to /login, the wrong role gets the
 * 403 page); API routes call `requireApiPermission` (401 / 403 JSON).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireApiUser, requireUser, type AuthUser } from "./auth.server";
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

/** Pages: the signed-in user allowed `action`; a visitor is sent to /login, anyone else gets a 403 page. */
export async function requirePermission(
  request: Request,
  ctx: AuthContext,
  action: Action,
  message = FORBIDDEN_MESSAGE,
): Promise<AuthUser> {
  const user = await requireUser(request, ctx);
  // Staff who must use two-factor and have not set it up reach only the setup page.
  if (await blockedUntilTwoFactor(ctx, user)) throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`);
  if (!can(user, action)) throw new Response(message, { status: 403 });
  return user;
}

/** API: the bearer token's user allowed `action`, else 401 / 403 JSON. */
export async function requireApiPermission(request: Request, ctx: AuthContext, action: Action): Promise<AuthUser> {
  const user = await requireApiUser(request, ctx);
  if (await blockedUntilTwoFactor(ctx, user)) {
    throw Response.json({ message: STAFF_TWO_FACTOR_REQUIRED_MESSAGE }, { status: 403 });
  }
  if (!can(user, action)) throw Response.json({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return user;
}
