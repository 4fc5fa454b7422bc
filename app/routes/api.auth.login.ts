import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignInResponse, loginWithPassword } from "~/features/accounts/accounts.server";
import { LoginSchema } from "~/features/accounts/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/auth/login {email, password} → {user, token}
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const input = await parseApiPayload(LoginSchema, await readJsonObject(request));
    const user = await loginWithPassword(context, request, input);
    return apiSignInResponse(context, user);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
