/**
 * What the attempt page and its summary share when a post to them ends the attempt or is refused
 * (docs/product.md#quiz-attempt): where the taker goes next, said once for both routes.
 */
import { redirect } from "@remix-run/cloudflare";
import { HttpError } from "~/lib/http.server";

/** The result of a finished attempt; `timeUp` when the clock ended it (the page then says so). */
export const resultLocation = (attemptId: string, timeUp: boolean) =>
  `/quiz/result/${attemptId}${timeUp ? "?timeup=1" : ""}`;

/**
 * A refused post as the taker should see it: when the time ran out meanwhile, the result saying so;
 * when the attempt was submitted meanwhile (a double click, another tab), its result saying that;
 * otherwise the refusal's words with its status. Anything else is rethrown.
 */
export function attemptRefusal(error: unknown): Response {
  if (!(error instanceof HttpError)) throw error;
  if (typeof error.extra.resultId === "string") return redirect(resultLocation(error.extra.resultId, true));
  const submitted = (error.extra.result as { _id?: unknown } | undefined)?._id;
  if (typeof submitted === "string") return redirect(`/quiz/result/${submitted}?submitted=1`);
  return Response.json({ error: error.message }, { status: error.status });
}
