import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteQuiz, getQuizForEditor, getQuizForTaker, updateQuiz } from "~/features/quiz/quiz.server";
import { QuizInputSchema } from "~/features/quiz/schema";
import { getApiUser, requireApiRole } from "~/lib/auth.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// GET /api/quiz/{id}: title and questions; correct answers only for its creator or an admin.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await getApiUser(request, context);
    const id = params.id ?? "";
    if (user && (user.role === "admin" || user.role === "teacher")) {
      try {
        return Response.json(await getQuizForEditor(context, user, id), { headers: { "Cache-Control": "no-store" } });
      } catch {
        // Not this teacher's quiz: the taker's view.
      }
    }
    return Response.json(await getQuizForTaker(context, id), { headers: { "Cache-Control": "no-store" } });
  });
}

// PUT /api/quiz/{id} {title, questions}; DELETE /api/quiz/{id} (its creator or an admin)
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const id = params.id ?? "";
    if (request.method === "PUT") {
      const user = await requireApiRole(request, context, ["admin", "teacher"]);
      const input = await parseApiPayload(QuizInputSchema, await readJsonObject(request, 1024 * 1024));
      return Response.json(await updateQuiz(context, user, id, input));
    }
    if (request.method === "DELETE") {
      const user = await requireApiRole(request, context, ["admin", "teacher"]);
      await deleteQuiz(context, user, id);
      return Response.json({ message: "Quiz deleted" });
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
