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
  attemptNumber: number;
  durationMs: number;
  reviewPath: string;
  /** The answers in the quiz's order of questions, each with the letter its taker saw; null: skipped. */
  choices: ({ letter: string; text: string } | null)[];
};

/**
 * One row per attempt: who, which of their attempts, the score, when it started and ended (IST), how
 * long it took, its review (a link on `origin`), then each question's answer as its taker saw it
 * (Q1 is the quiz's first question; the letter is of the taker's own order of options).
 */
export function resultsCsv(results: ResultRow[], origin: string): string {
  const questions = Math.max(0, ...results.map((result) => result.choices.length));
  const numbers = Array.from({ length: questions }, (_, index) => index + 1);
  return spreadsheetCsv([
    [
      "Taker",
      "Email",
      "Attempt",
      "Score",
      "Questions",
      "Percent",
      "Started (IST)",
      "Finished (IST)",
      "Duration (seconds)",
      "Review",
      ...numbers.map((number) => `Q${number}`),
    ],
    ...results.map((result) => [
      result.user.fullName,
      result.user.email,
      result.attemptNumber,
      result.score,
      result.total,
      Math.round((result.score / Math.max(1, result.total)) * 100),
      indiaDateTime(result.startedAt),
      indiaDateTime(result.finishedAt),
      Math.round(result.durationMs / 1000),
      new URL(result.reviewPath, origin).href,
      ...numbers.map((_, index) => {
        const choice = result.choices[index];
        if (index >= result.choices.length) return "";
        return choice ? `${choice.letter}. ${choice.text}` : "skipped";
      }),
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
