import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { quizCsvFileName } from "~/features/quiz/csv";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { listResultsForQuiz } from "~/features/quiz/quiz.server";
import { csvDownload, toCsv } from "~/lib/csv";
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
    return csvDownload(csv, quizCsvFileName(quiz.title, "results"));
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
