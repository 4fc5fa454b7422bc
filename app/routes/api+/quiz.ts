import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { availabilityOf, createQuiz, quizListRead } from "~/features/quiz/quiz.server";
import { QuizInputSchema } from "~/features/quiz/schema";
import { getApiViewerWith, requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// GET /api/quiz?q= → {quizzes: [...]} (no-cache)
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    // A bad token is still a 401; with a good one the list is read in the same round trip as the account.
    const q = new URL(request.url).searchParams.get("q");
    const { rows } = await getApiViewerWith(request, context, () => quizListRead(context, q));
    const now = new Date();
    const quizzes = rows.map((row) => ({
      _id: row.id,
      title: row.title,
      totalTime: row.totalTime,
      questionCount: row.questionCount,
      createdBy: { _id: row.createdById, fullName: row.creatorName },
      createdAt: row.createdAt,
      opensAt: row.opensAt,
      closesAt: row.closesAt,
      maxAttempts: row.maxAttempts,
      availability: availabilityOf(row, now),
    }));
    return Response.json({ quizzes }, { headers: { "Cache-Control": "no-cache" } });
  });
}

// POST /api/quiz {title, questions, totalTime} (admin, teacher) → 201 the quiz
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "quiz:create");
    const input = await parseApiPayload(QuizInputSchema, await readJsonObject(request, 1024 * 1024));
    return Response.json(await createQuiz(context, user, input), { status: 201 });
  });
}
