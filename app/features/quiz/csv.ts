/**
 * The quiz's CSV files: a quiz's results and its item analysis, for spreadsheet programs
 * (app/lib/csv.ts: a UTF-8 BOM, quoting, formula guard); moments are India time.
 */
import { spreadsheetCsv } from "~/lib/csv";
import { indiaClock } from "~/lib/media";
import { analysisCsvRows, type QuizAnalysis } from "./analysis";

/** A moment as "2026-11-27 20:37:40", India time: what the pages show. */
const indiaDateTime = (value: Date | string | null) => indiaClock(value).slice(0, 19).replace("T", " ");

type ResultRow = {
  score: number;
  total: number;
  startedAt: Date | string;
  finishedAt: Date | string | null;
  user: { fullName: string; email: string };
};

/** Every taker's result: who, the score, and when the attempt started and ended (IST). */
export function resultsCsv(results: ResultRow[]): string {
  return spreadsheetCsv([
    ["Taker", "Email", "Score", "Questions", "Percent", "Started (IST)", "Finished (IST)"],
    ...results.map((result) => [
      result.user.fullName,
      result.user.email,
      result.score,
      result.total,
      Math.round((result.score / Math.max(1, result.total)) * 100),
      indiaDateTime(result.startedAt),
      indiaDateTime(result.finishedAt),
    ]),
  ]);
}

/** The item analysis's figures (analysis.ts). */
export function analysisCsv(analysis: QuizAnalysis): string {
  return spreadsheetCsv(analysisCsvRows(analysis));
}

/**
 * The file name of a quiz's CSV download: the quiz's title made safe for a file name (letters and
 * digits of any script kept, so two Hindi titles give two names), then what the file holds.
 */
export function quizCsvFileName(title: string, what: "results" | "analysis"): string {
  const safe = title.replace(/[^\p{L}\p{M}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "");
  return `${safe.slice(0, 60) || "quiz"}-${what}.csv`;
}
