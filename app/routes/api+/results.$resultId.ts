import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getResult } from "~/features/quiz/quiz.server";
import { apiRoute } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// GET /api/results/{resultId}: one result, to its taker or staff.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    return Response.json(await getResult(context, user, params.resultId ?? ""), {
      headers: { "Cache-Control": "no-store" },
    });
  });
}
