import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getQuizAnalysis } from "~/features/quiz/quiz.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute } from "~/lib/http.server";

// GET /api/quiz/{id}/analysis: the item analysis (staff who may manage the quiz: its creator, an admin).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "quiz:create");
    return Response.json(await getQuizAnalysis(context, user, params.id ?? ""), {
      headers: { "Cache-Control": "no-store" },
    });
  });
}
