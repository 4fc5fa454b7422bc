import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { takeQuiz } from "~/features/quiz/quiz.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// POST /api/quiz/{id}/start → the quiz with its open attempt (new or resumed) and the server's deadline,
// the same answer as GET /api/quiz/{id} gives a taker.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    return Response.json(await takeQuiz(context, user, params.id ?? ""), { headers: { "Cache-Control": "no-store" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
