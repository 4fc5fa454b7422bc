// The quiz part of the JSON API (docs/api.md, docs/product.md §7) called as the spec's own client calls it:
// register or log in, read the user's id from the token, list and fetch a quiz, submit, read the
// results by user id. It knows nothing of POST /api/quiz/{id}/start: fetching the quiz starts the clock.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizAttempts, quizQuestions, quizzes } from "../../db/schema";
import { appFetch, createTestUser, testContext } from "../helpers";

let ipCounter = 0;
/** Every simulated client sends from its own address, so rate limits never leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** The spec's client: JSON bodies, `Authorization: Bearer {token}` when it has one. */
function client(token?: string) {
  const ip = freshIp();
  const headers = (extra: Record<string, string> = {}) => ({
    "CF-Connecting-IP": ip,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  return {
    get: (path: string) => appFetch(`/api${path}`, { headers: headers() }),
    send: (method: string, path: string, body: unknown) =>
      appFetch(`/api${path}`, {
        method,
        headers: headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(body),
      }),
    del: (path: string) => appFetch(`/api${path}`, { method: "DELETE", headers: headers() }),
  };
}

/** The user's id as the client reads it from the token's payload. */
function idFromToken(token: string): string {
  const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { id?: unknown };
  // The spec's client reads `id` alone (never `sub`): a token without it fails here.
  if (typeof payload.id !== "string" || !payload.id)
    throw new Error(`the token has no id claim: ${JSON.stringify(payload)}`);
  return payload.id;
}

async function register(label: string) {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await client().send("POST", "/auth/register", {
    fullName: `Taker ${label}`,
    email,
    password: "a long test passphrase",
  });
  expect(response.status).toBe(201);
  const { user, token } = (await response.json()) as { user: { fullName: string; email: string }; token: string };
  return { ...user, token, id: idFromToken(token) };
}

async function loginAs(role: "teacher" | "admin") {
  const user = await createTestUser({ role, fullName: `A ${role}` });
  const response = await client().send("POST", "/auth/login", { email: user.email, password: user.password });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { ...user, token };
}

const QUIZ = {
  title: "Limitation Act",
  totalTime: 10,
  questions: [
    {
      text: "Period for a suit on a contract?",
      options: ["1 year", "3 years", "12 years", "30 years"],
      correctAnswer: 1,
    },
    { text: "Does acknowledgment restart time?", options: ["Yes", "No", "Only orally", "Never"], correctAnswer: 0 },
  ],
};

async function createQuiz(teacherToken: string, body: unknown = QUIZ) {
  const response = await client(teacherToken).send("POST", "/quiz", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { _id: string; totalTime: number; createdBy: { _id: string; fullName: string } };
}

const attemptRows = (userId: string) =>
  testContext().db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId));

type TakerQuiz = {
  _id: string;
  title: string;
  attemptId?: string;
  deadline?: string;
  questions: Array<Record<string, unknown>>;
};

describe("the spec's client takes a quiz", () => {
  it("register, list, fetch (the clock starts), submit, read results by the id from the token", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    expect(created.totalTime).toBe(10);
    expect(created.createdBy).toEqual({ _id: teacher.id, fullName: teacher.fullName });

    const taker = await register("spec");
    const api = client(taker.token);
    const list = await api.get("/quiz");
    expect(list.status).toBe(200);
    const { quizzes: listed } = (await list.json()) as { quizzes: Array<Record<string, unknown>> };
    expect(listed.find((quiz) => quiz._id === created._id)).toMatchObject({
      title: QUIZ.title,
      totalTime: 10,
      createdBy: { _id: teacher.id, fullName: teacher.fullName },
    });

    const before = Date.now();
    const fetched = await api.get(`/quiz/${created._id}`);
    expect(fetched.status).toBe(200);
    const quiz = (await fetched.json()) as TakerQuiz;
    expect(quiz).toMatchObject({ _id: created._id, title: QUIZ.title, createdBy: { fullName: teacher.fullName } });
    expect(quiz.questions).toHaveLength(2);
    expect(quiz.questions[0]).toEqual({
      // Each question of an attempt carries a stable id (an extra field the spec's client ignores).
      id: expect.any(String),
      text: QUIZ.questions[0]!.text,
      options: QUIZ.questions[0]!.options,
      timePerQuestion: 1,
    });
    expect(JSON.stringify(quiz)).not.toContain("correctAnswer");
    // The attempt started when the questions were sent, with the quiz's 10 minutes.
    const deadline = new Date(quiz.deadline!).getTime();
    expect(deadline - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(deadline - before).toBeLessThanOrEqual(10 * 60_000 + 5000);
    const [row] = await attemptRows(taker.id);
    expect(row).toMatchObject({ id: quiz.attemptId, status: "open", answers: [null, null] });

    // Fetching again (a reload) resumes the same attempt and deadline.
    const again = (await (await api.get(`/quiz/${created._id}`)).json()) as TakerQuiz;
    expect(again.attemptId).toBe(quiz.attemptId);
    expect(again.deadline).toBe(quiz.deadline);

    const submitted = await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 3] });
    expect(submitted.status).toBe(200);
    const { message, result } = (await submitted.json()) as { message: string; result: { _id: string; score: number } };
    expect(message).toBe("Quiz submitted.");
    expect(result).toMatchObject({ _id: quiz.attemptId, score: 1 });

    const mine = await api.get(`/results/user/${taker.id}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual([
      expect.objectContaining({ _id: result._id, score: 1, quiz: expect.objectContaining({ title: QUIZ.title }) }),
    ]);
    const one = (await (await api.get(`/results/${result._id}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({
      _id: result._id,
      score: 1,
      answers: [1, 3],
      user: { fullName: taker.fullName, email: taker.email },
      quiz: { title: QUIZ.title, questions: [{ correctAnswer: 1 }, { correctAnswer: 0 }] },
    });
  });

  it("anonymous: the quiz's metadata without any question text or option, and nothing starts", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const response = await client().get(`/quiz/${created._id}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    const quiz = JSON.parse(body) as Partial<TakerQuiz> & {
      totalTime: number;
      questionCount: number;
      availability: string;
      createdBy: { fullName: string };
    };
    expect(quiz).toMatchObject({
      title: QUIZ.title,
      totalTime: QUIZ.totalTime,
      questionCount: 2,
      availability: "open",
    });
    expect(quiz.createdBy.fullName).toBeTruthy();
    expect(quiz.questions).toBeUndefined();
    for (const question of QUIZ.questions) {
      expect(body).not.toContain(question.text);
      for (const option of question.options) expect(body).not.toContain(JSON.stringify(option));
    }
    expect(quiz.attemptId).toBeUndefined();
    expect(quiz.deadline).toBeUndefined();
    expect(JSON.stringify(quiz)).not.toContain("correctAnswer");
    expect(await testContext().db.select().from(quizAttempts)).toHaveLength(0);
  });

  it("a submit for questions never received is 409 'Start the quiz first.' and creates nothing", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const taker = await register("nostart");
    // Seen anonymously, then submitted with a token: still never given to this taker.
    expect((await client().get(`/quiz/${created._id}`)).status).toBe(200);
    const response = await client(taker.token).send("POST", `/results/${created._id}/submit`, { answers: [1, 0] });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Start the quiz first." });
    expect(await attemptRows(taker.id)).toHaveLength(0);
    expect(await (await client(taker.token).get(`/results/user/${taker.id}`)).json()).toEqual([]);
  });

  it("a late submit scores only what was saved before the deadline, ignores the answers sent, and says so", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const taker = await register("late");
    const api = client(taker.token);
    const quiz = (await (await api.get(`/quiz/${created._id}`)).json()) as TakerQuiz;
    // In time: the first answer (correct) is saved.
    expect((await api.send("POST", `/quiz/${created._id}/answer`, { questionIndex: 0, answer: 1 })).status).toBe(200);
    // The clock moves on: the attempt started 11 minutes ago, its 10 minutes (and the grace) are over.
    const { db } = testContext();
    const minute = 60_000;
    await db
      .update(quizAttempts)
      .set({ startedAt: new Date(Date.now() - 11 * minute), deadline: new Date(Date.now() - minute) })
      .where(eq(quizAttempts.id, quiz.attemptId!));
    // The late body would score 2/2; only the saved answer counts.
    const response = await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 0] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; result: { score: number; answers: unknown[] } };
    expect(body.message).toBe("Time was up: only the answers saved before the deadline were scored.");
    expect(body.result).toMatchObject({ score: 1, answers: [1, null] });
    const [row] = await attemptRows(taker.id);
    expect(row).toMatchObject({ status: "finalised", score: 1, answers: [1, null] });
    // Answers after the deadline are refused too, and a second submit is a 409 that names the result.
    expect((await api.send("POST", `/quiz/${created._id}/answer`, { questionIndex: 1, answer: 0 })).status).toBe(409);
    const twice = await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 0] });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ result: { _id: quiz.attemptId, score: 1 } });
  });

  it("refused submits and answers change nothing: no result, the attempt as it was", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const taker = await register("refused");
    const api = client(taker.token);
    await api.get(`/quiz/${created._id}`);
    const [before] = await attemptRows(taker.id);
    const refusals: Array<[unknown, number, string]> = [
      [{ answers: [1, null] }, 400, "answers.1"], // unanswered: the empty one is named
      [{ answers: [1] }, 400, "answers"], // wrong length
      [{ answers: [1, 0, 2] }, 400, "answers"],
      [{ answers: ["1", 0] }, 400, "answers.0"], // wrong type
      [{ answers: [1, true] }, 400, "answers.1"],
      [{ answers: [1, 4] }, 400, "answers.1"],
      [{ answers: "all" }, 400, "answers"],
      [{ answers: null }, 400, "answers"],
    ];
    for (const [body, status, field] of refusals) {
      const response = await api.send("POST", `/results/${created._id}/submit`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const json = (await response.json()) as { message: string; errors?: Record<string, string[]> };
      expect(Object.keys(json.errors ?? {}), JSON.stringify(body)).toContain(field);
      if (field === "answers.1" && body && (body as { answers: unknown[] }).answers[1] === null) {
        expect(json).toEqual({
          message: "Please answer all questions before submitting.",
          errors: { "answers.1": ["Please answer all questions before submitting."] },
        });
      }
    }
    const answerRefusals: Array<[unknown, string]> = [
      [{ questionIndex: "0", answer: 1 }, "questionIndex"],
      [{ questionIndex: null, answer: 1 }, "questionIndex"],
      [{ questionIndex: 0, answer: "1" }, "answer"],
      [{ questionIndex: 0, answer: true }, "answer"],
      [{ questionIndex: 0 }, "answer"],
      [{ questionIndex: 5, answer: 1 }, "questionIndex"], // past the last question
    ];
    for (const [body, field] of answerRefusals) {
      const response = await api.send("POST", `/quiz/${created._id}/answer`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toContain(field);
    }
    expect(await attemptRows(taker.id)).toEqual([before]);
    expect(await (await api.get(`/results/user/${taker.id}`)).json()).toEqual([]);
  });

  it("a wrong type in an answer is named in the message, with what came (as every other field)", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const taker = await register("types");
    const api = client(taker.token);
    await api.get(`/quiz/${created._id}`);
    const cases: Array<[string, unknown, string, string]> = [
      ["/answer", { questionIndex: 0, answer: "1" }, "answer", "answer must be a number, not text"],
      ["/answer", { questionIndex: 0, answer: true }, "answer", "answer must be a number, not true"],
      ["/answer", { questionIndex: 0, answer: 1.5 }, "answer", "answer must be a whole number, not 1.5"],
      ["/answer", { questionIndex: 0.5, answer: 1 }, "questionIndex", "questionIndex must be a whole number, not 0.5"],
      ["/answer", { questionIndex: 0, answer: [1] }, "answer", "answer must be a number, not a list"],
      ["submit", { answers: ["1", 0] }, "answers.0", "answers.0 must be a number, not text"],
      ["submit", { answers: [1, 2.5] }, "answers.1", "answers.1 must be a whole number, not 2.5"],
    ];
    for (const [endpoint, body, field, message] of cases) {
      const path = endpoint === "submit" ? `/results/${created._id}/submit` : `/quiz/${created._id}/answer`;
      const response = await api.send("POST", path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ message, errors: { [field]: [message] } });
    }
    // A value of the right type out of range keeps its own words; null still clears an answer.
    const range = await api.send("POST", `/quiz/${created._id}/answer`, { questionIndex: 0, answer: 4 });
    expect(((await range.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      answer: ["An answer is an option index from 0 to 3"],
    });
    expect((await api.send("POST", `/quiz/${created._id}/answer`, { questionIndex: 0, answer: null })).status).toBe(
      200,
    );
  });

  it("retakes: each fetch after a result opens a new attempt with its own clock; results list every attempt", async () => {
    const teacher = await loginAs("teacher");
    const created = await createQuiz(teacher.token);
    const taker = await register("retake");
    const api = client(taker.token);
    const first = (await (await api.get(`/quiz/${created._id}`)).json()) as TakerQuiz;
    expect((await api.send("POST", `/results/${created._id}/submit`, { answers: [0, 0] })).status).toBe(200);
    // The same submit again is refused; fetching the quiz starts the next attempt.
    expect((await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 0] })).status).toBe(409);
    const second = (await (await api.get(`/quiz/${created._id}`)).json()) as TakerQuiz;
    expect(second.attemptId).not.toBe(first.attemptId);
    expect(new Date(second.deadline!).getTime()).toBeGreaterThan(new Date(first.deadline!).getTime() - 1);
    expect((await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 0] })).status).toBe(200);
    const results = (await (await api.get(`/results/user/${taker.id}`)).json()) as Array<{ score: number }>;
    expect(results.map((result) => result.score).sort()).toEqual([1, 2]);
  });
});

describe("quiz bodies are taken as they are", () => {
  it("wrong JSON types are refused with the field named, and nothing is written", async () => {
    const teacher = await loginAs("teacher");
    const api = client(teacher.token);
    const withQuestion = (change: Record<string, unknown>) => ({
      ...QUIZ,
      questions: [{ ...QUIZ.questions[0], ...change }, QUIZ.questions[1]],
    });
    const cases: Array<[unknown, string]> = [
      [withQuestion({ correctAnswer: null }), "questions.0.correctAnswer"],
      [withQuestion({ correctAnswer: true }), "questions.0.correctAnswer"],
      [withQuestion({ correctAnswer: "1" }), "questions.0.correctAnswer"],
      [withQuestion({ correctAnswer: 1.5 }), "questions.0.correctAnswer"],
      [withQuestion({ timePerQuestion: null }), "questions.0.timePerQuestion"],
      [withQuestion({ timePerQuestion: "2" }), "questions.0.timePerQuestion"],
      [withQuestion({ options: ["a", "b", "c", 4] }), "questions.0.options.3"],
      [{ ...QUIZ, title: 5 }, "title"],
      [{ ...QUIZ, totalTime: "10" }, "totalTime"],
      [{ ...QUIZ, totalTime: null }, "totalTime"],
      [{ ...QUIZ, totalTime: 1 }, "totalTime"], // below 1 minute per question
      [{ ...QUIZ, questions: {} }, "questions"],
    ];
    for (const [body, field] of cases) {
      const response = await api.send("POST", "/quiz", body);
      expect(response.status, field).toBe(400);
      const json = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(json.errors), JSON.stringify(body)).toEqual([field]);
      expect(json.message).toBe(json.errors[field]![0]);
    }
    const { db } = testContext();
    expect(await db.select().from(quizzes)).toHaveLength(0);
    expect(await db.select().from(quizQuestions)).toHaveLength(0);

    // The same for an edit: the quiz stays as it was.
    const created = await createQuiz(teacher.token);
    const [storedBefore, questionsBefore] = [
      await db.select().from(quizzes),
      await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, created._id)),
    ];
    for (const [body, field] of cases) {
      const response = await api.send("PUT", `/quiz/${created._id}`, body);
      expect(response.status, field).toBe(400);
    }
    expect(await db.select().from(quizzes)).toEqual(storedBefore);
    expect(await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, created._id))).toEqual(questionsBefore);
    // A total time is honoured on edit too; without one it is the questions' minutes.
    const renamed = await api.send("PUT", `/quiz/${created._id}`, { ...QUIZ, title: "Renamed", totalTime: 7 });
    expect(await renamed.json()).toMatchObject({ title: "Renamed", totalTime: 7 });
    const summed = await api.send("PUT", `/quiz/${created._id}`, { title: "Renamed", questions: QUIZ.questions });
    expect(await summed.json()).toMatchObject({ totalTime: 2 });
  });
});

describe("least privilege for results and answers", () => {
  it("a teacher reads results and answers only of their own quizzes; an admin reads all", async () => {
    const owner = await loginAs("teacher");
    const other = await loginAs("teacher");
    const admin = await loginAs("admin");
    const created = await createQuiz(owner.token);
    const otherQuiz = await createQuiz(other.token, { ...QUIZ, title: "Other teacher's quiz" });
    const taker = await register("privacy");
    const api = client(taker.token);
    await api.get(`/quiz/${created._id}`);
    const submitted = await api.send("POST", `/results/${created._id}/submit`, { answers: [1, 0] });
    const { result } = (await submitted.json()) as { result: { _id: string } };
    await api.get(`/quiz/${otherQuiz._id}`);
    await api.send("POST", `/results/${otherQuiz._id}/submit`, { answers: [0, 0] });

    // The other teacher: no result, no answer key, and only their own quiz in the taker's list.
    expect((await client(other.token).get(`/results/${result._id}`)).status).toBe(404);
    const otherList = (await (await client(other.token).get(`/results/user/${taker.id}`)).json()) as Array<{
      quiz: { title: string };
    }>;
    expect(otherList.map((row) => row.quiz.title)).toEqual(["Other teacher's quiz"]);
    const asOther = await client(other.token).get(`/quiz/${created._id}`);
    expect(asOther.status).toBe(200);
    expect(await asOther.text()).not.toContain("correctAnswer");
    expect((await client(other.token).del(`/quiz/${created._id}`)).status).toBe(403);

    // The owner and an admin: the result, and the answer key without starting anything.
    for (const reader of [owner, admin]) {
      expect((await client(reader.token).get(`/results/${result._id}`)).status).toBe(200);
      const editorView = await client(reader.token).get(`/quiz/${created._id}`);
      const body = (await editorView.json()) as TakerQuiz;
      expect(body.questions[0]).toMatchObject({ correctAnswer: 1 });
      expect(body.attemptId).toBeUndefined();
    }
    expect(await attemptRows(owner.id)).toHaveLength(0);
    const adminList = (await (await client(admin.token).get(`/results/user/${taker.id}`)).json()) as unknown[];
    expect(adminList).toHaveLength(2);
    expect((await client(taker.token).get(`/results/user/${owner.id}`)).status).toBe(403);
  });
});
