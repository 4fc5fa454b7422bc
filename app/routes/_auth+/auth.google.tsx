import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { limitGoogleAttempts } from "~/features/accounts/accounts.server";
import { createAuthenticator } from "~/features/accounts/authenticator.server";
import { googleEnabled } from "~/features/accounts/google.server";
import { HttpError } from "~/lib/http.server";

// POST /auth/google: start the OAuth code flow (remix-auth-google redirects to Google).
export async function action({ request, context }: ActionFunctionArgs) {
  if (!googleEnabled(context)) throw redirect("/login?error=google");
  try {
    await limitGoogleAttempts(context, request);
  } catch (error) {
    if (error instanceof HttpError) throw redirect("/login?error=google-limited");
    throw error;
  }
  return createAuthenticator(context).authenticate("google", request);
}

export const loader = () => redirect("/login");
