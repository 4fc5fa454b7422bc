/**
 * /login?token=… and /oauth-success?token=…: a valid API token starts a browser session and the
 * user goes to /. Either way the token leaves the URL at once (product.md §2: it must not stay in
 * the address bar, the history, a Referer or a log): a token that is not valid redirects to the
 * same page with `?error=token`, which shows the message.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { INVALID_TOKEN_MESSAGE, userFromApiToken } from "~/lib/auth.server";
import { createUserSession } from "~/lib/session.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

const TOKEN_ERROR = "token";

/** A redirect that strips the token (and starts the session when it is valid), or null when the URL carries none. */
export async function sessionFromTokenParam(ctx: Ctx, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null) return null;
  const user = token ? await userFromApiToken(ctx, token) : null;
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  if (!user) return redirect(`${url.pathname}?error=${TOKEN_ERROR}`, { headers });
  return redirect("/", { headers: { ...headers, "Set-Cookie": await createUserSession(ctx, user.id) } });
}

/** The message for a page the token redirect sent back with `?error=token`, else null. */
export function tokenErrorOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("error") === TOKEN_ERROR ? INVALID_TOKEN_MESSAGE : null;
}
