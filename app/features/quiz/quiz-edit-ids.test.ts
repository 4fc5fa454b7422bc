// Question ids stay stable across edits (decision 032): a settings-only PUT and an edit that changes
// one question and adds one keep the kept questions' ids, so the item analysis has one item per
// question, its figures include the attempts made before the edit, and a foreign id is refused.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizQuestions, quizzes } from "../../../db/schema";
import { appFetch, postJson, sessionCookieFor, testContext } from "../../../tests/helpers";
import { createQuiz, getQuizAnalysis, submitAttempt, takeQuiz } from "./quiz.server";
import type { QuizInput } from "./schema";
import { bearer, form, pageText, person, put, question } from "./test-helpers";

type EditorQuestion = { id: string; text: string; options: string[]; correctAnswer: number; explanation: null };
type EditorQuiz = {
  _id: string;
  title: string;
  version: number;
  shuffleQuestions: boolean;
  questions: EditorQuestion[];
};
type Analysis = Awaited<ReturnType<typeof getQuizAnalysis>>;

const questionRowsOf = (quizId: string) =>
  testContext()
    .db.select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position));

/**
 * One taker's attempt, started and submitted at `now` through the feature functions (the clock is
 * ours). `choices` maps a question id to the original option index chosen; the attempt may be
 * shuffled, so each choice is sent as the index of that option's text in the order shown.
 */
async function takeAndSubmit(quiz: EditorQuiz, choices: Record<string, number>, now: Date) {
  const ctx = testContext();
  const taker = await person("client", false);
  const view = await takeQuiz(ctx, taker.auth, quiz._id, now);
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  const answers = view.questions.map((shown) => {
    const original = byId.get(shown.id)!;
    return shown.options.indexOf(original.options[choices[shown.id]!]!);
  });
  expect(answers.every((answer) => answer >= 0)).toBe(true);
  const { attempt } = await submitAttempt(ctx, taker.auth, quiz._id, { answers }, now);
  return { view, score: attempt.score };
}

describe("question ids across edits, and the analysis", () => {
  it("a settings-only PUT and an edit keep the kept questions' ids; the analysis counts every attempt once per item", async () => {
    const teacher = await person("teacher");
    const created = await postJson(
      "/api/quiz",
      {
        title: "Contract formation",
        questions: [question("Offer", 0), question("Acceptance", 1), question("Consideration", 2)],
      },
      bearer(teacher.token),
    );
    expect(created.status).toBe(201);
    const original = (await created.json()) as EditorQuiz;
    const [offer, acceptance, consideration] = original.questions.map((q) => q.id) as [string, string, string];
    const c = (correct: boolean, q: EditorQuestion) => (correct ? q.correctAnswer : (q.correctAnswer + 1) % 4);
    const pattern = (quiz: EditorQuiz, rights: boolean[]) =>
      Object.fromEntries(quiz.questions.map((q, index) => [q.id, c(rights[index]!, q)]));

    // Four takers before any edit (scores 3, 2, 1, 0), a minute apart, on a clock we hold.
    const t0 = Date.now() - 3 * 60 * 60_000;
    const at = (minute: number) => new Date(t0 + minute * 60_000);
    const before = [
      [true, true, true],
      [true, true, false],
      [true, false, false],
      [false, false, false],
    ];
    for (const [index, rights] of before.entries()) {
      const { score } = await takeAndSubmit(original, pattern(original, rights), at(index));
      expect(score).toBe(rights.filter(Boolean).length);
    }

    // (a) A settings-only PUT, as a client that read GET sends it back: shuffling on.
    const fetched = (await (
      await appFetch(`/api/quiz/${original._id}`, { headers: bearer(teacher.token) })
    ).json()) as EditorQuiz;
    const shuffled = await put(
      `/api/quiz/${original._id}`,
      { ...fetched, shuffleQuestions: true, shuffleOptions: true },
      teacher.token,
    );
    expect(shuffled.status, await shuffled.clone().text()).toBe(200);
    const afterSettings = (await shuffled.json()) as EditorQuiz;
    expect(afterSettings.shuffleQuestions).toBe(true);
    expect(afterSettings.questions.map((q) => q.id)).toEqual([offer, acceptance, consideration]);
    // The spec's client sends no ids: an unchanged question keeps its id all the same.
    const specClient = await put(
      `/api/quiz/${original._id}`,
      {
        title: original.title,
        questions: original.questions.map(({ text, options, correctAnswer }) => ({ text, options, correctAnswer })),
      },
      teacher.token,
    );
    expect(specClient.status).toBe(200);
    const afterSpecClient = (await specClient.json()) as EditorQuiz;
    expect(afterSpecClient.questions.map((q) => q.id)).toEqual([offer, acceptance, consideration]);

    // A fifth taker on the shuffled quiz: offer and consideration right (2).
    const fifth = await takeAndSubmit(original, pattern(original, [true, false, true]), at(10));
    expect(fifth.score).toBe(2);
    expect(new Set(fifth.view.questions.map((q) => q.id))).toEqual(new Set([offer, acceptance, consideration]));

    const analysisNow = async () => {
      const response = await appFetch(`/api/quiz/${original._id}/analysis`, { headers: bearer(teacher.token) });
      expect(response.status).toBe(200);
      return (await response.json()) as Analysis;
    };
    // By hand: scores 3, 2, 1, 0, 2; mean 1.6, median 2, population variance 1.04; facility 4/5, 2/5,
    // 2/5; KR-20 = 3/2 · (1 − (0.16 + 0.24 + 0.24) / 1.04) = 15/26.
    const first = await analysisNow();
    expect(first.items.map((item) => item.key)).toEqual([offer, acceptance, consideration]);
    expect(first).toMatchObject({ takers: 5, mean: 1.6, median: 2, maxScore: 3 });
    expect(first.standardDeviation).toBeCloseTo(Math.sqrt(1.04), 10);
    expect(first.kr20).toBeCloseTo(15 / 26, 10);
    expect(first.items.map((item) => [item.takers, item.correct])).toEqual([
      [5, 4],
      [5, 2],
      [5, 2],
    ]);

    // (b) An edit: acceptance's text changes, a fourth question is added (ids sent back as GET gave them).
    const edited = await put(
      `/api/quiz/${original._id}`,
      {
        ...afterSettings,
        // The version the last save answered with (afterSettings' own is older: decision 105).
        version: afterSpecClient.version,
        // The total was the sum of the questions' minutes: left out, it is worked out again.
        totalTime: undefined,
        questions: [
          ...afterSettings.questions.map((q) => (q.id === acceptance ? { ...q, text: "Acceptance, revised" } : q)),
          question("Capacity", 3),
        ],
      },
      teacher.token,
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
    const afterEdit = (await edited.json()) as EditorQuiz;
    expect(afterEdit.questions.map((q) => q.id).slice(0, 3)).toEqual([offer, acceptance, consideration]);
    expect(afterEdit.questions[1]!.text).toBe("Acceptance, revised");
    const capacity = afterEdit.questions[3]!.id;
    expect([offer, acceptance, consideration]).not.toContain(capacity);
    expect((await questionRowsOf(original._id)).map((row) => row.id)).toEqual([
      offer,
      acceptance,
      consideration,
      capacity,
    ]);

    // Three takers of the new version: 3 (not consideration), 1 (consideration only), 4.
    for (const [index, rights] of [
      [true, true, false, true],
      [false, false, true, false],
      [true, true, true, true],
    ].entries()) {
      const { score } = await takeAndSubmit(afterEdit, pattern(afterEdit, rights), at(20 + index));
      expect(score).toBe(rights.filter(Boolean).length);
    }

    // By hand, all eight first attempts: scores 3, 2, 1, 0, 2, 3, 1, 4 (sum 16, squares 44): mean 2,
    // median 2, variance 44/8 − 4 = 1.5. Facility: offer 6/8, acceptance 4/8, consideration 4/8,
    // capacity 2/3 (three takers were given it). Upper 27% (2): the 4 and the first 3; lower: the last 1
    // and the 0. KR-20 over the three attempts given all four items (scores 3, 1, 4: variance 14/9,
    // p = 2/3 for each item): 4/3 · (1 − (8/9) / (14/9)) = 4/7.
    const second = await analysisNow();
    expect(second.items.map((item) => item.key)).toEqual([offer, acceptance, consideration, capacity]);
    expect(second.items.map((item) => item.text)).toEqual([
      "Offer",
      "Acceptance, revised",
      "Consideration",
      "Capacity",
    ]);
    expect(second).toMatchObject({ takers: 8, mean: 2, median: 2, maxScore: 4 });
    expect(second.standardDeviation).toBeCloseTo(Math.sqrt(1.5), 10);
    expect(second.kr20).toBeCloseTo(4 / 7, 10);
    expect(second.distribution.map((bar) => bar.count)).toEqual([1, 2, 2, 2, 1]);
    expect(second.items.map((item) => [item.takers, item.correct])).toEqual([
      [8, 6],
      [8, 4],
      [8, 4],
      [3, 2],
    ]);
    expect(second.items.map((item) => item.discrimination)).toEqual([1, 1, 0.5, 1]);
    // The option counts of a shuffled attempt are in the original order: acceptance's right option (b)
    // was chosen by the four who got it right, its next one (c) by the four who did not.
    expect(second.items[1]!.optionCounts).toEqual([0, 4, 4, 0]);

    // The manage page: one row per question, the same figures.
    const page = await pageText(
      await appFetch(`/quiz/manage/${original._id}`, { headers: { Cookie: await sessionCookieFor(teacher.id) } }),
    );
    expect(page.match(/<th scope="row">Q\d+\. /g)).toHaveLength(4);
    expect(page).toContain('<th scope="row">Q2. Acceptance, revised</th>');
    expect(page).toContain("question 4: 67%");
    expect(page).not.toContain("question 5:");
    expect(page).toContain("0.57");
  });

  it("an id that is not one of this quiz's questions is refused naming the field; nothing is stored", async () => {
    const teacher = await person("teacher");
    const post = async (title: string) =>
      (await (
        await postJson("/api/quiz", { title, questions: [question("X1", 0), question("X2", 1)] }, bearer(teacher.token))
      ).json()) as EditorQuiz;
    // Both quizzes are the same teacher's: ownership alone would not stop the foreign id.
    const target = await post("Target");
    const other = await post("Other");
    const { db } = testContext();
    const snapshot = async () => ({
      quizzes: await db.select().from(quizzes).orderBy(asc(quizzes.id)),
      questions: await db.select().from(quizQuestions).orderBy(asc(quizQuestions.id)),
    });
    const before = await snapshot();

    const cases: Array<[EditorQuestion[], string, string]> = [
      [
        [target.questions[0]!, { ...target.questions[1]!, id: other.questions[0]!.id }],
        "questions.1.id",
        "not a question of this quiz",
      ],
      [
        [{ ...target.questions[0]!, id: "no-such-question" }, target.questions[1]!],
        "questions.0.id",
        "not a question of this quiz",
      ],
      [
        [target.questions[0]!, { ...target.questions[1]!, id: target.questions[0]!.id }],
        "questions.1.id",
        "sent twice",
      ],
    ];
    for (const [questions, field, words] of cases) {
      const response = await put(`/api/quiz/${target._id}`, { ...target, title: "Changed", questions }, teacher.token);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toContain(field);
      expect(body.message).toContain(words);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    // A wrong type is the schema's 400, naming the field as well.
    const numeric = await put(
      `/api/quiz/${target._id}`,
      { ...target, questions: [{ ...target.questions[0]!, id: 7 }] },
      teacher.token,
    );
    expect(numeric.status).toBe(400);
    expect(Object.keys(((await numeric.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
      "questions.0.id",
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("the editor page (a form post, no JavaScript) sends the ids back: edits and reorders keep them", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const cookie = await sessionCookieFor(teacher.id);
    const quiz = await createQuiz(ctx, teacher.auth, {
      title: "Page edit",
      questions: [question("P1", 0), question("P2", 1)],
    } as QuizInput);
    const [p1, p2] = quiz.questions.map((q) => q.id) as [string, string];

    const edit = await pageText(await appFetch(`/quiz/edit/${quiz.id}`, { headers: { Cookie: cookie } }));
    const hidden = (index: number) =>
      edit.match(new RegExp(`<input[^>]*name="questions\\[${index}\\]\\.id"[^>]*>`))?.[0];
    expect(hidden(0)).toContain('type="hidden"');
    expect(hidden(0)).toContain(`value="${p1}"`);
    expect(hidden(1)).toContain(`value="${p2}"`);

    const fields = (entries: { id?: string; text: string; correct: number }[]) => ({
      title: "Page edit",
      reviewPolicy: "immediately",
      ...Object.fromEntries(
        entries.flatMap((entry, index) => [
          ...(entry.id ? [[`questions[${index}].id`, entry.id]] : []),
          [`questions[${index}].text`, entry.text],
          ...[0, 1, 2, 3].map((option) => [
            `questions[${index}].options[${option}]`,
            `${entry.text} ${"abcd"[option]}`,
          ]),
          [`questions[${index}].correctAnswer`, String(entry.correct)],
          [`questions[${index}].timePerQuestion`, "1"],
        ]),
      ),
    });
    // P2 moved up and its text changed, P1 second, a new P3 last.
    const saved = await appFetch(
      `/quiz/edit/${quiz.id}`,
      form(
        cookie,
        fields([
          { id: p2, text: "P2 revised", correct: 1 },
          { id: p1, text: "P1", correct: 0 },
          { text: "P3", correct: 2 },
        ]),
      ),
    );
    expect(saved.status).toBe(200);
    const savedPage = await pageText(saved);
    expect(savedPage).toContain("Quiz updated successfully");
    const rows = await questionRowsOf(quiz.id);
    expect(rows.map((row) => [row.id, row.text, row.position])).toEqual([
      [p2, "P2 revised", 0],
      [p1, "P1", 1],
      [rows[2]!.id, "P3", 2],
    ]);
    expect([p1, p2]).not.toContain(rows[2]!.id);
    // The page answering the save shows the quiz as saved: the new question carries its id, so
    // sending the form again updates it instead of adding it a second time.
    expect(savedPage).toContain(`value="${rows[2]!.id}"`);

    // A tampered hidden field: refused with the field named, nothing stored.
    const stranger = await createQuiz(ctx, teacher.auth, {
      title: "Stranger",
      questions: [question("S1", 0)],
    } as QuizInput);
    const refused = await appFetch(
      `/quiz/edit/${quiz.id}`,
      form(cookie, fields([{ id: stranger.questions[0]!.id, text: "Hijack", correct: 0 }])),
    );
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("questions.0.id is not a question of this quiz");
    expect((await questionRowsOf(quiz.id)).map((row) => row.text)).toEqual(["P2 revised", "P1", "P3"]);
    expect((await questionRowsOf(stranger.id)).map((row) => row.text)).toEqual(["S1"]);
  });
});
