/**
 * remix-auth wiring for the pages: the form strategy (email + password) and,
 * in its own module, Google. Strategies only authenticate; the app keeps the
 * session itself (app/lib/session.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookieSessionStorage } from "~/lib/signed-cookies.server";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AuthUser } from "~/lib/auth.server";
import { parseApiPayload } from "~/lib/http.server";
import { loginWithPassword } from "./accounts.server";
import { googleEnabled, googleStrategy } from "./google.server";
import { LoginSchema } from "./schema";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/**
 * remix-auth needs a session storage for its own short-lived flow state
 * (e.g. the OAuth state); it is a signed cookie, separate from the user session.
 */
function flowStorage(ctx: Ctx) {
  return createCookieSessionStorage({
    cookie: {
      name: ctx.env.isLocal ? "auth_flow" : "__Host-auth_flow",
      httpOnly: true,
      sameSite: "lax",
      secure: !ctx.env.isLocal,
      path: "/",
      maxAge: 600,
      secrets: ctx.env.SESSION_SECRET,
    },
  });
}

export type StrategyContext = Ctx & { request: Request };

export function createAuthenticator(ctx: Ctx) {
  const authenticator = new Authenticator<AuthUser>(flowStorage(ctx), { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, context }) => {
      const { request } = context as unknown as StrategyContext;
      const input = await parseApiPayload(LoginSchema, Object.fromEntries(form));
      return loginWithPassword(ctx, request, input);
    }),
    "form",
  );
  if (googleEnabled(ctx)) authenticator.use(googleStrategy(ctx), "google");
  return authenticator;
}

export { flowStorage };
