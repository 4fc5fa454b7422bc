/**
 * The quiz's CSV files: a quiz's results and its item analysis. Each starts with a UTF-8 BOM, so
 * spreadsheet programs read Hindi (and every other non-Latin) name and question right, as the inbox's
 * export does; the cells are app/lib/csv.ts's (quoting, formula guard); moments are India time.
 */
import { toCsv } from "~/lib/csv";
import { analysisCsvRows, type QuizAnalysis } from "./analysis";

const BOM = "\uFEFF";
const IST_OFFSET_MS = 330 * 60_000;

/** A moment as "2026-11-27 20:37:40", India time (UTC+05:30, no daylight saving): what the pages show. */
export function indiaDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

type ResultRow = {
  score: number;
  total: number;
  startedAt: Date | string;
  finishedAt: Date | string | null;
  user: { fullName: string; email: string };
};

/** Every taker's result: who, the score, and when the attempt started and ended (IST). */
export function resultsCsv(results: ResultRow[]): string {
  return (
    BOM +
    toCsv([
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
    ])
  );
}

/** The item analysis's figures (analysis.ts). */
export function analysisCsv(analysis: QuizAnalysis): string {
  return BOM + toCsv(analysisCsvRows(analysis));
}

/**
 * The file name of a quiz's CSV download: the quiz's title made safe for a file name (letters and
 * digits of any script kept, so two Hindi titles give two names), then what the file holds.
 */
export function quizCsvFileName(title: string, what: "results" | "analysis"): string {
  const safe = title.replace(/[^\p{L}\p{M}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "");
  return `${safe.slice(0, 60) || "quiz"}-${what}.csv`;
}
