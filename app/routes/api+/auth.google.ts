import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignInResponse, limitGoogleAttempts } from "~/features/accounts/accounts.server";
import { GOOGLE_LOGIN_FAILED, userForGoogleIdentity, verifyGoogleIdToken } from "~/features/accounts/google.server";
import { GoogleCredentialSchema } from "~/features/accounts/schema";
import { finishSignIn, requireApiSecondFactor } from "~/features/accounts/two-factor.server";
import { ApiSecondFactorSchema } from "~/features/accounts/two-factor-schema";
import { requestCookies } from "~/lib/cookies";
import { apiRoute, HttpError, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

/**
 * POST /api/auth/google
 *  - JSON {token} (an API client or the one-tap callback): → {user, token}.
 *  - Google's one-tap redirect mode: a cross-site form POST with `credential`
 *    and `g_csrf_token`, which must equal the g_csrf_token cookie (Google's
 *    double-submit check); it starts a browser session and redirects to /.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    await limitGoogleAttempts(context, request);
    const body = await readJsonObject(request);
    if (typeof body.credential === "string") {
      const cookie = requestCookies(request).get("g_csrf_token");
      if (!cookie || cookie !== body.g_csrf_token) throw new HttpError(403, GOOGLE_LOGIN_FAILED);
      const user = await userForGoogleIdentity(context, await verifyGoogleIdToken(context, body.credential));
      return await finishSignIn(context, request, user, "/");
    }
    const { token, code } = await parseApiPayload(GoogleCredentialSchema.extend(ApiSecondFactorSchema.shape), body);
    const user = await userForGoogleIdentity(context, await verifyGoogleIdToken(context, token));
    const secondFactor = await requireApiSecondFactor(context, request, user, code);
    return apiSignInResponse(context, user, 200, secondFactor);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
