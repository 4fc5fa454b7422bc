import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RESET_SUCCESS, resetPassword } from "~/features/accounts/password-reset.server";
import { ResetPasswordSchema } from "~/features/accounts/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/auth/reset-password/{token} {password} → {message}
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const { password } = await parseApiPayload(ResetPasswordSchema, await readJsonObject(request));
    await resetPassword(context, params.token ?? "", password);
    return Response.json({ message: RESET_SUCCESS });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
