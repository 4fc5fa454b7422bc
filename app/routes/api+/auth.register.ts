import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSignInResponse, registerUser } from "~/features/accounts/accounts.server";
import { RegisterSchema } from "~/features/accounts/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/auth/register {fullName, email, password} → 201 {user, token}
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const input = await parseApiPayload(RegisterSchema, await readJsonObject(request));
    const user = await registerUser(context, request, input);
    return apiSignInResponse(context, user, 201);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
