import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { analysisCsv, quizCsvFileName } from "~/features/quiz/csv";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { getQuizAnalysis } from "~/features/quiz/quiz.server";
import { csvDownload } from "~/lib/csv";
import { HttpError } from "~/lib/http.server";

// GET /quiz/manage/{id}/analysis.csv: the item analysis (the quiz's creator or an admin).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    const analysis = await getQuizAnalysis(context, user, params.id ?? "");
    return csvDownload(analysisCsv(analysis), quizCsvFileName(analysis.quiz.title, "analysis"));
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
