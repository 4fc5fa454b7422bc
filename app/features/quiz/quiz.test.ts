import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizAttempts, quizQuestions, quizTimeGrants, quizzes, siteSettings, users } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  httpRejection,
  postJson,
  runCron,
  sessionCookieFor,
  testContext,
  postUrlEncoded,
  bearer,
  pageText as readableText,
  forgedToken,
  BASE_URL,
} from "../../../tests/helpers";
import { issueApiToken, loadAuthUser, type AuthUser } from "~/lib/auth.server";
import { SITE_SETTINGS_ID, STAFF_TWO_FACTOR_REQUIRED_MESSAGE } from "~/lib/two-factor-policy.server";
import type { HttpError } from "~/lib/http.server";
import {
  createQuiz,
  finaliseExpiredAttempts,
  getResult,
  grantExtraTime,
  saveAnswer,
  startAttempt,
  submitAttempt,
  updateQuiz,
} from "./quiz.server";
import { QuizInputSchema } from "./schema";

const question = (text: string, correctAnswer: number, timePerQuestion = 1) => ({
  text,
  options: ["A", "B", "C", "D"],
  correctAnswer,
  timePerQuestion,
});
const THREE = { title: "Evidence Act basics", questions: [question("Q1", 0), question("Q2", 1), question("Q3", 2, 2)] };

async function person(role: "admin" | "teacher" | "client") {
  const created = await createTestUser({ role });
  const auth = (await loadAuthUser(testContext(), created.id))! as AuthUser;
  return { ...created, auth, token: await apiTokenFor(created.email) };
}

/** The usual start: a teacher's quiz of THREE questions and one client to take it. */
async function quizWithTaker() {
  const ctx = testContext();
  const teacher = await person("teacher");
  const taker = await person("client");
  const quiz = await createQuiz(ctx, teacher.auth, THREE);
  return { ctx, teacher, taker, quiz };
}

describe("creating and editing quizzes", () => {
  it("a teacher creates a quiz; a given totalTime is honoured, else it is the sum of the questions' minutes", async () => {
    const teacher = await person("teacher");
    const response = await postJson("/api/quiz", { ...THREE, totalTime: 99 }, bearer(teacher.token));
    expect(response.status).toBe(201);
    const quiz = (await response.json()) as { _id: string; totalTime: number; questions: unknown[] };
    expect(quiz.totalTime).toBe(99);
    expect(quiz.questions).toHaveLength(3);
    const summed = (await (await postJson("/api/quiz", THREE, bearer(teacher.token))).json()) as { totalTime: number };
    expect(summed.totalTime).toBe(4);
  });

  it("refuses bad quizzes with a clear 400 and saves nothing", async () => {
    const teacher = await person("teacher");
    const { db } = testContext();
    const cases: Array<[unknown, string]> = [
      [{ ...THREE, title: "  " }, "Title is required"],
      [{ ...THREE, questions: [{ ...question("Q", 0), options: ["A", "B", "C"] }] }, "exactly four options"],
      [{ ...THREE, questions: [{ ...question("Q", 0), options: ["A", "B", "C", "D", "E"] }] }, "exactly four options"],
      [{ ...THREE, questions: [question("Q", 7)] }, "one of the four"],
      [{ ...THREE, questions: [question("Q", 0, 0)] }, "at least 1 minute"],
      [{ ...THREE, questions: [question("Q", 0, -2)] }, "at least 1 minute"],
      [
        { ...THREE, questions: [{ ...question("Q", 0), timePerQuestion: "soon" }] },
        "timePerQuestion must be a number, not text",
      ],
      [{ ...THREE, questions: [] }, "at least one question"],
      [{ ...THREE, questions: Array.from({ length: 201 }, (_, i) => question(`Q${i}`, 0)) }, "at most 200 questions"],
    ];
    for (const [body, message] of cases) {
      const response = await postJson("/api/quiz", body, bearer(teacher.token));
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await db.select().from(quizzes)).toHaveLength(0);
    expect(await db.select().from(quizQuestions)).toHaveLength(0);
  });

  it("a missing time per question defaults to 1 minute, and a 200-question quiz is accepted", async () => {
    const parsed = QuizInputSchema.parse({
      title: "T",
      questions: [{ text: "Q", options: ["a", "b", "c", "d"], correctAnswer: 1 }],
    });
    expect(parsed.questions[0]!.timePerQuestion).toBe(1);
    const teacher = await person("teacher");
    const big = { title: "Big", questions: Array.from({ length: 200 }, (_, i) => question(`Q${i}`, i % 4)) };
    const response = await postJson("/api/quiz", big, bearer(teacher.token));
    expect(response.status).toBe(201);
  });

  it("enforces who may create, edit and delete", async () => {
    const [client, teacher, otherTeacher, admin] = [
      await person("client"),
      await person("teacher"),
      await person("teacher"),
      await person("admin"),
    ];
    expect((await postJson("/api/quiz", THREE)).status).toBe(401);
    expect((await postJson("/api/quiz", THREE, bearer(client.token))).status).toBe(403);
    const created = (await (await postJson("/api/quiz", THREE, bearer(teacher.token))).json()) as { _id: string };

    const put = (token?: string) =>
      appFetch(`/api/quiz/${created._id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(token) },
        body: JSON.stringify({ ...THREE, title: "Renamed" }),
      });
    const del = (token?: string) => appFetch(`/api/quiz/${created._id}`, { method: "DELETE", headers: bearer(token) });
    expect((await put()).status).toBe(401);
    expect((await put(client.token)).status).toBe(403);
    expect((await put(otherTeacher.token)).status).toBe(403);
    expect((await put(teacher.token)).status).toBe(200);
    expect((await put(admin.token)).status).toBe(200);
    expect((await del(client.token)).status).toBe(403);
    expect((await del(otherTeacher.token)).status).toBe(403);
    expect((await del(admin.token)).status).toBe(200);
    expect((await appFetch(`/api/quiz/${created._id}`)).status).toBe(404);
  });
});

describe("what takers can see", () => {
  it("correct answers are absent from the list, the quiz and an open attempt for non-staff", async () => {
    const { teacher, taker: client, quiz } = await quizWithTaker();
    for (const [path, token] of [
      ["/api/quiz", undefined],
      [`/api/quiz/${quiz.id}`, undefined],
      [`/api/quiz/${quiz.id}`, client.token],
    ] as const) {
      const text = await (await appFetch(path, { headers: bearer(token) })).text();
      expect(text, path).not.toContain("correctAnswer");
    }
    const start = await postJson(`/api/quiz/${quiz.id}/start`, {}, bearer(client.token));
    expect(start.status).toBe(200);
    expect(await start.text()).not.toContain("correctAnswer");
    // Nor in the attempt page's loader data.
    const cookie = await sessionCookieFor(client.id);
    const pageData = await appFetch(`/quiz/${quiz.id}.data`, { headers: { Cookie: cookie } });
    expect(pageData.status).toBe(200);
    const pageText = await pageData.text();
    expect(pageText).toContain("Q1");
    expect(pageText).not.toContain("correctAnswer");
    // Its creator sees the answers.
    expect(await (await appFetch(`/api/quiz/${quiz.id}`, { headers: bearer(teacher.token) })).text()).toContain(
      "correctAnswer",
    );
    // The list has the creator's name, the date and the question count; searching by title works.
    const list = (await (await appFetch("/api/quiz?q=evidence")).json()) as { quizzes: Array<Record<string, unknown>> };
    expect(list.quizzes).toHaveLength(1);
    expect(list.quizzes[0]).toMatchObject({
      title: "Evidence Act basics",
      questionCount: 3,
      createdBy: { fullName: teacher.fullName },
    });
    expect(
      ((await (await appFetch("/api/quiz?q=nothing-like-this")).json()) as { quizzes: unknown[] }).quizzes,
    ).toHaveLength(0);
  });

  it("the list is the same with a taker's token (read with their account), searched too; a token it cannot trust is 401", async () => {
    const { ctx, teacher, taker, quiz } = await quizWithTaker();
    await createQuiz(ctx, teacher.auth, { ...THREE, title: "100% Contract_Act (अनुबंध)" });
    const list = async (path: string, token?: string) => {
      const response = await appFetch(path, { headers: bearer(token) });
      expect([path, response.status]).toEqual([path, 200]);
      return ((await response.json()) as { quizzes: Array<{ _id: string; title: string }> }).quizzes;
    };
    const everyone = await list("/api/quiz");
    expect(everyone.map((row) => row.title)).toEqual(["100% Contract_Act (अनुबंध)", "Evidence Act basics"]);
    expect(await list("/api/quiz", taker.token)).toEqual(everyone);
    // The search text is bound as a value: % and _ are plain characters, and Devanagari matches.
    for (const q of ["evidence", "EVIDENCE act", "100%", "_act", "अनुबंध", "nothing-like-this"]) {
      const path = `/api/quiz?q=${encodeURIComponent(q)}`;
      const expected = everyone.filter((row) => row.title.toLowerCase().includes(q.toLowerCase()));
      expect(await list(path, taker.token), q).toEqual(expected);
      expect(await list(path), q).toEqual(expected);
    }
    expect(everyone.find((row) => row._id === quiz.id)).toBeDefined();

    await ctx.db
      .update(users)
      .set({ credentialsValidAfter: new Date(Date.now() + 1000) })
      .where(eq(users.id, taker.id));
    for (const token of [taker.token, "not.a.token", ""]) {
      const refused = await appFetch("/api/quiz", { headers: { Authorization: `Bearer ${token}` } });
      expect([token, refused.status, await refused.json()]).toEqual([
        token,
        401,
        { message: "Invalid or expired token" },
      ]);
    }
  });

  it("a taker cannot read another user's result", async () => {
    const teacher = await person("teacher");
    const [alice, bob] = [await person("client"), await person("client")];
    const ctx = testContext();
    const quiz = await createQuiz(ctx, teacher.auth, THREE);
    const now = new Date();
    await startAttempt(ctx, alice.auth, quiz.id, now);
    const { attempt: result } = await submitAttempt(ctx, alice.auth, quiz.id, { answers: [0, 1, 2] }, now);
    expect((await appFetch(`/api/results/${result.id}`, { headers: bearer(bob.token) })).status).toBe(404);
    expect((await appFetch(`/api/results/user/${alice.id}`, { headers: bearer(bob.token) })).status).toBe(403);
    expect((await appFetch(`/api/results/${result.id}`, { headers: bearer(alice.token) })).status).toBe(200);
    expect((await appFetch(`/api/results/${result.id}`)).status).toBe(401);
  });
});

describe("taking quizzes needs an account", () => {
  it("a visitor gets 401 on start, answer, submit and results; a bad token too", async () => {
    const teacher = await person("teacher");
    const quiz = await createQuiz(testContext(), teacher.auth, THREE);
    for (const token of [undefined, "not.a.token"]) {
      const headers = bearer(token);
      expect((await postJson(`/api/quiz/${quiz.id}/start`, {}, headers)).status).toBe(401);
      expect((await postJson(`/api/quiz/${quiz.id}/answer`, { questionIndex: 0, answer: 1 }, headers)).status).toBe(
        401,
      );
      expect((await postJson(`/api/results/${quiz.id}/submit`, { answers: [0, 1, 2] }, headers)).status).toBe(401);
      expect((await appFetch(`/api/results/user/${teacher.id}`, { headers })).status).toBe(401);
    }
    expect(await testContext().db.select().from(quizAttempts)).toHaveLength(0);
    // The page sends a visitor to log in and back.
    const page = await appFetch(`/quiz/${quiz.id}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/login?redirectTo=%2Fquiz%2F${quiz.id}`);
  });
});

describe("the answer save's guard (the account and the open attempt are read in one round trip)", () => {
  /** The taker's stored answers (the original order). */
  async function storedAnswers(attemptId: string) {
    const [row] = await testContext().db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    return row!.answers;
  }
  const answer = (quizId: string, headers: Record<string, string>) =>
    postJson(`/api/quiz/${quizId}/answer`, { questionIndex: 0, answer: 1 }, headers);

  it("refuses every token it cannot trust with 401, and saves nothing to the attempt the token names", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, taker.auth, quiz.id);
    const intruder = await person("client");
    const expired = await issueApiToken(ctx, taker.auth, new Date(Date.now() - 8 * 24 * 3600_000));
    for (const [what, token] of [
      // The intruder's own signature over a payload that names the taker.
      ["forged", forgedToken(intruder.token, { sub: taker.id, id: taker.id })],
      ["expired", expired],
      ["truncated", taker.token.slice(0, -2)],
      ["malformed", "x"],
      ["empty", ""],
    ] as const) {
      const refused = await answer(quiz.id, { Authorization: `Bearer ${token}` });
      expect([what, refused.status, await refused.json()]).toEqual([
        what,
        401,
        { message: "Invalid or expired token" },
      ]);
    }
    expect(await storedAnswers(attempt.id)).toEqual([null, null, null]);

    // A password reset revokes the token the taker had: the attempt is read with the account, but not written.
    await ctx.db
      .update(users)
      .set({ credentialsValidAfter: new Date(Date.now() + 1000) })
      .where(eq(users.id, taker.id));
    expect((await answer(quiz.id, bearer(taker.token))).status).toBe(401);
    expect(await storedAnswers(attempt.id)).toEqual([null, null, null]);

    // A token issued after the reset saves.
    const fresh = await apiTokenFor(taker.email);
    const saved = await answer(quiz.id, bearer(fresh));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ attemptId: attempt.id, answers: [1, null, null], currentQuestion: 1 });
    expect(await storedAnswers(attempt.id)).toEqual([1, null, null]);

    // The token of an account that is gone names no one.
    const leaver = await person("client");
    await ctx.db.delete(users).where(eq(users.id, leaver.id));
    expect((await answer(quiz.id, bearer(leaver.token))).status).toBe(401);
  });

  it("staff who must set up two-factor first get 403 and save nothing, though their attempt is open", async () => {
    const { ctx, teacher, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, teacher.auth, quiz.id);
    await ctx.db
      .insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, staffTwoFactorRequired: true })
      .onConflictDoUpdate({ target: siteSettings.id, set: { staffTwoFactorRequired: true } });
    const refused = await answer(quiz.id, bearer(teacher.token));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(STAFF_TWO_FACTOR_REQUIRED_MESSAGE);
    expect(await storedAnswers(attempt.id)).toEqual([null, null, null]);
  });

  it("answers sent through the API at the same moment are all kept, and a save without an open attempt is 409", async () => {
    const { taker, quiz } = await quizWithTaker();
    const headers = bearer(taker.token);
    const none = await answer(quiz.id, headers);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { message: string }).message).toBe(
      "There is no open attempt of this quiz. Start it first.",
    );
    const started = (await (await postJson(`/api/quiz/${quiz.id}/start`, {}, headers)).json()) as { attemptId: string };
    const saves = await Promise.all(
      [0, 1, 3].map((option, index) =>
        postJson(`/api/quiz/${quiz.id}/answer`, { questionIndex: index, answer: option }, headers),
      ),
    );
    expect(saves.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await storedAnswers(started.attemptId)).toEqual([0, 1, 3]);
  });
});

describe("the server's clock", () => {
  it("sets the deadline from the quiz's minutes, resumes the open attempt, and refuses late answers", async () => {
    const { ctx, taker: client, quiz } = await quizWithTaker(); // 1 + 1 + 2 = 4 minutes
    const t0 = new Date("2026-06-01T10:00:00Z");
    const attempt = await startAttempt(ctx, client.auth, quiz.id, t0);
    expect(attempt.deadline.getTime() - t0.getTime()).toBe(4 * 60_000);

    await saveAnswer(ctx, client.auth, quiz.id, { questionIndex: 0, answer: 0 }, new Date(t0.getTime() + 30_000));
    // A reload (or another device) a minute later resumes the same attempt at the next question.
    const resumed = await startAttempt(ctx, client.auth, quiz.id, new Date(t0.getTime() + 60_000));
    expect(resumed.id).toBe(attempt.id);
    expect(resumed.deadline).toEqual(attempt.deadline);
    expect(resumed.currentQuestion).toBe(1);
    expect(resumed.answers).toEqual([0, null, null]);

    // Within the 5-second grace an answer is still taken; after it, refused and the attempt is finalised.
    await saveAnswer(
      ctx,
      client.auth,
      quiz.id,
      { questionIndex: 1, answer: 3 },
      new Date(attempt.deadline.getTime() + 4_000),
    );
    const late = await httpRejection(
      saveAnswer(
        ctx,
        client.auth,
        quiz.id,
        { questionIndex: 2, answer: 2 },
        new Date(attempt.deadline.getTime() + 6_000),
      ),
    );
    expect(late.status).toBe(409);
    const stored = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) });
    expect(stored).toMatchObject({ status: "finalised", answers: [0, 3, null], score: 1 });
  });

  it("a quiz without a total time gets 2 minutes per question; extra time extends one taker's deadline", async () => {
    const { ctx, teacher, taker: client, quiz } = await quizWithTaker();
    await ctx.db.update(quizzes).set({ totalTime: 0 }).where(eq(quizzes.id, quiz.id));
    const t0 = new Date("2026-06-01T10:00:00Z");
    const attempt = await startAttempt(ctx, client.auth, quiz.id, t0);
    expect(attempt.deadline.getTime() - t0.getTime()).toBe(3 * 120_000);
    await grantExtraTime(ctx, teacher.auth, quiz.id, client.id, 90, t0);
    const extended = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) });
    expect(extended!.deadline.getTime() - t0.getTime()).toBe(3 * 120_000 + 90_000);
  });

  it("only one attempt is open per user and quiz, even when two starts race", async () => {
    const { ctx, taker: client, quiz } = await quizWithTaker();
    const now = new Date();
    const [a, b] = await Promise.all([
      startAttempt(ctx, client.auth, quiz.id, now),
      startAttempt(ctx, client.auth, quiz.id, now),
    ]);
    expect(a.id).toBe(b.id);
    expect(await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.status, "open"))).toHaveLength(1);
  });

  it("an abandoned attempt is finalised lazily, on the next request touching it", async () => {
    const { ctx, taker: client, quiz } = await quizWithTaker();
    const t0 = new Date(Date.now() - 60 * 60_000);
    const attempt = await startAttempt(ctx, client.auth, quiz.id, t0);
    await saveAnswer(ctx, client.auth, quiz.id, { questionIndex: 2, answer: 2 }, new Date(t0.getTime() + 1000));
    const result = await getResult(ctx, client.auth, attempt.id);
    expect(result).toMatchObject({ score: 1, total: 3, answers: [null, null, 2] });
  });

  it("the scheduled job finalises every expired attempt (through the Worker's cron handler)", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const [a, b] = [await person("client"), await person("client")];
    const quiz = await createQuiz(ctx, teacher.auth, THREE);
    const old = new Date(Date.now() - 60 * 60_000);
    await startAttempt(ctx, a.auth, quiz.id, old);
    const fresh = await startAttempt(ctx, b.auth, quiz.id, new Date());
    expect(await finaliseExpiredAttempts(ctx, new Date(old.getTime() + 1000))).toBe(0);
    await runCron();
    const rows = await ctx.db.select().from(quizAttempts);
    expect(rows.find((row) => row.userId === a.id)).toMatchObject({
      status: "finalised",
      score: 0,
      answers: [null, null, null],
    });
    expect(rows.find((row) => row.id === fresh.id)).toMatchObject({ status: "open" });
  });
});

describe("submitting", () => {
  it("requires every answer before the deadline, scores on the server, and keeps the first result", async () => {
    const { taker: client, quiz } = await quizWithTaker();
    const submit = (body: unknown) => postJson(`/api/results/${quiz.id}/submit`, body, bearer(client.token));

    expect((await postJson(`/api/quiz/${quiz.id}/start`, {}, bearer(client.token))).status).toBe(200);
    const incomplete = await submit({ answers: [0, null, 2] });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ message: "Please answer all questions before submitting." });
    for (const bad of [{ answers: [0, 1] }, { answers: [0, 1, 7] }, { answers: ["a", 1, 2] }, { answers: "all" }]) {
      expect((await submit(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await postJson(`/api/quiz/${quiz.id}/answer`, { questionIndex: 9, answer: 1 }, bearer(client.token))).status,
    ).toBe(400);
    expect(
      (await postJson(`/api/quiz/${quiz.id}/answer`, { questionIndex: 0, answer: 4 }, bearer(client.token))).status,
    ).toBe(400);

    const ok = await submit({ answers: [0, 1, 3] });
    expect(ok.status).toBe(200);
    const { result } = (await ok.json()) as { result: { _id: string; score: number; total: number } };
    expect(result).toMatchObject({ score: 2, total: 3 });

    const again = await submit({ answers: [0, 1, 2] });
    expect(again.status).toBe(409);
    const first = (await (await appFetch(`/api/results/${result._id}`, { headers: bearer(client.token) })).json()) as {
      score: number;
    };
    expect(first.score).toBe(2);

    const mine = (await (
      await appFetch(`/api/results/user/${client.id}`, { headers: bearer(client.token) })
    ).json()) as unknown[];
    expect(mine).toHaveLength(1);
    expect((await postJson(`/api/results/no-such-quiz/submit`, { answers: [0] }, bearer(client.token))).status).toBe(
      404,
    );
  });

  it("editing a quiz after an attempt never rescores it", async () => {
    const { ctx, teacher, taker: client, quiz } = await quizWithTaker();
    const now = new Date();
    await startAttempt(ctx, client.auth, quiz.id, now);
    const { attempt: result } = await submitAttempt(ctx, client.auth, quiz.id, { answers: [0, 1, 2] }, now);
    await updateQuiz(ctx, teacher.auth, quiz.id, { title: "Changed", questions: [question("New", 3)] });
    expect(await getResult(ctx, client.auth, result.id)).toMatchObject({ score: 3, total: 3 });
  });
});

describe("staff results", () => {
  it("the creator sees every taker's result and downloads them as CSV; another teacher and a client cannot", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const other = await person("teacher");
    const taker = await person("client");
    await ctx.db.update(users).set({ fullName: "=HYPERLINK(evil)" }).where(eq(users.id, taker.id));
    const quiz = await createQuiz(ctx, teacher.auth, THREE);
    const now = new Date();
    await startAttempt(ctx, taker.auth, quiz.id, now);
    await submitAttempt(ctx, taker.auth, quiz.id, { answers: [0, 0, 2] }, now);

    const csv = await appFetch(`/quiz/manage/${quiz.id}/results.csv`, {
      headers: { Cookie: await sessionCookieFor(teacher.id) },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`"'=HYPERLINK(evil)","${taker.email}","1","2","3","67"`);
    expect(
      (await appFetch(`/quiz/manage/${quiz.id}/results.csv`, { headers: { Cookie: await sessionCookieFor(other.id) } }))
        .status,
    ).toBe(403);
    expect(
      (await appFetch(`/quiz/manage/${quiz.id}`, { headers: { Cookie: await sessionCookieFor(taker.id) } })).status,
    ).toBe(403);
  });

  it("the results CSV reads right in a spreadsheet: Hindi names (a UTF-8 BOM), times in India time, a Hindi file name", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const taker = await person("client");
    await ctx.db.update(users).set({ fullName: "राम कुमार" }).where(eq(users.id, taker.id));
    const quiz = await createQuiz(ctx, teacher.auth, { title: "संविदा अधिनियम", questions: [question("प्रश्न एक", 0)] });
    // 20:00:05 UTC is 01:30:05 the next day in India.
    const started = new Date("2026-03-31T20:00:05Z");
    await startAttempt(ctx, taker.auth, quiz.id, started);
    await submitAttempt(ctx, taker.auth, quiz.id, { answers: [0] }, new Date("2026-03-31T20:00:45Z"));
    const cookie = await sessionCookieFor(teacher.id);

    const download = await appFetch(`/quiz/manage/${quiz.id}/results.csv`, { headers: { Cookie: cookie } });
    // The file is named after the quiz, in its own script (an ASCII fallback for old clients).
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="results.csv"; filename*=UTF-8''${encodeURIComponent("संविदा-अधिनियम-results.csv")}`,
    );
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(
      `"Taker","Email","Attempt","Score","Questions","Percent","Started (IST)","Finished (IST)","Duration (seconds)","Review","Q1"\r\n`,
    );
    const [attempt] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id));
    expect(text).toContain(
      `"राम कुमार","${taker.email}","1","1","1","100","2026-04-01 01:30:05","2026-04-01 01:30:45","40","${BASE_URL}/quiz/result/${attempt!.id}","A. A"\r\n`,
    );

    const analysis = new Uint8Array(
      await (await appFetch(`/quiz/manage/${quiz.id}/analysis.csv`, { headers: { Cookie: cookie } })).arrayBuffer(),
    );
    expect([...analysis.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(analysis)).toContain(`"प्रश्न एक"`);
  });

  it("extra time by email is added to the taker's deadline", async () => {
    const { ctx, teacher, taker, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date());
    const response = await postUrlEncoded(
      `/quiz/manage/${quiz.id}`,
      { email: taker.email, minutes: "15" },
      { Cookie: await sessionCookieFor(teacher.id) },
    );
    expect(response.status).toBe(200);
    const after = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) });
    expect(after!.deadline.getTime() - attempt.deadline.getTime()).toBe(15 * 60_000);
    const unknown = await postUrlEncoded(
      `/quiz/manage/${quiz.id}`,
      { email: "nobody@example.com", minutes: "5" },
      { Cookie: await sessionCookieFor(teacher.id) },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("extra time (the manage page's form)", () => {
  it("a refusal names its field and keeps what was typed; an empty number is refused, not taken as 0", async () => {
    const { ctx, teacher, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(teacher.id);
    await grantExtraTime(ctx, teacher.auth, quiz.id, taker.id, 600);
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date());

    const unknown = await postUrlEncoded(
      `/quiz/manage/${quiz.id}`,
      { email: "nobody-here@example.com", minutes: "25" },
      { Cookie: cookie },
    );
    expect(unknown.status).toBe(404);
    const page = await readableText(unknown);
    // The email field (not the page) says what is wrong, and both fields keep what was typed.
    const input = (name: string) => page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    expect(input("email")).toContain('value="nobody-here@example.com"');
    expect(input("email")).toContain('aria-invalid="true"');
    expect(input("minutes")).toContain('value="25"');
    expect(page).toMatch(/class="error-list"><li>No account has this email.<\/li>/);

    const empty = await postUrlEncoded(
      `/quiz/manage/${quiz.id}`,
      { email: taker.email, minutes: "" },
      { Cookie: cookie },
    );
    expect(empty.status).toBe(400);
    expect(await readableText(empty)).toMatch(
      /class="error-list"><li>Extra minutes must be a whole number from 0 to 600<\/li>/,
    );
    // Nothing changed: the grant and the open attempt's deadline are as they were.
    const [grant] = await ctx.db.select().from(quizTimeGrants).where(eq(quizTimeGrants.userId, taker.id));
    expect(grant!.extraSeconds).toBe(600);
    const after = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) });
    expect(after!.deadline).toEqual(attempt.deadline);
  });

  it("an attempt whose time has run out stays over: extra time granted afterwards applies to the next attempt", async () => {
    const { ctx, teacher, taker, quiz } = await quizWithTaker();
    // Started 10 minutes ago; its 4 minutes ran out, and nothing has finalised it yet.
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date(Date.now() - 10 * 60_000));
    const granted = await postUrlEncoded(
      `/quiz/manage/${quiz.id}`,
      { email: taker.email, minutes: "30" },
      { Cookie: await sessionCookieFor(teacher.id) },
    );
    expect(granted.status).toBe(200);
    const answer = await postJson(
      `/api/quiz/${quiz.id}/answer`,
      { questionIndex: 0, answer: 0 },
      { ...bearer(taker.token), "CF-Connecting-IP": "10.40.0.2" },
    );
    // Refused (the page that saved the grant has finalised the attempt meanwhile); its deadline never moved.
    expect(answer.status).toBe(409);
    const stored = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) });
    expect(stored).toMatchObject({ status: "finalised", deadline: attempt.deadline, answers: [null, null, null] });
    const next = await startAttempt(ctx, taker.auth, quiz.id, new Date());
    expect(next.deadline.getTime() - next.startedAt.getTime()).toBe(4 * 60_000 + 30 * 60_000);
  });
});

describe("concurrent answers", () => {
  it("answers saved at the same moment are all kept", async () => {
    const { ctx, taker: client, quiz } = await quizWithTaker();
    const now = new Date();
    await startAttempt(ctx, client.auth, quiz.id, now);
    await Promise.all([
      saveAnswer(ctx, client.auth, quiz.id, { questionIndex: 0, answer: 0 }, now),
      saveAnswer(ctx, client.auth, quiz.id, { questionIndex: 1, answer: 1 }, now),
      saveAnswer(ctx, client.auth, quiz.id, { questionIndex: 2, answer: 3 }, now),
    ]);
    const { attempt: result } = await submitAttempt(ctx, client.auth, quiz.id, {}, now);
    expect(result).toMatchObject({ answers: [0, 1, 3], score: 2 });
  });
});

describe("two writes racing one attempt's submit", () => {
  it("a submit or an answer that loses the race to a submit is told so with the result (the page then shows it)", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, taker.auth, quiz.id);
    // Both read the open attempt before either writes (a second tab, a double submit through the API).
    const outcomes = await Promise.allSettled([
      submitAttempt(ctx, taker.auth, quiz.id, { answers: [0, 1, 2] }),
      submitAttempt(ctx, taker.auth, quiz.id, { answers: [0, 1, 2] }),
      saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 1 }),
    ]);
    expect(outcomes[0]).toMatchObject({ status: "fulfilled", value: { attempt: { id: attempt.id, score: 3 } } });
    for (const lost of outcomes.slice(1)) {
      expect(lost.status).toBe("rejected");
      const error = (lost as PromiseRejectedResult).reason as HttpError;
      expect(error.status).toBe(409);
      // (Had it read after the submit's write, it would have found no open attempt: the same result either way.)
      expect(error.message).toMatch(/^(This attempt has already been submitted\.|There is no open attempt)/);
      expect(error.extra).toEqual({ result: { _id: attempt.id, score: 3 } });
    }
    const [stored] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(stored).toMatchObject({ status: "finalised", answers: [0, 1, 2], score: 3 });
  });
});

describe("late submits (the server's clock, controlled)", () => {
  it("within the grace the answers sent count; after it only the saved ones, and the submit says it was late", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const [onTime, late] = [await person("client"), await person("client")];
    const quiz = await createQuiz(ctx, teacher.auth, THREE);
    const t0 = new Date("2026-06-01T10:00:00Z");
    for (const taker of [onTime, late]) {
      await startAttempt(ctx, taker.auth, quiz.id, t0);
      await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 0 }, new Date(t0.getTime() + 1000));
    }
    const deadline = t0.getTime() + 4 * 60_000;
    const inGrace = await submitAttempt(ctx, onTime.auth, quiz.id, { answers: [0, 1, 2] }, new Date(deadline + 4_000));
    expect(inGrace).toMatchObject({ late: false, attempt: { score: 3, answers: [0, 1, 2] } });
    const after = await submitAttempt(ctx, late.auth, quiz.id, { answers: [0, 1, 2] }, new Date(deadline + 6_000));
    expect(after).toMatchObject({ late: true, attempt: { score: 1, answers: [0, null, null], status: "finalised" } });
    expect(after.attempt.finishedAt!.getTime()).toBe(deadline + 5_000);
  });
});

describe("the pages follow the same rules", () => {
  const form = (cookie: string, fields: Record<string, string>) => ({
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

  it("a page submit without an open attempt is refused and writes nothing; a bad answer changes nothing", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    const submit = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" }));
    expect(submit.status).toBe(409);
    expect(await submit.text()).toContain("Start the quiz first.");
    expect(await ctx.db.select().from(quizAttempts)).toHaveLength(0);

    expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }))).status).toBe(302);
    const [before] = await ctx.db.select().from(quizAttempts);
    for (const fields of [
      { intent: "answer", questionIndex: "0", answer: "9" } as Record<string, string>,
      { intent: "answer", questionIndex: "zero", answer: "1" },
      { intent: "answer", questionIndex: "7", answer: "1" },
      { intent: "submit" }, // nothing answered yet
    ]) {
      const response = await appFetch(`/quiz/${quiz.id}`, form(cookie, fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await ctx.db.select().from(quizAttempts)).toEqual([before]);
  });

  it("retakes on the page: after a result, Start opens a new attempt and My Results lists both", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    const takeOnce = async (answers: string[]) => {
      expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }))).status).toBe(302);
      for (const [index, answer] of answers.entries()) {
        await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "answer", questionIndex: String(index), answer }));
      }
      const done = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" }));
      expect(done.status).toBe(302);
      return done.headers.get("Location")!;
    };
    const first = await takeOnce(["0", "1", "2"]);
    const second = await takeOnce(["0", "0", "0"]);
    expect(first).not.toBe(second);
    const attempts = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id));
    expect(attempts.map((attempt) => attempt.score).sort()).toEqual([1, 3]);
    // (React separates adjacent text with empty comments.)
    const page = (await (await appFetch("/quiz/results", { headers: { Cookie: cookie } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain("3 / 3 (100%)");
    expect(page).toContain("1 / 3 (33%)");
  });

  it("a second submit or a stale tab's answer, after the attempt was submitted, shows its result and says so", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }))).status).toBe(302);
    for (const [index, answer] of ["0", "1", "0"].entries()) {
      await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "answer", questionIndex: String(index), answer }));
    }
    const [attempt] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id));
    // A double click on Submit without JavaScript: the browser shows the second answer.
    const [first, second] = [
      await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" })),
      await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" })),
    ];
    expect(first.headers.get("Location")).toBe(`/quiz/result/${attempt!.id}`);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(`/quiz/result/${attempt!.id}?submitted=1`);
    const shown = await readableText(await appFetch(second.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(shown).toContain("This attempt had already been submitted");
    expect(shown).toContain("Score: <strong>2 / 3</strong>");
    // Another tab still showing a question: its answer and its move go to the result too, changing nothing.
    const staleForms: Record<string, string>[] = [
      { intent: "answer", questionIndex: "2", answer: "2" },
      { intent: "goto", index: "1" },
    ];
    for (const fields of staleForms) {
      const stale = await appFetch(`/quiz/${quiz.id}`, form(cookie, fields));
      expect(stale.headers.get("Location"), JSON.stringify(fields)).toBe(`/quiz/result/${attempt!.id}?submitted=1`);
    }
    const [stored] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id));
    expect(stored).toMatchObject({ status: "finalised", answers: [0, 1, 0], score: 2 });
    // The API says the same as before, with the result as a second submit carries it.
    const api = await postJson(
      `/api/quiz/${quiz.id}/answer`,
      { questionIndex: 2, answer: 2 },
      { ...bearer(taker.token), "CF-Connecting-IP": "10.30.0.2" },
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({
      message: "There is no open attempt of this quiz. Start it first.",
      result: { _id: attempt!.id, score: 2 },
    });
  });

  it("an answer after the time ran out goes to the result, saying the time was up and it was not saved", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date(Date.now() - 10 * 60_000));
    await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 0 }, new Date(Date.now() - 9 * 60_000));
    const cookie = await sessionCookieFor(taker.id);
    const late = await appFetch(
      `/quiz/${quiz.id}`,
      form(cookie, { intent: "answer", questionIndex: "1", answer: "1" }),
    );
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe(`/quiz/result/${attempt.id}?timeup=1`);
    const page = await readableText(await appFetch(late.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(page).toContain("Time is up: your saved answers were submitted.");
    expect(page).toContain("Score: <strong>1 / 3</strong>");
  });

  it("a late page submit goes to the result with the notice", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date(Date.now() - 10 * 60_000));
    const cookie = await sessionCookieFor(taker.id);
    const done = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/quiz/result/${attempt.id}?timeup=1`);
    const page = await (await appFetch(done.headers.get("Location")!, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Time is up: your saved answers were submitted.");
  });

  it("every button of the question's form saves the choice on screen, then moves; a choice made with JavaScript is saved in place", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }))).status).toBe(302);
    const stored = async () => (await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id)))[0]!;

    // A question's number pressed with option B chosen and never confirmed: saved, and the move made.
    const jump = await appFetch(
      `/quiz/${quiz.id}`,
      form(cookie, { intent: "move", questionIndex: "0", answer: "1", to: "2" }),
    );
    expect(jump.status).toBe(302);
    expect(jump.headers.get("Location")).toBe(`/quiz/${quiz.id}?saved=1`);
    expect(await stored()).toMatchObject({ answers: [1, null, null], currentQuestion: 2 });
    const shown = await readableText(await appFetch(jump.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(shown).toContain("Question 3 of 3");
    expect(shown).toContain("Saved: your answer to question 1.");
    // Back to it (no choice on screen: only the move): the choice is there, checked.
    await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "move", questionIndex: "2", to: "0" }));
    expect(await stored()).toMatchObject({ answers: [1, null, null], currentQuestion: 0 });
    const back = await readableText(await appFetch(`/quiz/${quiz.id}`, { headers: { Cookie: cookie } }));
    expect(back).toContain('<input type="radio" name="answer" checked="" value="1"/>');

    // With JavaScript a choice is saved the moment it is made, and the taker stays on the question.
    const saved = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "save", questionIndex: "1", answer: "2" }));
    // (A document post here renders the page; the browser's fetcher reads the same action's data.)
    expect(saved.status).toBe(200);
    expect(await stored()).toMatchObject({ answers: [1, 2, null], currentQuestion: 1 });

    // Finish attempt with a choice on screen: saved, then the summary.
    const finish = await appFetch(
      `/quiz/${quiz.id}`,
      form(cookie, { intent: "move", questionIndex: "2", answer: "0", to: "summary" }),
    );
    expect(finish.headers.get("Location")).toBe(`/quiz/${quiz.id}/summary?saved=3`);
    expect(await stored()).toMatchObject({ answers: [1, 2, 0], currentQuestion: 2 });

    // Refused moves change nothing.
    const before = await stored();
    for (const fields of [
      { intent: "move", questionIndex: "0", answer: "7", to: "1" } as Record<string, string>,
      { intent: "move", questionIndex: "0", answer: "1", to: "later" },
      { intent: "move", questionIndex: "9", answer: "1", to: "1" },
      { intent: "save", questionIndex: "0", answer: "" },
    ]) {
      const response = await appFetch(`/quiz/${quiz.id}`, form(cookie, fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it("the summary lists each question answered or not, with links back, and submits on its own second post", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    // No attempt yet: the summary sends the taker to the quiz's page.
    const none = await appFetch(`/quiz/${quiz.id}/summary`, { headers: { Cookie: cookie } });
    expect(none.headers.get("Location")).toBe(`/quiz/${quiz.id}`);
    await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }));
    await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "move", questionIndex: "0", answer: "0", to: "1" }));
    await appFetch(
      `/quiz/${quiz.id}`,
      form(cookie, { intent: "move", questionIndex: "2", answer: "2", to: "summary" }),
    );

    const summary = await readableText(await appFetch(`/quiz/${quiz.id}/summary`, { headers: { Cookie: cookie } }));
    expect(summary).toContain("Summary of attempt: Evidence Act basics");
    expect(summary).toMatch(/Question 1<\/a><\/th><td>Answer saved/);
    expect(summary).toMatch(/Question 2<\/a><\/th><td>Not yet answered/);
    expect(summary).toMatch(/Question 3<\/a><\/th><td>Answer saved/);
    expect(summary).toContain(`href="/quiz/${quiz.id}?question=2"`);
    expect(summary).toContain("Answered 2 of 3.");
    expect(summary).toContain("Time left");
    // The link back opens that question.
    const second = await readableText(await appFetch(`/quiz/${quiz.id}?question=2`, { headers: { Cookie: cookie } }));
    expect(second).toContain("Question 2 of 3");

    // Submit all and finish with a question unanswered: refused, nothing submitted.
    const refused = await appFetch(`/quiz/${quiz.id}/summary`, form(cookie, { intent: "submit" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please answer all questions before submitting.");
    const [open] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, taker.id));
    expect(open).toMatchObject({ status: "open", answers: [0, null, 2] });

    await appFetch(
      `/quiz/${quiz.id}`,
      form(cookie, { intent: "move", questionIndex: "1", answer: "1", to: "summary" }),
    );
    const done = await appFetch(`/quiz/${quiz.id}/summary`, form(cookie, { intent: "submit" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/quiz/result/${open!.id}`);
    expect(
      await readableText(await appFetch(done.headers.get("Location")!, { headers: { Cookie: cookie } })),
    ).toContain("Score: <strong>3 / 3</strong>");
  });

  it("when the time ran out, the attempt page, the summary and a move open the result saying the saved answers were submitted", async () => {
    for (const open of [
      (quizId: string, cookie: string) => appFetch(`/quiz/${quizId}`, { headers: { Cookie: cookie } }),
      (quizId: string, cookie: string) => appFetch(`/quiz/${quizId}/summary`, { headers: { Cookie: cookie } }),
      (quizId: string, cookie: string) =>
        appFetch(`/quiz/${quizId}`, form(cookie, { intent: "move", questionIndex: "1", answer: "1", to: "summary" })),
    ]) {
      const { ctx, taker, quiz } = await quizWithTaker();
      const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date(Date.now() - 10 * 60_000));
      await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 0 }, new Date(Date.now() - 9 * 60_000));
      const cookie = await sessionCookieFor(taker.id);
      const response = await open(quiz.id, cookie);
      expect(response.headers.get("Location")).toBe(`/quiz/result/${attempt.id}?timeup=1`);
      const page = await readableText(
        await appFetch(response.headers.get("Location")!, { headers: { Cookie: cookie } }),
      );
      expect(page).toContain("Time is up: your saved answers were submitted.");
      expect(page).toContain("Score: <strong>1 / 3</strong>");
      const [row] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
      expect(row).toMatchObject({ status: "finalised", answers: [0, null, null] });
    }
  });

  it("the page's own submit at zero (within the grace) opens the result with the time-up notice", async () => {
    const { ctx, taker, quiz } = await quizWithTaker();
    // Started 4 min 2 s ago: the 4-minute deadline passed 2 s ago, still inside the 5-second grace.
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, new Date(Date.now() - 4 * 60_000 - 2_000));
    const cookie = await sessionCookieFor(taker.id);
    const done = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" }));
    expect(done.headers.get("Location")).toBe(`/quiz/result/${attempt.id}?timeup=1`);
  });

  it("the quiz portal shows one header with one Logout", async () => {
    const { taker, quiz } = await quizWithTaker();
    const cookie = await sessionCookieFor(taker.id);
    for (const path of ["/quiz", "/quiz/quizzes", `/quiz/${quiz.id}`]) {
      const page = await readableText(await appFetch(path, { headers: { Cookie: cookie } }));
      expect(page.match(/<header/g), path).toHaveLength(1);
      expect(page.match(/>Logout</g), path).toHaveLength(1);
    }
  });

  it("the editor page uses the API's schema: totalTime honoured or refused, nothing saved on refusal", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const cookie = await sessionCookieFor(teacher.id);
    const fields = (extra: Record<string, string>) => ({
      title: "Form quiz",
      "questions[0].text": "Q1",
      "questions[0].options[0]": "a",
      "questions[0].options[1]": "b",
      "questions[0].options[2]": "c",
      "questions[0].options[3]": "d",
      "questions[0].correctAnswer": "2",
      "questions[0].timePerQuestion": "",
      "questions[1].text": "Q2",
      "questions[1].options[0]": "a",
      "questions[1].options[1]": "b",
      "questions[1].options[2]": "c",
      "questions[1].options[3]": "d",
      "questions[1].correctAnswer": "0",
      "questions[1].timePerQuestion": "3",
      ...extra,
    });
    const tooShort = await appFetch("/quiz/create", form(cookie, fields({ totalTime: "1" })));
    expect(tooShort.status).toBe(200);
    expect(await tooShort.text()).toContain("Total time is at least 1 minute per question (2 for this quiz)");
    const badOption = await appFetch("/quiz/create", form(cookie, fields({ "questions[0].correctAnswer": "x" })));
    expect(await badOption.text()).toContain("Choose the correct option");
    expect(await ctx.db.select().from(quizzes)).toHaveLength(0);

    expect((await appFetch("/quiz/create", form(cookie, fields({ totalTime: "" })))).status).toBe(302);
    expect((await appFetch("/quiz/create", form(cookie, fields({ totalTime: "12", title: "Timed" })))).status).toBe(
      302,
    );
    const rows = await ctx.db.select().from(quizzes);
    expect(rows.map((row) => [row.title, row.totalTime]).sort()).toEqual([
      ["Form quiz", 4],
      ["Timed", 12],
    ]);
    const questions = await ctx.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, rows[0]!.id));
    expect(questions.map((question) => [question.correctAnswer, question.timePerQuestion])).toEqual([
      [2, 1],
      [0, 3],
    ]);
    // The edit form shows the given total time (and leaves it empty when it is just the sum).
    const timed = rows.find((row) => row.title === "Timed")!;
    const edit = await (await appFetch(`/quiz/edit/${timed.id}`, { headers: { Cookie: cookie } })).text();
    expect(edit).toMatch(/name="totalTime"[^>]*value="12"|value="12"[^>]*name="totalTime"/);
  });

  it("a teacher is refused another teacher's results on the page, the CSV and the result page; an admin reads them", async () => {
    const ctx = testContext();
    const owner = await person("teacher");
    const other = await person("teacher");
    const admin = await person("admin");
    const taker = await person("client");
    const quiz = await createQuiz(ctx, owner.auth, THREE);
    await startAttempt(ctx, taker.auth, quiz.id);
    const { attempt } = await submitAttempt(ctx, taker.auth, quiz.id, { answers: [0, 1, 2] });
    const get = async (path: string, userId: string) =>
      appFetch(path, { headers: { Cookie: await sessionCookieFor(userId) } });
    for (const path of [`/quiz/manage/${quiz.id}`, `/quiz/manage/${quiz.id}/results.csv`]) {
      expect((await get(path, other.id)).status, path).toBe(403);
      expect((await get(path, owner.id)).status, path).toBe(200);
      expect((await get(path, admin.id)).status, path).toBe(200);
    }
    expect((await get(`/quiz/result/${attempt.id}`, other.id)).status).toBe(404);
    expect((await get(`/quiz/result/${attempt.id}`, owner.id)).status).toBe(200);
    expect((await get(`/quiz/result/${attempt.id}`, admin.id)).status).toBe(200);
    expect((await get(`/quiz/result/${attempt.id}`, taker.id)).status).toBe(200);
    // Nor can they delete it from the manage page.
    const refused = await appFetch(
      "/quiz/manage",
      form(await sessionCookieFor(other.id), { id: quiz.id, confirmed: "1" }),
    );
    expect(refused.status).toBe(403);
    expect(await ctx.db.select().from(quizzes).where(eq(quizzes.id, quiz.id))).toHaveLength(1);
  });
});
