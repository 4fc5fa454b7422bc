import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { attemptView, startAttempt } from "~/features/quiz/quiz.server";
import { requireApiUser } from "~/lib/auth.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/quiz/{id}/start → the open attempt (new or resumed) with the server's deadline.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const attempt = await startAttempt(context, user, params.id ?? "");
    return Response.json(attemptView(attempt));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
