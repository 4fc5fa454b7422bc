import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toCsv } from "~/features/quiz/csv";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { listResultsForQuiz } from "~/features/quiz/quiz.server";
import { HttpError } from "~/lib/http.server";

// GET /quiz/manage/{id}/results.csv: every taker's result (the quiz's creator or an admin).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    const { quiz, results } = await listResultsForQuiz(context, user, params.id ?? "");
    const csv = toCsv([
      ["Taker", "Email", "Score", "Questions", "Percent", "Started", "Finished"],
      ...results.map((result) => [
        result.user.fullName,
        result.user.email,
        result.score,
        result.total,
        Math.round((result.score / Math.max(1, result.total)) * 100),
        new Date(result.startedAt).toISOString(),
        result.finishedAt ? new Date(result.finishedAt).toISOString() : "",
      ]),
    ]);
    const name = quiz.title.replace(/[^\w-]+/g, "-").slice(0, 60) || "quiz";
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-results.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
