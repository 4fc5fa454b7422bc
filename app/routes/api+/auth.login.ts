import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignInResponse, loginWithPassword } from "~/features/accounts/accounts.server";
import { LoginSchema } from "~/features/accounts/schema";
import { requireApiSecondFactor } from "~/features/accounts/two-factor.server";
import { ApiSecondFactorSchema } from "~/features/accounts/two-factor-schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/auth/login {email, password, code?} → {user, token}; with two-factor and no code: 401 {message, twoFactorRequired: true}
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const body = await readJsonObject(request);
    const input = await parseApiPayload(LoginSchema.extend(ApiSecondFactorSchema.shape), body);
    const user = await loginWithPassword(context, request, input);
    const secondFactor = await requireApiSecondFactor(context, request, user, input.code);
    return apiSignInResponse(context, user, 200, secondFactor);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
