import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { analysisCsvRows } from "~/features/quiz/analysis";
import { toCsv } from "~/features/quiz/csv";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { getQuizAnalysis } from "~/features/quiz/quiz.server";
import { HttpError } from "~/lib/http.server";

// GET /quiz/manage/{id}/analysis.csv: the item analysis (the quiz's creator or an admin).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    const analysis = await getQuizAnalysis(context, user, params.id ?? "");
    const name = analysis.quiz.title.replace(/[^\w-]+/g, "-").slice(0, 60) || "quiz";
    return new Response(toCsv(analysisCsvRows(analysis)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-analysis.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
