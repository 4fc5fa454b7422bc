import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { attemptView, openAttemptRead, saveAnswer } from "~/features/quiz/quiz.server";
import { AnswerSchema } from "~/features/quiz/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";
import { requireApiSignedInWith } from "~/lib/permissions.server";

// POST /api/quiz/{id}/answer {questionIndex, answer} → the attempt (answers saved as they are given).
// A taker saves every answer: their account and their open attempt are read in one D1 round trip.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const quizId = params.id ?? "";
    const { user, rows } = await requireApiSignedInWith(request, context, (userId) =>
      openAttemptRead(context, userId, quizId),
    );
    const input = await parseApiPayload(AnswerSchema, await readJsonObject(request));
    const saved = await saveAnswer(context, user, quizId, input, new Date(), rows);
    return Response.json(attemptView(saved, new Date(), saved.quizClosesAt));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
