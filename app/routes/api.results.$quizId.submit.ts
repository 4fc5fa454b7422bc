import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getResult, submitAttempt } from "~/features/quiz/quiz.server";
import { SubmitSchema } from "~/features/quiz/schema";
import { requireApiUser } from "~/lib/auth.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// POST /api/results/{quizId}/submit {answers} → {result: {_id, score, ...}}
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const input = await parseApiPayload(SubmitSchema, await readJsonObject(request));
    const attempt = await submitAttempt(context, user, params.quizId ?? "", input);
    return Response.json({ result: await getResult(context, user, attempt.id) });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
