/**
 * /login?token=… and /oauth-success?token=…: a valid API token starts a
 * browser session, the token is stripped from the URL, and the user goes to /.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { INVALID_TOKEN_MESSAGE, userFromApiToken } from "~/lib/auth.server";
import { createUserSession } from "~/lib/session.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** A redirect that starts the session, or null when the URL carries no token; an invalid token gives its message. */
export async function sessionFromTokenParam(ctx: Ctx, request: Request): Promise<Response | { error: string } | null> {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return null;
  const user = token ? await userFromApiToken(ctx, token) : null;
  if (!user) return { error: INVALID_TOKEN_MESSAGE };
  return redirect("/", {
    headers: { "Set-Cookie": await createUserSession(ctx, user.id), "Cache-Control": "no-store" },
  });
}
