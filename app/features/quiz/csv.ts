/** The file name of a quiz's CSV download: the quiz's title made safe for a file name, then what the file holds. */
export function quizCsvFileName(title: string, what: "results" | "analysis"): string {
  return `${title.replace(/[^\w-]+/g, "-").slice(0, 60) || "quiz"}-${what}.csv`;
}
