import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getResult, submitAttempt } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES, SubmitSchema } from "~/features/quiz/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// POST /api/results/{quizId}/submit {answers} → {message, result: {_id, score, ...}}.
// 409 'Start the quiz first.' when the taker was never given the questions; after the deadline (plus
// grace) only the answers saved in time are scored, and the message says so.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    const input = await parseApiPayload(SubmitSchema, await readJsonObject(request));
    const { attempt, late } = await submitAttempt(context, user, params.quizId ?? "", input);
    return Response.json({
      message: late ? QUIZ_MESSAGES.lateSubmit : QUIZ_MESSAGES.submitted,
      result: await getResult(context, user, attempt.id),
    });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
