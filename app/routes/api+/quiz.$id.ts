import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  deleteQuiz,
  getQuizForEditor,
  getQuizForTaker,
  takeQuiz,
  updateQuiz,
  viewerOwnsQuiz,
} from "~/features/quiz/quiz.server";
import { QuizInputSchema } from "~/features/quiz/schema";
import { getApiViewer, requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// GET /api/quiz/{id}: title and questions.
//  - its creator or an admin: the editor's view, with correct answers; nothing starts;
//  - any other signed-in user (a taker): the attempt starts or resumes, as POST /api/quiz/{id}/start,
//    and the questions come with attemptId and deadline;
//  - anonymous: the quiz's metadata and question count only: no question text or option leaves the server
//    without an attempt whose clock runs.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await getApiViewer(request, context);
    const id = params.id ?? "";
    const headers = { "Cache-Control": "no-store" };
    if (!user) return Response.json(await getQuizForTaker(context, id), { headers });
    if (await viewerOwnsQuiz(context, user, id)) {
      return Response.json(await getQuizForEditor(context, user, id), { headers });
    }
    return Response.json(await takeQuiz(context, user, id), { headers });
  });
}

// PUT /api/quiz/{id} {title, questions, settings?}; DELETE /api/quiz/{id} (its creator or an admin)
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const id = params.id ?? "";
    if (request.method === "PUT") {
      const user = await requireApiPermission(request, context, "quiz:create");
      const input = await parseApiPayload(QuizInputSchema, await readJsonObject(request, 1024 * 1024));
      // Settings left out keep their value (a client that knows only title and questions changes only those).
      return Response.json(await updateQuiz(context, user, id, input, new Date(), { keepMissingSettings: true }));
    }
    if (request.method === "DELETE") {
      const user = await requireApiPermission(request, context, "quiz:create");
      await deleteQuiz(context, user, id);
      return Response.json({ message: "Quiz deleted" });
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
