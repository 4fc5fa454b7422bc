import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicUser } from "~/features/accounts/accounts.server";
import { verifyEmail } from "~/features/accounts/email-verification.server";
import { EMAIL_VERIFIED } from "~/features/accounts/messages";
import { loadAuthUser } from "~/lib/auth.server";
import { requireApiAccountHolder } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/auth/verify-email/{token} (bearer token of the account the link was mailed for)
// → {message, user}; 400 invalid/used/expired, 403 another account's link, 409 already verified.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiAccountHolder(request, context);
    await verifyEmail(context, user, params.token ?? "");
    return Response.json({ message: EMAIL_VERIFIED, user: publicUser((await loadAuthUser(context, user.id))!) });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
