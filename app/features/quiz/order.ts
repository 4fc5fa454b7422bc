/**
 * The order an attempt shows its questions and options in. When a quiz shuffles, each
 * new attempt draws a seed; the permutation it gives is stored with the attempt, so the order is
 * fixed across reloads and devices, and the server maps every answer back: the stored answers,
 * scores, results, CSV and analysis always speak of the quiz's original order.
 */
import type { AttemptOrder } from "../../../db/schema";

/** mulberry32: a small, well-known seeded generator (uniform in [0, 1)). */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const identity = (n: number) => Array.from({ length: n }, (_, index) => index);

/** Fisher–Yates with the given generator. */
function shuffled(n: number, random: () => number) {
  const order = identity(n);
  for (let index = n - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** The order for a seed: the same seed, question count and flags always give the same order. */
export function orderFromSeed(
  seed: number,
  optionCounts: number[],
  { shuffleQuestions, shuffleOptions }: { shuffleQuestions: boolean; shuffleOptions: boolean },
): AttemptOrder {
  const random = generator(seed);
  const questions = shuffleQuestions ? shuffled(optionCounts.length, random) : identity(optionCounts.length);
  const options = optionCounts.map((count) => (shuffleOptions ? shuffled(count, random) : identity(count)));
  return { seed, questions, options };
}

/** A new random seed (32 bits). */
export function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** The original index of the question shown at `shown`. */
export const originalQuestion = (order: AttemptOrder | null, shown: number) => order?.questions[shown] ?? shown;

/** The original option index of the option shown at `shownOption` of original question `question`. */
export const originalOption = (order: AttemptOrder | null, question: number, shownOption: number) =>
  order?.options[question]?.[shownOption] ?? shownOption;

/** The shown option index of original option `option` of original question `question`. */
export function shownOption(order: AttemptOrder | null, question: number, option: number) {
  if (!order) return option;
  const index = order.options[question]?.indexOf(option) ?? -1;
  return index === -1 ? option : index;
}

/** The original-order answers as the taker sees them (shown question order, shown option indexes). */
export function answersAsShown(order: AttemptOrder | null, answers: (number | null)[], questionCount: number) {
  return Array.from({ length: questionCount }, (_, shown) => {
    const question = originalQuestion(order, shown);
    const answer = answers[question];
    return answer === null || answer === undefined ? null : shownOption(order, question, answer);
  });
}

/** Answers given in the shown order, mapped back to the original order. */
export function answersToOriginal(order: AttemptOrder | null, shownAnswers: (number | null)[]) {
  const original: (number | null)[] = shownAnswers.map(() => null);
  shownAnswers.forEach((answer, shown) => {
    const question = originalQuestion(order, shown);
    original[question] = answer === null ? null : originalOption(order, question, answer);
  });
  return original;
}
