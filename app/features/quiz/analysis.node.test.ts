// The item analysis and the attempt order, against numbers worked out by hand.
import { describe, expect, it } from "vitest";
import type { AttemptQuestion } from "../../../db/schema";
import { analyseQuiz, analysisCsvRows, groupSize, median } from "./analysis";
import { answersAsShown, answersToOriginal, orderFromSeed } from "./order";

const q = (id: string, correctAnswer: number): AttemptQuestion => ({
  id,
  text: `Question ${id}`,
  options: ["a", "b", "c", "d"],
  correctAnswer,
});
// Four questions; the correct options are 0, 1, 2, 3.
const QUESTIONS = [q("q1", 0), q("q2", 1), q("q3", 2), q("q4", 3)];

// Eight takers (one first attempt each), with their answers; the scores are worked out on the right.
const FIXTURE: (number | null)[][] = [
  [0, 1, 2, 3], // T1: 4
  [0, 1, 2, 3], // T2: 4
  [0, 1, 2, 0], // T3: 3
  [0, 1, 2, 0], // T4: 3
  [0, 2, 2, 0], // T5: 2 (q1, q3)
  [1, 1, null, 3], // T6: 2 (q2, q4); q3 skipped
  [0, 0, 1, 0], // T7: 1 (q1)
  [2, 0, null, null], // T8: 0; q3 and q4 skipped
];
const attempts = FIXTURE.map((answers) => ({ questions: QUESTIONS, answers }));

describe("item analysis (a hand-computed data set)", () => {
  const analysis = analyseQuiz(attempts);

  it("the quiz's figures", () => {
    expect(analysis.takers).toBe(8);
    expect(analysis.maxScore).toBe(4);
    // Scores 4,4,3,3,2,2,1,0.
    expect(analysis.distribution).toEqual([
      { score: 0, count: 1 },
      { score: 1, count: 1 },
      { score: 2, count: 2 },
      { score: 3, count: 2 },
      { score: 4, count: 2 },
    ]);
    // Mean: 19 / 8 = 2.375.
    expect(analysis.mean).toBe(2.375);
    // Median: sorted 0,1,2,2,3,3,4,4 → (2 + 3) / 2 = 2.5.
    expect(analysis.median).toBe(2.5);
    // Population variance: squared deviations from 2.375:
    //   2 × 1.625² + 2 × 0.625² + 2 × 0.375² + 1.375² + 2.375²
    //   = 5.28125 + 0.78125 + 0.28125 + 1.890625 + 5.640625 = 13.875; / 8 = 1.734375 (= 111/64)
    // SD = √(111/64) = √111 / 8 = 1.316956...
    expect(analysis.standardDeviation).toBeCloseTo(1.316957, 5);
    // KR-20 = k/(k−1) × (1 − Σpq / σ²), k = 4; p = 6/8, 5/8, 5/8, 3/8:
    //   Σpq = 0.75×0.25 + 3 × (0.625×0.375) = 0.1875 + 0.703125 = 0.890625 (= 57/64)
    //   Σpq / σ² = 57/111 = 19/37; 1 − 19/37 = 18/37; × 4/3 = 24/37 = 0.648648...
    expect(analysis.kr20).toBeCloseTo(24 / 37, 10);
    expect(analysis.kr20).toBeCloseTo(0.648649, 5);
  });

  it("per question: facility, discrimination (upper vs lower 27%), choices, skips and flags", () => {
    // 27% of 8 = 2.16 → groups of 2: upper T1, T2 (4, 4); lower T7, T8 (1, 0).
    expect(groupSize(8)).toBe(2);
    const [q1, q2, q3, q4] = analysis.items;
    // q1 (correct a): right T1,T2,T3,T4,T5,T7 = 6/8 = 0.75; upper 2/2 − lower 1/2 (T7) = 0.5.
    expect(q1).toMatchObject({
      number: 1,
      takers: 8,
      correct: 6,
      facility: 0.75,
      discrimination: 0.5,
      optionCounts: [6, 1, 1, 0], // b: T6; c: T8
      skips: 0,
      unusedDistractors: [3],
      overChosenDistractors: [],
    });
    // q2 (correct b): right T1,T2,T3,T4,T6 = 5/8; upper 2/2 − lower 0/2 = 1.
    expect(q2).toMatchObject({
      facility: 0.625,
      discrimination: 1,
      optionCounts: [2, 5, 1, 0], // a: T7, T8; c: T5
      skips: 0,
      unusedDistractors: [3],
      overChosenDistractors: [],
    });
    // q3 (correct c): right T1..T5 = 5/8; upper 1 − lower 0 (T7 chose b, T8 skipped) = 1.
    expect(q3).toMatchObject({
      facility: 0.625,
      discrimination: 1,
      optionCounts: [0, 1, 5, 0],
      skips: 2, // T6, T8
      unusedDistractors: [0, 3],
      overChosenDistractors: [],
    });
    // q4 (correct d): right T1,T2,T6 = 3/8; a chosen by T3,T4,T5,T7 = 4 > 3: a misleading distractor.
    expect(q4).toMatchObject({
      facility: 0.375,
      discrimination: 1,
      optionCounts: [4, 0, 0, 3],
      skips: 1, // T8
      unusedDistractors: [1, 2],
      overChosenDistractors: [0],
    });
  });

  it("a question edited in place (the same id) is one item, shown as now, each answer scored against its own version", () => {
    // Version 1: q1 then q2 (correct b). Version 2 (decision 032: an edit keeps ids): q2 reworded with
    // its key corrected to c, and moved first.
    const v1 = [q("q1", 0), q("q2", 1)];
    const v2 = [{ ...q("q2", 2), text: "Question q2, reworded" }, q("q1", 0)];
    const result = analyseQuiz([
      { questions: v1, answers: [0, 1] }, // 2
      { questions: v1, answers: [1, 0] }, // 0
      { questions: v2, answers: [2, 0] }, // 2 (c is now right)
      { questions: v2, answers: [1, 0] }, // 1 (b is now wrong; q1 right)
    ]);
    expect(result.items.map((item) => item.key)).toEqual(["q2", "q1"]);
    expect(result.items[0]).toMatchObject({
      text: "Question q2, reworded",
      correctAnswer: 2,
      takers: 4,
      correct: 2,
      optionCounts: [1, 2, 1, 0],
    });
    expect(result.items[1]).toMatchObject({ takers: 4, correct: 3 });
    // KR-20 over all four (the same ids, in another order): scores 2, 0, 2, 1 (variance 11/16),
    // p = 3/4 and 1/2 (pq sum 7/16): 2/1 · (1 − 7/11) = 8/11. (Over the two given version 2's order
    // alone it would be 0.)
    expect(result.kr20).toBeCloseTo(8 / 11, 10);
  });

  it("a question replaced by a new one (a new id) is a new item: each answer counts against the version its taker was given", () => {
    const edited = [q("q1", 0), q("q2-new", 2)];
    const mixed = analyseQuiz([
      { questions: [q("q1", 0), q("q2", 1)], answers: [0, 1] }, // old version: 2
      { questions: edited, answers: [0, 1] }, // new version: q2-new's correct is c, b is wrong: 1
    ]);
    const byKey = Object.fromEntries(mixed.items.map((item) => [item.key, item]));
    expect(byKey.q1).toMatchObject({ takers: 2, correct: 2 });
    expect(byKey.q2).toMatchObject({ takers: 1, correct: 1 });
    expect(byKey["q2-new"]).toMatchObject({ takers: 1, correct: 0, optionCounts: [0, 1, 0, 0] });
    // The newest version's items come first, numbered in its order.
    expect(mixed.items.map((item) => item.key)).toEqual(["q1", "q2-new", "q2"]);
  });

  it("no takers: null figures; the CSV has the quiz row and one row per question", () => {
    const empty = analyseQuiz([]);
    expect(empty).toMatchObject({ takers: 0, mean: null, median: null, standardDeviation: null, kr20: null });
    expect(median([3, 1, 2])).toBe(2);
    const rows = analysisCsvRows(analysis);
    expect(rows[1]).toEqual([8, 2.375, 2.5, 1.317, 0.649, 4]);
    expect(rows[7]).toEqual([4, "Question q4", "D", 8, 0.375, 1, 4, 0, 0, 3, 1, "B C", "A"]);
  });
});

describe("the attempt's order", () => {
  const counts = [4, 4, 4, 4, 4, 4, 4, 4];
  const both = { shuffleQuestions: true, shuffleOptions: true };

  it("the same seed gives the same order; another seed another; each is a permutation", () => {
    const first = orderFromSeed(12345, counts, both);
    expect(orderFromSeed(12345, counts, both)).toEqual(first);
    const second = orderFromSeed(67890, counts, both);
    expect(second.questions).not.toEqual(first.questions);
    for (const order of [first, second]) {
      expect([...order.questions].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      for (const options of order.options) expect([...options].sort()).toEqual([0, 1, 2, 3]);
    }
    // Shuffling off keeps the quiz's order.
    const off = orderFromSeed(12345, counts, { shuffleQuestions: false, shuffleOptions: false });
    expect(off.questions).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(off.options.every((options) => options.join() === "0,1,2,3")).toBe(true);
  });

  it("answers given in the shown order map back to the original and round-trip", () => {
    const order = orderFromSeed(42, [4, 4, 4], both);
    const shown = [2, null, 0];
    const original = answersToOriginal(order, shown);
    // Shown question 0 is original question order.questions[0]; its shown option 2 is original option order.options[q][2].
    const q0 = order.questions[0]!;
    expect(original[q0]).toBe(order.options[q0]![2]);
    expect(original[order.questions[1]!]).toBeNull();
    expect(answersAsShown(order, original, 3)).toEqual(shown);
    expect(answersToOriginal(null, shown)).toEqual(shown);
  });
});
