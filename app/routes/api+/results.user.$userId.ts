import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listResultsForUser } from "~/features/quiz/quiz.server";
import { apiRoute } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// GET /api/results/user/{userId}: the caller's own results (staff: anyone's).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    return Response.json(await listResultsForUser(context, user, params.userId ?? ""), {
      headers: { "Cache-Control": "no-store" },
    });
  });
}
