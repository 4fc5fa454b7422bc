import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { attemptView, saveAnswer } from "~/features/quiz/quiz.server";
import { AnswerSchema } from "~/features/quiz/schema";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// POST /api/quiz/{id}/answer {questionIndex, answer} → the attempt (answers saved as they are given)
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    const input = await parseApiPayload(AnswerSchema, await readJsonObject(request));
    const saved = await saveAnswer(context, user, params.id ?? "", input);
    return Response.json(attemptView(saved, new Date(), saved.quizClosesAt));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
