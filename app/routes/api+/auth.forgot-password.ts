import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { limitResetRequests, RESET_LINK_SENT, sendPasswordResetEmail } from "~/features/accounts/password-reset.server";
import { ForgotPasswordSchema } from "~/features/accounts/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/auth/forgot-password {email} → {message} (the same whether or not the account exists)
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const { email } = await parseApiPayload(ForgotPasswordSchema, await readJsonObject(request));
    await limitResetRequests(context, request, email);
    context.waitUntil(sendPasswordResetEmail(context, email));
    return Response.json({ message: RESET_LINK_SENT });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
