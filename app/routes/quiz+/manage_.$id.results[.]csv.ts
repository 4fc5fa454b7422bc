import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { quizCsvFileName, resultsCsv } from "~/features/quiz/csv";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { listResultsForQuiz } from "~/features/quiz/quiz.server";
import { csvDownload } from "~/lib/csv";
import { HttpError } from "~/lib/http.server";

// GET /quiz/manage/{id}/results.csv: every attempt's result (the quiz's creator or an admin).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    const { quiz, results } = await listResultsForQuiz(context, user, params.id ?? "");
    return csvDownload(resultsCsv(results, new URL(request.url).origin), quizCsvFileName(quiz.title, "results"));
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
