import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { AuthorizationError } from "remix-auth";
import { createAuthenticator } from "~/features/accounts/authenticator.server";
import { googleEnabled } from "~/features/accounts/google.server";
import { finishSignIn } from "~/features/accounts/two-factor.server";

// GET /auth/google/callback: Google sends the user back here with a code.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!googleEnabled(context)) throw redirect("/login?error=google");
  try {
    const user = await createAuthenticator(context).authenticate("google", request);
    return await finishSignIn(context, request, user, "/");
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AuthorizationError) {
      console.warn("Google sign-in failed:", error.message);
      throw redirect("/login?error=google");
    }
    throw error;
  }
}
