/**
 * Item analysis of a quiz, pure functions over finished attempts. Each attempt is scored
 * against the questions it was given (its snapshot), so a quiz edited after attempts exist keeps
 * counting each answer against the version its taker saw. Items are grouped by question id, which an
 * edit keeps (decision 032): a question edited in place stays one item, shown as its newest version.
 *
 * - facility index: the share of takers who answered the item correctly (a skip counts as wrong);
 * - discrimination index: the facility in the upper 27% of takers by total score minus that in the
 *   lower 27% (at least one taker each; ties in total score keep the order the attempts are given in);
 * - option counts, skips, and two flags: a distractor nobody chose, and a wrong option chosen more
 *   often than the correct one;
 * - for the quiz: the distribution of total scores, mean, median, standard deviation (of the
 *   population: divided by N) and KR-20 (Kuder–Richardson 20, over the attempts given the newest
 *   version's items, in any order, with the same population variance).
 */
import type { AttemptQuestion } from "../../../db/schema";

export type AnalysisAttempt = { questions: AttemptQuestion[]; answers: (number | null)[] };

export type ItemAnalysis = {
  /** The question's id (its index and text for attempts from before ids were stored). */
  key: string;
  /** 1-based position in the quiz as its newest version has it (or as first seen). */
  number: number;
  text: string;
  options: string[];
  correctAnswer: number;
  takers: number;
  correct: number;
  facility: number | null;
  discrimination: number | null;
  optionCounts: number[];
  skips: number;
  unusedDistractors: number[];
  overChosenDistractors: number[];
};

export type QuizAnalysis = {
  takers: number;
  maxScore: number;
  distribution: { score: number; count: number }[];
  mean: number | null;
  median: number | null;
  standardDeviation: number | null;
  kr20: number | null;
  items: ItemAnalysis[];
};

const keyOf = (question: AttemptQuestion, index: number) => question.id ?? `${index}:${question.text}`;

const scoreOf = (attempt: AnalysisAttempt) =>
  attempt.questions.reduce(
    (sum, question, index) => sum + (attempt.answers[index] === question.correctAnswer ? 1 : 0),
    0,
  );

export function mean(values: number[]) {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

export function median(values: number[]) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The population variance (divided by N). */
export function variance(values: number[]) {
  const average = mean(values);
  if (average === null) return null;
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length;
}

/** The size of each of the upper and lower groups: 27% of the takers, rounded, at least one. */
export const groupSize = (takers: number) => Math.max(1, Math.round(takers * 0.27));

/** The analysis of the given attempts (one per taker; the newest version is the last attempt's questions). */
export function analyseQuiz(attempts: AnalysisAttempt[]): QuizAnalysis {
  const scores = attempts.map(scoreOf);
  const newest = attempts.at(-1)?.questions ?? [];
  const newestKeys = newest.map(keyOf);

  // Rank by total score, highest first (a stable sort: ties keep the given order).
  const ranked = attempts.map((attempt, index) => ({ attempt, score: scores[index]! }));
  ranked.sort((a, b) => b.score - a.score);
  const n = attempts.length >= 2 ? groupSize(attempts.length) : 0;
  const upper = new Set(ranked.slice(0, n).map((row) => row.attempt));
  const lower = new Set(ranked.slice(ranked.length - n).map((row) => row.attempt));

  type Tally = Omit<
    ItemAnalysis,
    "facility" | "discrimination" | "unusedDistractors" | "overChosenDistractors" | "number"
  > & {
    upper: [number, number];
    lower: [number, number];
    order: number;
  };
  const tallies = new Map<string, Tally>();
  attempts.forEach((attempt) => {
    attempt.questions.forEach((question, index) => {
      const key = keyOf(question, index);
      let tally = tallies.get(key);
      if (!tally) {
        const newestIndex = newestKeys.indexOf(key);
        // An item is shown as the newest version has it (its answers are scored against their own).
        const shown = newestIndex === -1 ? question : newest[newestIndex]!;
        tally = {
          key,
          text: shown.text,
          options: shown.options,
          correctAnswer: shown.correctAnswer,
          takers: 0,
          correct: 0,
          optionCounts: question.options.map(() => 0),
          skips: 0,
          upper: [0, 0],
          lower: [0, 0],
          order: newestIndex === -1 ? newest.length + tallies.size : newestIndex,
        };
        tallies.set(key, tally);
      }
      const answer = attempt.answers[index];
      const right = answer === question.correctAnswer ? 1 : 0;
      tally.takers += 1;
      tally.correct += right;
      if (answer === null || answer === undefined) tally.skips += 1;
      else if (answer >= 0 && answer < tally.optionCounts.length) tally.optionCounts[answer]! += 1;
      if (upper.has(attempt)) tally.upper = [tally.upper[0] + right, tally.upper[1] + 1];
      if (lower.has(attempt)) tally.lower = [tally.lower[0] + right, tally.lower[1] + 1];
    });
  });

  const items = [...tallies.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ upper: up, lower: down, order: _order, ...tally }, index): ItemAnalysis => {
      const wrong = tally.optionCounts.map((_, option) => option).filter((option) => option !== tally.correctAnswer);
      return {
        ...tally,
        number: index + 1,
        facility: tally.takers ? tally.correct / tally.takers : null,
        discrimination: up[1] && down[1] ? up[0] / up[1] - down[0] / down[1] : null,
        unusedDistractors: tally.takers ? wrong.filter((option) => tally.optionCounts[option] === 0) : [],
        overChosenDistractors: wrong.filter(
          (option) => tally.optionCounts[option]! > tally.optionCounts[tally.correctAnswer]!,
        ),
      };
    });

  // KR-20 over the attempts that were given the newest version's items (the same ids, in any order;
  // a question edited in place is the same item, each answer scored against its own snapshot).
  const k = newestKeys.length;
  const newestSet = new Set(newestKeys);
  const sameVersion = attempts.filter((attempt) => {
    const keys = attempt.questions.map(keyOf);
    return keys.length === k && new Set(keys).size === k && keys.every((key) => newestSet.has(key));
  });
  const rightOn = (attempt: AnalysisAttempt, key: string) => {
    const index = attempt.questions.findIndex((question, position) => keyOf(question, position) === key);
    return attempt.answers[index] === attempt.questions[index]!.correctAnswer;
  };
  let kr20: number | null = null;
  const totalVariance = variance(sameVersion.map(scoreOf));
  if (k >= 2 && sameVersion.length >= 2 && totalVariance) {
    const sumPq = newestKeys.reduce((sum, key) => {
      const p = sameVersion.filter((attempt) => rightOn(attempt, key)).length / sameVersion.length;
      return sum + p * (1 - p);
    }, 0);
    kr20 = (k / (k - 1)) * (1 - sumPq / totalVariance);
  }

  const maxScore = Math.max(k, ...attempts.map((attempt) => attempt.questions.length));
  const totalVar = variance(scores);
  return {
    takers: attempts.length,
    maxScore,
    distribution: Array.from({ length: maxScore + 1 }, (_, score) => ({
      score,
      count: scores.filter((value) => value === score).length,
    })),
    mean: mean(scores),
    median: median(scores),
    standardDeviation: totalVar === null ? null : Math.sqrt(totalVar),
    kr20,
    items,
  };
}

const LETTERS = ["A", "B", "C", "D", "E", "F"];
const round = (value: number | null, digits = 3) => (value === null ? "" : Number(value.toFixed(digits)));

/** The analysis as CSV rows: the quiz's figures, then one row per question. */
export function analysisCsvRows(analysis: QuizAnalysis): unknown[][] {
  return [
    ["Takers", "Mean", "Median", "Standard deviation", "KR-20", "Max score"],
    [
      analysis.takers,
      round(analysis.mean),
      round(analysis.median),
      round(analysis.standardDeviation),
      round(analysis.kr20),
      analysis.maxScore,
    ],
    [],
    [
      "Question",
      "Text",
      "Correct option",
      "Takers",
      "Facility",
      "Discrimination",
      ...["A", "B", "C", "D"].map((letter) => `Chose ${letter}`),
      "Skips",
      "Unused distractors",
      "Wrong options chosen more than the correct one",
    ],
    ...analysis.items.map((item) => [
      item.number,
      item.text,
      LETTERS[item.correctAnswer],
      item.takers,
      round(item.facility),
      round(item.discrimination),
      ...[0, 1, 2, 3].map((option) => item.optionCounts[option] ?? ""),
      item.skips,
      item.unusedDistractors.map((option) => LETTERS[option]).join(" "),
      item.overChosenDistractors.map((option) => LETTERS[option]).join(" "),
    ]),
  ];
}
