/**
 * /login?token=… and /oauth-success?token=…: a valid API token starts a browser session and the
 * user goes to /. Either way the token leaves the URL at once (docs/product.md: it must not stay in
 * the address bar, the history, a Referer or a log): a token that is not valid redirects to the
 * same page with `?error=token`, which shows the message.
 *
 * A link followed from another site (the browser says `Sec-Fetch-Site: cross-site` or `same-site`)
 * does not sign in by itself: any site could send a visitor there with its own account's token and
 * have them act in that account unknowingly (login CSRF). The token is kept for five minutes in an
 * HttpOnly cookie and /login/continue asks "Continue as {name}?" with a button (a same-origin POST);
 * the session starts only then. From this site itself, a typed or bookmarked address, or a client
 * that sends no such header, the session starts at once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { INVALID_TOKEN_MESSAGE, userForSessionFromToken, type AuthUser } from "~/lib/auth.server";
import { cookieHeaderFor } from "~/lib/cookies";
import { createUserSession, siteCookie } from "~/lib/session.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

const TOKEN_ERROR = "token";
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
export const HANDOVER_PATH = "/login/continue";

/** Where a navigation came from, as the browser says it (absent from non-browser clients). */
const fromAnotherSite = (request: Request) =>
  ["cross-site", "same-site"].includes(request.headers.get("Sec-Fetch-Site") ?? "");

const handoverCookie = (env: Ctx["env"]) => siteCookie(env, "token_handover", 300);

/** A redirect that strips the token (and starts the session when it is valid), or null when the URL carries none. */
export async function sessionFromTokenParam(ctx: Ctx, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null) return null;
  const user = token ? await userForSessionFromToken(ctx, token) : null;
  if (!user) return redirect(`${url.pathname}?error=${TOKEN_ERROR}`, { headers: NO_STORE });
  if (fromAnotherSite(request)) {
    return redirect(HANDOVER_PATH, {
      headers: { ...NO_STORE, "Set-Cookie": await handoverCookie(ctx.env).serialize(token) },
    });
  }
  return redirect("/", { headers: { ...NO_STORE, "Set-Cookie": await createUserSession(ctx, user.id) } });
}

/** /login/continue: the account a followed link would sign in to, or null (no link, expired, or no longer valid). */
export async function pendingHandover(ctx: Ctx, request: Request): Promise<AuthUser | null> {
  const cookie = handoverCookie(ctx.env);
  const token: unknown = await cookie.parse(cookieHeaderFor(request, cookie.name));
  return typeof token === "string" && token ? userForSessionFromToken(ctx, token) : null;
}

/** The visitor confirmed: the session starts and the kept token is forgotten; without a valid one, back to /login. */
export async function confirmHandover(ctx: Ctx, request: Request): Promise<Response> {
  const user = await pendingHandover(ctx, request);
  if (!user) return forgetHandover(ctx, `/login?error=${TOKEN_ERROR}`);
  return forgetHandover(ctx, "/", await createUserSession(ctx, user.id));
}

/** The visitor declined: the kept token is forgotten. */
export const declineHandover = (ctx: Ctx) => forgetHandover(ctx, "/login");

/** A redirect to `to` that forgets the kept token (and sets `session`, the cookie of a new session). */
async function forgetHandover(ctx: Ctx, to: string, session?: string): Promise<Response> {
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", await handoverCookie(ctx.env).serialize("", { maxAge: 0 }));
  if (session) headers.append("Set-Cookie", session);
  return redirect(to, { headers });
}

/** The message for a page the token redirect sent back with `?error=token`, else null. */
export function tokenErrorOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("error") === TOKEN_ERROR ? INVALID_TOKEN_MESSAGE : null;
}
