import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendVerificationEmail } from "~/features/accounts/email-verification.server";
import { VERIFICATION_SENT } from "~/features/accounts/messages";
import { requireApiAccountHolder } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/auth/resend-verification (bearer) → {message}; 409 already verified, 429 too many.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    await resendVerificationEmail(context, request, await requireApiAccountHolder(request, context));
    return Response.json({ message: VERIFICATION_SENT });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
