// A quiz's window, attempt limit, shuffling and review policy, on the page and the API,
// with the server's clock controlled (`now`) where the edges matter; and the item analysis endpoint.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizAttempts, quizzes } from "../../../db/schema";
import { appFetch, httpRejection, postJson, sessionCookieFor, testContext } from "../../../tests/helpers";
import { loadAuthUser, type AuthUser } from "~/lib/auth.server";
import {
  attemptView,
  createQuiz,
  getQuizAnalysis,
  getResult,
  grantExtraTime,
  saveAnswer,
  startAttempt,
  submitAttempt,
  takeQuiz,
  timeLimitMs,
  updateQuiz,
} from "./quiz.server";
import type { QuizInput } from "./schema";
import { bearer, form, pageText, person, put, question } from "./test-helpers";

const THREE = { title: "Contract Act", questions: [question("Q1", 0), question("Q2", 1), question("Q3", 2)] };
const EIGHT = {
  title: "Shuffled",
  questions: Array.from({ length: 8 }, (_, index) => question(`S${index + 1}`, index % 4)),
};

type TakerQuiz = {
  attemptId: string;
  questions: { id: string; text: string; options: string[] }[];
  answers: (number | null)[];
  deadline: string;
  deadlineCappedAtClose: boolean;
};
type ResultBody = {
  _id: string;
  score: number;
  answers: (number | null)[];
  review: { policy: string; available: boolean };
  quiz: {
    questions: {
      id: string;
      number: number;
      text: string;
      options: string[];
      correctAnswer?: number;
      explanation?: string | null;
    }[];
  };
};

describe("settings: validation (one schema for the form and the API)", () => {
  it("refuses closesAt before opensAt, maxAttempts 0 or 1000, and wrong types, naming the field; saves nothing", async () => {
    const teacher = await person("teacher");
    const { db } = testContext();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { opensAt: "2030-01-01T11:00:00Z", closesAt: "2030-01-01T10:00:00Z" },
        "closesAt",
        "closesAt must be after opensAt",
      ],
      [{ opensAt: "2030-01-01T10:00:00Z", closesAt: "2030-01-01T10:00:00Z" }, "closesAt", "after opensAt"],
      [{ maxAttempts: 0 }, "maxAttempts", "maxAttempts"],
      [{ maxAttempts: 1000 }, "maxAttempts", "maxAttempts"],
      [{ maxAttempts: "3" }, "maxAttempts", "maxAttempts"],
      [{ maxAttempts: 2.5 }, "maxAttempts", "maxAttempts"],
      [{ opensAt: "tomorrow" }, "opensAt", "opensAt"],
      [{ opensAt: 1767225600000 }, "opensAt", "opensAt"],
      [{ shuffleQuestions: "yes" }, "shuffleQuestions", "shuffleQuestions"],
      [{ shuffleOptions: 1 }, "shuffleOptions", "shuffleOptions"],
      [{ allowPastClose: "yes" }, "allowPastClose", "allowPastClose"],
      [
        { closesAt: "2030-01-01T10:00:00Z", reviewPolicy: "after-close", allowPastClose: true },
        "allowPastClose",
        "allowPastClose cannot be used with reviewPolicy after-close",
      ],
      [{ reviewPolicy: "sometimes" }, "reviewPolicy", "reviewPolicy"],
      [{ reviewPolicy: "after-close" }, "reviewPolicy", "reviewPolicy after-close needs a closesAt date"],
      [{ questions: [{ ...question("Q", 0), explanation: 5 }] }, "questions.0.explanation", "explanation"],
    ];
    for (const [settings, field, message] of cases) {
      const response = await postJson("/api/quiz", { ...THREE, ...settings }, bearer(teacher.token));
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(response.status, JSON.stringify(settings)).toBe(400);
      expect(body.message, JSON.stringify(settings)).toContain(message);
      expect(Object.keys(body.errors), JSON.stringify(settings)).toContain(field);
    }
    expect(await db.select().from(quizzes)).toHaveLength(0);
  });

  it("stores the settings and returns them; none given keeps today's behaviour; PUT keeps what it leaves out", async () => {
    const teacher = await person("teacher");
    const plain = (await (await postJson("/api/quiz", THREE, bearer(teacher.token))).json()) as Record<string, unknown>;
    expect(plain).toMatchObject({
      opensAt: null,
      closesAt: null,
      maxAttempts: null,
      shuffleQuestions: false,
      shuffleOptions: false,
      reviewPolicy: "immediately",
    });
    const settings = {
      opensAt: "2030-01-01T10:00",
      closesAt: "2030-01-01T11:00:00+05:30",
      maxAttempts: 3,
      shuffleQuestions: true,
      shuffleOptions: true,
      reviewPolicy: "after-close",
    };
    const created = await postJson(
      "/api/quiz",
      { ...THREE, ...settings, questions: [question("Q1", 0, "Because section 10 says so.")] },
      bearer(teacher.token),
    );
    expect(created.status).toBe(201);
    const quiz = (await created.json()) as Record<string, unknown> & {
      _id: string;
      questions: { id: string; explanation: string }[];
    };
    // A date-time without an offset is India time (+05:30).
    expect(quiz).toMatchObject({
      opensAt: "2030-01-01T04:30:00.000Z",
      closesAt: "2030-01-01T05:30:00.000Z",
      maxAttempts: 3,
      shuffleQuestions: true,
      shuffleOptions: true,
      reviewPolicy: "after-close",
    });
    expect(quiz.questions[0]).toMatchObject({ explanation: "Because section 10 says so." });
    expect(quiz.questions[0]!.id).toEqual(expect.any(String));

    // The spec's client PUTs title and questions only: the settings stay.
    const renamed = await put(`/api/quiz/${quiz._id}`, { ...THREE, title: "Renamed" }, teacher.token);
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ title: "Renamed", maxAttempts: 3, reviewPolicy: "after-close" });
    // null clears; a PUT that would leave after-close without a close is refused and changes nothing.
    const cleared = await put(`/api/quiz/${quiz._id}`, { ...THREE, closesAt: null }, teacher.token);
    expect(cleared.status).toBe(400);
    expect(((await cleared.json()) as { message: string }).message).toContain("reviewPolicy");
    const reopened = await put(
      `/api/quiz/${quiz._id}`,
      { ...THREE, closesAt: null, opensAt: null, maxAttempts: null, reviewPolicy: "never" },
      teacher.token,
    );
    expect(await reopened.json()).toMatchObject({ closesAt: null, opensAt: null, maxAttempts: null });
    // What the API returns can be sent back as it is (null explanations, null settings, ids ignored).
    const own = await (await appFetch(`/api/quiz/${quiz._id}`, { headers: bearer(teacher.token) })).json();
    const roundTrip = await put(`/api/quiz/${quiz._id}`, own, teacher.token);
    expect(roundTrip.status, await roundTrip.clone().text()).toBe(200);
    expect(await roundTrip.json()).toMatchObject({ reviewPolicy: "never", shuffleQuestions: true });
  });

  it("the editor page saved unchanged changes nothing: a close set to the second through the API stays", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const cookie = await sessionCookieFor(teacher.id);
    const created = (await (
      await postJson(
        "/api/quiz",
        {
          ...THREE,
          opensAt: "2030-01-01T10:00:15+05:30",
          closesAt: "2030-01-01T10:59:30.250+05:30",
          maxAttempts: 3,
          shuffleOptions: true,
          reviewPolicy: "after-close",
        },
        { ...bearer(teacher.token), "CF-Connecting-IP": "10.60.0.1" },
      )
    ).json()) as { _id: string };
    const before = await ctx.db.query.quizzes.findFirst({ where: eq(quizzes.id, created._id) });

    // The form as the browser would send it, every field as the page rendered it.
    const html = await (await appFetch(`/quiz/edit/${created._id}`, { headers: { Cookie: cookie } })).text();
    const decode = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    const fields: [string, string][] = [];
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = attribute(tag, "name");
      if (!name || (/type="checkbox"/.test(tag) && !/\schecked=""/.test(tag))) continue;
      fields.push([name, decode(attribute(tag, "value") ?? (/type="checkbox"/.test(tag) ? "on" : ""))]);
    }
    for (const [, name, text] of html.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([^<]*)<\/textarea>/g)) {
      fields.push([name!, decode(text!)]);
    }
    for (const [, name, options] of html.matchAll(/<select[^>]*name="([^"]*)"[^>]*>(.*?)<\/select>/g)) {
      const selected = options!.match(/<option[^>]*value="([^"]*)"[^>]*selected=""/)?.[1];
      fields.push([name!, selected ?? options!.match(/value="([^"]*)"/)![1]!]);
    }
    const saved = await appFetch(`/quiz/edit/${created._id}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields.filter(([name]) => name !== "intent")),
    });
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("Quiz updated successfully");
    const after = await ctx.db.query.quizzes.findFirst({ where: eq(quizzes.id, created._id) });
    const settings = (row: typeof before) => ({
      opensAt: row!.opensAt,
      closesAt: row!.closesAt,
      allowPastClose: row!.allowPastClose,
      maxAttempts: row!.maxAttempts,
      shuffleQuestions: row!.shuffleQuestions,
      shuffleOptions: row!.shuffleOptions,
      reviewPolicy: row!.reviewPolicy,
      totalTime: row!.totalTime,
      title: row!.title,
    });
    expect(settings(after)).toEqual(settings(before));
  });

  it("the editor page takes the same settings from the form and refuses the same bad ones", async () => {
    const teacher = await person("teacher", false);
    const cookie = await sessionCookieFor(teacher.id);
    const fields = {
      title: "Form settings",
      "questions[0].text": "Is consideration needed?",
      "questions[0].options[0]": "Yes",
      "questions[0].options[1]": "No",
      "questions[0].options[2]": "Sometimes",
      "questions[0].options[3]": "Never",
      "questions[0].correctAnswer": "0",
      "questions[0].timePerQuestion": "1",
      "questions[0].explanation": "Section 25.",
      reviewPolicy: "immediately",
    };
    const refused = await appFetch(
      "/quiz/create",
      form(cookie, { ...fields, opensAt: "2030-01-01T11:00", closesAt: "2030-01-01T10:00", maxAttempts: "0" }),
    );
    const refusedText = await refused.text();
    expect(refusedText).toContain("closesAt must be after opensAt");
    expect(refusedText).toContain("maxAttempts must be from 1 to 10");
    const { db } = testContext();
    expect(await db.select().from(quizzes)).toHaveLength(0);

    const saved = await appFetch(
      "/quiz/create",
      form(cookie, {
        ...fields,
        opensAt: "2030-01-01T10:00",
        closesAt: "2030-01-01T11:00",
        maxAttempts: "2",
        shuffleQuestions: "on",
      }),
    );
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(quizzes);
    expect(row).toMatchObject({ maxAttempts: 2, shuffleQuestions: true, shuffleOptions: false });
    expect(row!.opensAt!.toISOString()).toBe("2030-01-01T04:30:00.000Z");
    // The edit page shows them back (India time), and saving it without the checkbox turns shuffling off.
    const edit = await pageText(await appFetch(`/quiz/edit/${row!.id}`, { headers: { Cookie: cookie } }));
    expect(edit).toContain('value="2030-01-01T10:00"');
    expect(edit).toContain("Section 25.");
    expect(edit).toContain('name="allowPastClose"');
    await appFetch(`/quiz/edit/${row!.id}`, form(cookie, { ...fields, maxAttempts: "" }));
    const [after] = await db.select().from(quizzes);
    expect(after).toMatchObject({ maxAttempts: null, shuffleQuestions: false, opensAt: null, allowPastClose: false });
    // The box for letting attempts run past the close, ticked (with a close to run past).
    await appFetch(
      `/quiz/edit/${row!.id}`,
      form(cookie, { ...fields, closesAt: "2030-01-01T11:00", allowPastClose: "on" }),
    );
    const [ticked] = await db.select().from(quizzes);
    expect(ticked).toMatchObject({ allowPastClose: true });
  });
});

describe("the window (a controlled clock)", () => {
  // 10:00 to 11:00 UTC on a day in 2030.
  const at = (time: string) => new Date(`2030-01-01T${time}Z`);
  const windowed = (extra: Partial<QuizInput> = {}): QuizInput =>
    ({ ...THREE, opensAt: at("10:00:00"), closesAt: at("11:00:00"), totalTime: 30, ...extra }) as QuizInput;

  it("no start before opensAt or from closesAt; a start at 10:59:59 ends at 11:00, and says so", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const taker = await person("client", false);
    const quiz = await createQuiz(ctx, teacher.auth, windowed());

    const early = await httpRejection(startAttempt(ctx, taker.auth, quiz.id, at("09:59:59")));
    expect(early.status).toBe(409);
    expect(early.message).toContain("This quiz is not open yet.");
    const late = await httpRejection(startAttempt(ctx, taker.auth, quiz.id, at("11:00:00")));
    expect(late.status).toBe(409);
    expect(late.message).toContain("This quiz is closed.");
    expect(await ctx.db.select().from(quizAttempts)).toHaveLength(0);

    const attempt = await startAttempt(ctx, taker.auth, quiz.id, at("10:59:59"));
    expect(attempt.deadline.toISOString()).toBe("2030-01-01T11:00:00.000Z");
    expect(attemptView(attempt, at("10:59:59"), quiz.closesAt ? new Date(quiz.closesAt) : null)).toMatchObject({
      deadlineCappedAtClose: true,
      remainingMs: 1000,
    });
    const viaApiShape = await takeQuiz(ctx, taker.auth, quiz.id, at("10:59:59"));
    expect(viaApiShape.deadlineCappedAtClose).toBe(true);
    // An answer's save reads the quiz's close with the attempt: what POST /api/quiz/{id}/answer answers with.
    const saved = await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 1 }, at("10:59:59"));
    expect(saved.quizClosesAt?.toISOString()).toBe("2030-01-01T11:00:00.000Z");
    expect(attemptView(saved, at("10:59:59"), saved.quizClosesAt)).toMatchObject({
      deadlineCappedAtClose: true,
      answers: [1, null, null],
    });
  });

  it("allowPastClose: a start at 10:59:59 keeps its full time past 11:00 and its answers count; no start from 11:00", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const taker = await person("client", false);
    const late = await person("client", false);
    const quiz = await createQuiz(ctx, teacher.auth, windowed({ allowPastClose: true }));
    expect(quiz.allowPastClose).toBe(true);

    const attempt = await startAttempt(ctx, taker.auth, quiz.id, at("10:59:59"));
    const fullTime = timeLimitMs(ctx, { totalTime: 30 }, 3);
    expect(attempt.deadline.getTime()).toBe(at("10:59:59").getTime() + fullTime);
    expect(attempt.deadline.getTime()).toBeGreaterThan(at("11:00:00").getTime());
    expect(attemptView(attempt, at("10:59:59"), at("11:00:00")).deadlineCappedAtClose).toBe(false);
    // After the close, before its own deadline: answers are taken and scored.
    const afterClose = new Date(at("11:00:00").getTime() + Math.min(fullTime / 2, 60_000));
    await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: 0, answer: 0 }, afterClose);
    const { attempt: done, late: wasLate } = await submitAttempt(
      ctx,
      taker.auth,
      quiz.id,
      { answers: [0, 1, 2] },
      afterClose,
    );
    expect(wasLate).toBe(false);
    expect(done.score).toBe(3);
    // The window itself is unchanged: no start from closesAt on.
    const refused = await httpRejection(startAttempt(ctx, late.auth, quiz.id, at("11:00:00")));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("This quiz is closed.");

    // Turned off (the default), the next start at 10:59:59 is cut at 11:00 again.
    const other = await person("client", false);
    await updateQuiz(ctx, teacher.auth, quiz.id, windowed({ questions: quiz.questions } as Partial<QuizInput>));
    const capped = await startAttempt(ctx, other.auth, quiz.id, at("10:59:59"));
    expect(capped.deadline.toISOString()).toBe("2030-01-01T11:00:00.000Z");
  });

  it("a close set or moved earlier while an attempt is open ends that attempt at it; a save leaving the close alone does not", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const taker = await person("client");
    const quiz = (await (
      await postJson(
        "/api/quiz",
        { ...THREE, totalTime: 30 },
        { ...bearer(teacher.token), "CF-Connecting-IP": "10.20.0.1" },
      )
    ).json()) as { _id: string };
    const asTaker = { ...bearer(taker.token), "CF-Connecting-IP": "10.20.0.2" };
    expect((await postJson(`/api/quiz/${quiz._id}/start`, {}, asTaker)).status).toBe(200);
    expect((await postJson(`/api/quiz/${quiz._id}/answer`, { questionIndex: 0, answer: 0 }, asTaker)).status).toBe(200);

    // The teacher closes the quiz (a minute ago) while the attempt is open: the next answer is too late.
    const closesAt = new Date(Date.now() - 60_000);
    const closed = await put(`/api/quiz/${quiz._id}`, { ...THREE, closesAt: closesAt.toISOString() }, teacher.token);
    expect(closed.status).toBe(200);
    const answer = await postJson(`/api/quiz/${quiz._id}/answer`, { questionIndex: 1, answer: 1 }, asTaker);
    expect(answer.status).toBe(409);
    const refusal = (await answer.json()) as { message: string; resultId: string };
    expect(refusal.message).toBe("Time is up: this attempt has been submitted.");
    const [stored] = await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz._id));
    expect(stored).toMatchObject({ id: refusal.resultId, status: "finalised", answers: [0, null, null], score: 1 });
    expect(stored!.deadline.getTime()).toBe(closesAt.getTime());
    // It started after that close: it finished at its start, never before it (no negative time taken).
    expect(stored!.finishedAt).toEqual(stored!.startedAt);
    const result = (await (await appFetch(`/api/results/${refusal.resultId}`, { headers: asTaker })).json()) as {
      timeTakenMs: number;
    };
    expect(result.timeTakenMs).toBe(0);

    // A controlled clock: a close moved to 10:10 during an attempt started at 10:00 ends it at 10:10 and says so;
    // a later save that keeps that close leaves an attempt with extra time past it alone.
    const other = await person("client", false);
    const accommodated = await person("client", false);
    const timed = await createQuiz(ctx, teacher.auth, { ...THREE, totalTime: 30 } as QuizInput, at("09:00:00"));
    await startAttempt(ctx, other.auth, timed.id, at("10:00:00"));
    await updateQuiz(
      ctx,
      teacher.auth,
      timed.id,
      { ...THREE, totalTime: 30, closesAt: at("10:10:00") } as QuizInput,
      at("10:05:00"),
    );
    const cut = await takeQuiz(ctx, other.auth, timed.id, at("10:05:00"));
    expect(cut).toMatchObject({ deadlineCappedAtClose: true, deadline: at("10:10:00") });
    const late = await httpRejection(
      saveAnswer(ctx, other.auth, timed.id, { questionIndex: 0, answer: 0 }, at("10:10:06")),
    );
    expect(late.status).toBe(409);
    await startAttempt(ctx, accommodated.auth, timed.id, at("10:06:00"));
    await grantExtraTime(ctx, teacher.auth, timed.id, accommodated.id, 600);
    await updateQuiz(
      ctx,
      teacher.auth,
      timed.id,
      { ...THREE, title: "Contract Act (typo fixed)", totalTime: 30, closesAt: at("10:10:00") } as QuizInput,
      at("10:08:00"),
    );
    const kept = await takeQuiz(ctx, accommodated.auth, timed.id, at("10:08:00"));
    expect(kept.deadline).toEqual(at("10:20:00"));
  });

  it("a close moved later gives the attempts it cut short their own time back, up to the new close; not once over", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const [first, second, accommodated] = [
      await person("client", false),
      await person("client", false),
      await person("client", false),
    ];
    const quiz = await createQuiz(
      ctx,
      teacher.auth,
      { ...THREE, totalTime: 30, closesAt: at("10:10:00") } as QuizInput,
      at("09:00:00"),
    );
    const limit = timeLimitMs(ctx, { totalTime: 30 }, 3);
    await grantExtraTime(ctx, teacher.auth, quiz.id, accommodated.id, 300, at("09:00:00"));
    for (const taker of [first, second, accommodated]) {
      expect((await startAttempt(ctx, taker.auth, quiz.id, at("10:00:00"))).deadline).toEqual(at("10:10:00"));
    }
    // A 12:00 close: each gets its own time from its start (the accommodation's five minutes too).
    await updateQuiz(
      ctx,
      teacher.auth,
      quiz.id,
      { ...THREE, totalTime: 30, closesAt: at("12:00:00") } as QuizInput,
      at("10:05:00"),
    );
    const view = (taker: typeof first) => takeQuiz(ctx, taker.auth, quiz.id, at("10:05:00"));
    expect(await view(first)).toMatchObject({
      deadline: new Date(at("10:00:00").getTime() + limit),
      deadlineCappedAtClose: false,
    });
    expect((await view(accommodated)).deadline).toEqual(new Date(at("10:00:00").getTime() + limit + 300_000));
    // Moved to 10:20 instead: up to it, and the page says so.
    await submitAttempt(ctx, first.auth, quiz.id, { answers: [0, 1, 2] }, at("10:06:00"));
    await updateQuiz(
      ctx,
      teacher.auth,
      quiz.id,
      { ...THREE, totalTime: 30, closesAt: at("10:20:00") } as QuizInput,
      at("10:07:00"),
    );
    expect(await view(second)).toMatchObject({ deadline: at("10:20:00"), deadlineCappedAtClose: true });

    // An attempt whose time ran out at the close stays over when the close is moved later afterwards.
    const late = await person("client", false);
    const other = await createQuiz(
      ctx,
      teacher.auth,
      { ...THREE, totalTime: 30, closesAt: at("10:10:00") } as QuizInput,
      at("09:00:00"),
    );
    await startAttempt(ctx, late.auth, other.id, at("10:00:00"));
    await updateQuiz(
      ctx,
      teacher.auth,
      other.id,
      { ...THREE, totalTime: 30, closesAt: at("12:00:00") } as QuizInput,
      at("10:15:00"),
    );
    const refused = await httpRejection(
      saveAnswer(ctx, late.auth, other.id, { questionIndex: 0, answer: 0 }, at("10:15:01")),
    );
    expect(refused.message).toBe("Time is up: this attempt has been submitted.");
  });

  it("an attempt started at the opening keeps its own (shorter) deadline", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const taker = await person("client", false);
    const quiz = await createQuiz(ctx, teacher.auth, windowed());
    const attempt = await startAttempt(ctx, taker.auth, quiz.id, at("10:00:00"));
    // 30 minutes at the tests' time scale: before 11:00, so not capped.
    expect(attempt.deadline.getTime()).toBeLessThan(at("11:00:00").getTime());
    expect(attemptView(attempt, at("10:00:00"), at("11:00:00")).deadlineCappedAtClose).toBe(false);
  });

  it("the list, the quiz page and the API say 'Opens …' / 'Closed' and start nothing", async () => {
    const teacher = await person("teacher");
    const taker = await person("client");
    const hour = 60 * 60_000;
    const future = new Date(Date.now() + 24 * hour);
    const upcoming = (await (
      await postJson(
        "/api/quiz",
        { ...THREE, title: "Upcoming window quiz", opensAt: future.toISOString() },
        bearer(teacher.token),
      )
    ).json()) as { _id: string };
    const closed = (await (
      await postJson(
        "/api/quiz",
        {
          ...THREE,
          title: "Closed window quiz",
          opensAt: new Date(Date.now() - 2 * hour).toISOString(),
          closesAt: new Date(Date.now() - hour).toISOString(),
        },
        bearer(teacher.token),
      )
    ).json()) as { _id: string };

    const list = (await (await appFetch("/api/quiz?q=window quiz")).json()) as {
      quizzes: { title: string; availability: string }[];
    };
    expect(Object.fromEntries(list.quizzes.map((quiz) => [quiz.title, quiz.availability]))).toEqual({
      "Upcoming window quiz": "upcoming",
      "Closed window quiz": "closed",
    });
    const listPage = await pageText(await appFetch("/quiz/quizzes?q=window"));
    expect(listPage).toMatch(/Opens \d/);
    expect(listPage).toContain("Closed");

    const cookie = await sessionCookieFor(taker.id);
    for (const [id, words] of [
      [upcoming._id, "This quiz is not open yet."],
      [closed._id, "This quiz is closed."],
    ] as const) {
      const start = await appFetch(`/api/quiz/${id}/start`, { method: "POST", headers: bearer(taker.token) });
      expect(start.status).toBe(409);
      expect(((await start.json()) as { message: string }).message).toContain(words);
      expect((await appFetch(`/api/quiz/${id}`, { headers: bearer(taker.token) })).status).toBe(409);
      const page = await pageText(await appFetch(`/quiz/${id}`, { headers: { Cookie: cookie } }));
      expect(page).toContain(words);
      expect(page).not.toContain("Start quiz");
      const pageStart = await appFetch(`/quiz/${id}`, form(cookie, { intent: "start" }));
      expect(pageStart.status).toBe(409);
      expect(await pageStart.text()).toContain(words);
    }
    expect(await testContext().db.select().from(quizAttempts)).toHaveLength(0);
  });

  it("before it opens, nobody reads the questions: not a visitor of the API, not a taker's page", async () => {
    const teacher = await person("teacher");
    const taker = await person("client", false);
    const opensAt = new Date(Date.now() + 24 * 60 * 60_000);
    const quiz = (await (
      await postJson(
        "/api/quiz",
        { ...THREE, title: "Tomorrow's test", opensAt: opensAt.toISOString() },
        { ...bearer(teacher.token), "CF-Connecting-IP": "10.50.0.1" },
      )
    ).json()) as { _id: string };
    const anonymous = await appFetch(`/api/quiz/${quiz._id}`, { headers: { "CF-Connecting-IP": "10.50.0.2" } });
    expect(anonymous.status).toBe(200);
    const body = (await anonymous.json()) as { questions?: unknown[]; questionCount: number; availability: string };
    expect(body).toMatchObject({ availability: "upcoming", questionCount: 3 });
    expect(body.questions).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("Q1");
    const page = await pageText(
      await appFetch(`/quiz/${quiz._id}`, { headers: { Cookie: await sessionCookieFor(taker.id) } }),
    );
    expect(page).toContain("3 questions");
    // The questions' and options' texts (not "Q1" alone: a built file's hashed name may contain it).
    for (const text of [": Q1<", "Q1 a", "Q2 b"]) expect(page).not.toContain(text);
    // Once open, a visitor still gets the count and no question (they come only with an attempt's clock).
    await testContext().db.update(quizzes).set({ opensAt: null }).where(eq(quizzes.id, quiz._id));
    const open = (await (await appFetch(`/api/quiz/${quiz._id}`)).json()) as {
      questions?: unknown;
      questionCount: number;
    };
    expect(open).toMatchObject({ availability: "open", questionCount: 3 });
    expect(open.questions).toBeUndefined();
    expect(await testContext().db.select().from(quizAttempts)).toHaveLength(0);
  });

  it("the quiz page says when an attempt's time is cut short by the close", async () => {
    const teacher = await person("teacher");
    const taker = await person("client", false);
    const closesAt = new Date(Date.now() + 20_000);
    const quiz = (await (
      await postJson("/api/quiz", { ...THREE, totalTime: 30, closesAt: closesAt.toISOString() }, bearer(teacher.token))
    ).json()) as { _id: string };
    const cookie = await sessionCookieFor(taker.id);
    expect((await appFetch(`/quiz/${quiz._id}`, form(cookie, { intent: "start" }))).status).toBe(302);
    const page = await pageText(await appFetch(`/quiz/${quiz._id}`, { headers: { Cookie: cookie } }));
    expect(page).toContain("Your time ends when the quiz closes");
    const [attempt] = await testContext().db.select().from(quizAttempts);
    expect(attempt!.deadline.getTime()).toBe(closesAt.getTime());
  });
});

describe("attempt limits (the page and the API follow maxAttempts)", () => {
  it("the API refuses a third start of a two-attempt quiz", async () => {
    const teacher = await person("teacher");
    const taker = await person("client");
    const quiz = (await (await postJson("/api/quiz", { ...THREE, maxAttempts: 2 }, bearer(teacher.token))).json()) as {
      _id: string;
    };
    for (let round = 0; round < 2; round++) {
      expect(
        (await appFetch(`/api/quiz/${quiz._id}/start`, { method: "POST", headers: bearer(taker.token) })).status,
      ).toBe(200);
      const done = await postJson(`/api/results/${quiz._id}/submit`, { answers: [0, 1, 2] }, bearer(taker.token));
      expect(done.status).toBe(200);
    }
    const third = await appFetch(`/api/quiz/${quiz._id}/start`, { method: "POST", headers: bearer(taker.token) });
    expect(third.status).toBe(409);
    expect(((await third.json()) as { message: string }).message).toBe("You have used all 2 attempts of this quiz.");
    expect((await appFetch(`/api/quiz/${quiz._id}`, { headers: bearer(taker.token) })).status).toBe(409);
    expect(await testContext().db.select().from(quizAttempts)).toHaveLength(2);
  });

  it("the page shows the attempts used, hides Start when none is left and refuses a start anyway", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const taker = await person("client", false);
    const quiz = await createQuiz(ctx, teacher.auth, { ...THREE, maxAttempts: 1 } as QuizInput);
    const cookie = await sessionCookieFor(taker.id);
    const before = await pageText(await appFetch(`/quiz/${quiz.id}`, { headers: { Cookie: cookie } }));
    expect(before).toContain("Attempts: 0 of 1 used.");
    expect(before).toContain("Start quiz");
    expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }))).status).toBe(302);
    for (const [index, answer] of ["0", "1", "2"].entries())
      await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "answer", questionIndex: String(index), answer }));
    expect((await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "submit" }))).status).toBe(302);

    const after = await pageText(await appFetch(`/quiz/${quiz.id}`, { headers: { Cookie: cookie } }));
    expect(after).toContain("Attempts: 1 of 1 used.");
    expect(after).toContain("You have used all 1 attempt of this quiz.");
    expect(after).not.toContain("Start quiz");
    const again = await appFetch(`/quiz/${quiz.id}`, form(cookie, { intent: "start" }));
    expect(again.status).toBe(409);
    expect(await ctx.db.select().from(quizAttempts)).toHaveLength(1);
  });
});

describe("shuffling (seeded per attempt, mapped back to the original order)", () => {
  async function shuffledQuiz(teacherToken: string, extra: Record<string, unknown> = {}) {
    const response = await postJson(
      "/api/quiz",
      { ...EIGHT, shuffleQuestions: true, shuffleOptions: true, ...extra },
      bearer(teacherToken),
    );
    expect(response.status).toBe(201);
    return (await response.json()) as {
      _id: string;
      questions: { id: string; text: string; options: string[]; correctAnswer: number }[];
    };
  }
  const take = async (quizId: string, token: string) =>
    (await (await appFetch(`/api/quiz/${quizId}`, { headers: bearer(token) })).json()) as TakerQuiz;

  it("each attempt has its own order, the same on every reload and on the page; two takers differ", async () => {
    const teacher = await person("teacher");
    const [alice, bob] = [await person("client"), await person("client")];
    const quiz = await shuffledQuiz(teacher.token);
    const first = await take(quiz._id, alice.token);
    const reload = await take(quiz._id, alice.token);
    expect(reload.attemptId).toBe(first.attemptId);
    expect(reload.questions).toEqual(first.questions);
    // Every question once, with a stable id (the quiz's own question ids).
    expect(first.questions.map((item) => item.id).sort()).toEqual(quiz.questions.map((item) => item.id).sort());
    const other = await take(quiz._id, bob.token);
    // 8! × 24⁸ orders: two attempts in the same order would be a broken seed.
    expect(other.questions.map((item) => item.text)).not.toEqual(first.questions.map((item) => item.text));
    expect(JSON.stringify(other.questions)).not.toBe(JSON.stringify(first.questions));
    // Another device (the page, with a session) shows the same first question and options.
    const page = await pageText(
      await appFetch(`/quiz/${quiz._id}`, { headers: { Cookie: await sessionCookieFor(alice.id) } }),
    );
    expect(page).toContain(`Question 1 of 8: ${first.questions[0]!.text}`);
    expect(page).toContain(`A. ${first.questions[0]!.options[0]}`);
    // Bob's next attempt gets a new order too.
    const answersFor = (view: TakerQuiz) => view.questions.map(() => 0);
    await postJson(`/api/results/${quiz._id}/submit`, { answers: answersFor(other) }, bearer(bob.token));
    const retake = await take(quiz._id, bob.token);
    expect(retake.attemptId).not.toBe(other.attemptId);
    expect(JSON.stringify(retake.questions)).not.toBe(JSON.stringify(other.questions));
  });

  it("scores, the stored answers and the analysis use the quiz's order; the review (page, API, CSV) the taker's letters", async () => {
    const teacher = await person("teacher");
    const [shuffledTaker, plainTaker] = [await person("client"), await person("client")];
    const quiz = await shuffledQuiz(teacher.token);
    const plain = await shuffledQuiz(teacher.token, { shuffleQuestions: false, shuffleOptions: false });
    // The intended answers, in the quiz's order: the correct one for odd questions, option 'a' text otherwise.
    const intended = EIGHT.questions.map((item, index) => (index % 2 ? item.correctAnswer : 0));
    const expectedScore = EIGHT.questions.filter((item, index) => intended[index] === item.correctAnswer).length;

    // The shuffled taker answers by the texts shown: one answer through /answer, the rest in the submit.
    const view = await take(quiz._id, shuffledTaker.token);
    const shownAnswers = view.questions.map((shown) => {
      const original = EIGHT.questions.findIndex((item) => item.text === shown.text);
      const text = EIGHT.questions[original]!.options[intended[original]!]!;
      return shown.options.indexOf(text);
    });
    const saved = await postJson(
      `/api/quiz/${quiz._id}/answer`,
      { questionIndex: 0, answer: shownAnswers[0] },
      bearer(shuffledTaker.token),
    );
    expect(((await saved.json()) as TakerQuiz).answers[0]).toBe(shownAnswers[0]);
    const submitted = await postJson(
      `/api/results/${quiz._id}/submit`,
      { answers: shownAnswers },
      bearer(shuffledTaker.token),
    );
    const shuffledResult = ((await submitted.json()) as { result: ResultBody }).result;

    await take(plain._id, plainTaker.token);
    const plainResult = (
      (await (
        await postJson(`/api/results/${plain._id}/submit`, { answers: intended }, bearer(plainTaker.token))
      ).json()) as { result: ResultBody }
    ).result;

    expect(shuffledResult.score).toBe(expectedScore);
    expect(plainResult.score).toBe(expectedScore);
    // Stored in the quiz's original order.
    const [row] = await testContext().db.select().from(quizAttempts).where(eq(quizAttempts.userId, shuffledTaker.id));
    expect(row!.answers).toEqual(intended);
    // The result is what the taker saw (decision 115): the attempt's order of questions and options, the
    // answers and keys as indexes of it, and each question's place in the quiz.
    const originalOf = (text: string) => EIGHT.questions.findIndex((item) => item.text === text);
    const shownKeys = view.questions.map((shown) => {
      const original = EIGHT.questions[originalOf(shown.text)]!;
      return shown.options.indexOf(original.options[original.correctAnswer]!);
    });
    expect(shownKeys).not.toEqual(EIGHT.questions.map((item) => item.correctAnswer));
    const fetched = (await (
      await appFetch(`/api/results/${shuffledResult._id}`, { headers: bearer(shuffledTaker.token) })
    ).json()) as ResultBody;
    for (const result of [shuffledResult, fetched]) {
      expect(result.answers).toEqual(shownAnswers);
      expect(result.quiz.questions.map(({ text, options }) => ({ text, options }))).toEqual(
        view.questions.map(({ text, options }) => ({ text, options })),
      );
      expect(result.quiz.questions.map((item) => item.correctAnswer)).toEqual(shownKeys);
      expect(result.quiz.questions.map((item) => item.number)).toEqual(
        view.questions.map((shown) => originalOf(shown.text) + 1),
      );
    }
    // The result page: "Your answer" with the letter the taker saw, for the taker and for the teacher.
    const letter = (index: number) => String.fromCharCode(65 + index);
    for (const viewer of [shuffledTaker, teacher]) {
      const page = await pageText(
        await appFetch(`/quiz/result/${shuffledResult._id}`, {
          headers: { Cookie: await sessionCookieFor(viewer.id) },
        }),
      );
      view.questions.forEach((shown, index) => {
        const answer = shownAnswers[index]!;
        expect(page).toContain(`Your answer: ${letter(answer)}. ${shown.options[answer]}`);
        expect(page).toContain(`Correct answer: ${letter(shownKeys[index]!)}. ${shown.options[shownKeys[index]!]}`);
      });
    }
    // The CSV: Q1 is the quiz's first question, answered with the letter the taker saw.
    const csv = await (
      await appFetch(`/quiz/manage/${quiz._id}/results.csv`, {
        headers: { Cookie: await sessionCookieFor(teacher.id) },
      })
    ).text();
    const firstShown = view.questions.findIndex((shown) => originalOf(shown.text) === 0);
    const firstAnswer = shownAnswers[firstShown]!;
    const cells = csv.split("\r\n")[1]!.split('","');
    expect(cells[10]).toBe(`${letter(firstAnswer)}. ${view.questions[firstShown]!.options[firstAnswer]}`);
    // The analysis counts the same choices for the two quizzes.
    const analysisOf = async (id: string) =>
      (await (await appFetch(`/api/quiz/${id}/analysis`, { headers: bearer(teacher.token) })).json()) as {
        items: { optionCounts: number[]; correct: number }[];
      };
    const [a, b] = [await analysisOf(quiz._id), await analysisOf(plain._id)];
    expect(a.items.map((item) => item.optionCounts)).toEqual(b.items.map((item) => item.optionCounts));
  });

  it("turning shuffling on leaves an open attempt in its order; the next attempt is shuffled", async () => {
    const teacher = await person("teacher");
    const taker = await person("client");
    const created = (await (await postJson("/api/quiz", EIGHT, bearer(teacher.token))).json()) as { _id: string };
    const before = await take(created._id, taker.token);
    expect(before.questions.map((item) => item.text)).toEqual(EIGHT.questions.map((item) => item.text));
    const changed = await put(
      `/api/quiz/${created._id}`,
      { ...EIGHT, shuffleQuestions: true, shuffleOptions: true },
      teacher.token,
    );
    expect(changed.status).toBe(200);
    const resumed = await take(created._id, taker.token);
    expect(resumed.attemptId).toBe(before.attemptId);
    expect(resumed.questions.map((item) => item.text)).toEqual(EIGHT.questions.map((item) => item.text));
    await postJson(
      `/api/results/${created._id}/submit`,
      { answers: EIGHT.questions.map(() => 1) },
      bearer(taker.token),
    );
    const next = await take(created._id, taker.token);
    expect(next.questions.map((item) => item.text)).not.toEqual(EIGHT.questions.map((item) => item.text));
  });
});

describe("review policy (every payload: the submit, the result API, the result page)", () => {
  async function finished(policy: Record<string, unknown>) {
    const teacher = await person("teacher");
    const taker = await person("client");
    const quiz = (await (
      await postJson(
        "/api/quiz",
        { ...THREE, questions: [question("R1", 0, "Section 2(h) defines a contract."), question("R2", 1)], ...policy },
        bearer(teacher.token),
      )
    ).json()) as { _id: string };
    await appFetch(`/api/quiz/${quiz._id}/start`, { method: "POST", headers: bearer(taker.token) });
    const submit = (await (
      await postJson(`/api/results/${quiz._id}/submit`, { answers: [0, 0] }, bearer(taker.token))
    ).json()) as { result: ResultBody & { _id: string } };
    const id = submit.result._id;
    const api = (await (await appFetch(`/api/results/${id}`, { headers: bearer(taker.token) })).json()) as ResultBody;
    const page = await pageText(
      await appFetch(`/quiz/result/${id}`, { headers: { Cookie: await sessionCookieFor(taker.id) } }),
    );
    const staff = (await (
      await appFetch(`/api/results/${id}`, { headers: bearer(teacher.token) })
    ).json()) as ResultBody;
    return { submit: submit.result, api, page, staff, id, taker };
  }
  const hidesKey = (result: ResultBody) =>
    result.quiz.questions.every((item) => !("correctAnswer" in item) && !("explanation" in item));

  it("immediately: the correct answers and explanations on every payload", async () => {
    const { submit, api, page } = await finished({});
    for (const result of [submit, api]) {
      expect(result.review).toMatchObject({ policy: "immediately", available: true });
      expect(result.quiz.questions[0]).toMatchObject({
        correctAnswer: 0,
        explanation: "Section 2(h) defines a contract.",
      });
    }
    expect(page).toContain("Correct answer: A. R1 a");
    expect(page).toContain("Explanation: Section 2(h) defines a contract.");
  });

  it("never: the score only, on every payload; staff still see the key", async () => {
    const { submit, api, page, staff } = await finished({ reviewPolicy: "never" });
    for (const result of [submit, api]) {
      expect(result.score).toBe(1);
      expect(result.review).toMatchObject({ policy: "never", available: false });
      expect(hidesKey(result)).toBe(true);
    }
    expect(page).toContain("1 / 2");
    expect(page).toContain("The correct answers are not shown for this quiz.");
    expect(page).not.toContain("Correct answer:");
    expect(page).not.toContain("Section 2(h)");
    expect(staff.quiz.questions[0]).toMatchObject({ correctAnswer: 0 });
  });

  it("after-close: hidden until closesAt, shown from then on (a controlled clock)", async () => {
    const closesAt = new Date(Date.now() + 60 * 60_000);
    const { submit, api, page, id, taker } = await finished({
      reviewPolicy: "after-close",
      closesAt: closesAt.toISOString(),
    });
    for (const result of [submit, api]) expect(hidesKey(result)).toBe(true);
    expect(page).toContain("shown after the quiz closes");
    expect(page).not.toContain("Correct answer:");
    const ctx = testContext();
    const before = await getResult(ctx, taker.auth as AuthUser, id, new Date(closesAt.getTime() - 1));
    expect(before.review.available).toBe(false);
    const after = await getResult(ctx, (await loadAuthUser(ctx, taker.id))!, id, closesAt);
    expect(after.review.available).toBe(true);
    expect(after.quiz.questions[0]).toMatchObject({
      correctAnswer: 0,
      explanation: "Section 2(h) defines a contract.",
    });
  });
});

describe("review after the close, with an attempt given extra time past it", () => {
  const at = (time: string) => new Date(`2030-01-01T${time}Z`);

  it("the answers wait until that attempt has ended too (a controlled clock)", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const [done, accommodated] = [await person("client", false), await person("client", false)];
    const quiz = await createQuiz(
      ctx,
      teacher.auth,
      { ...THREE, totalTime: 30, closesAt: at("11:00:00"), reviewPolicy: "after-close" } as QuizInput,
      at("09:00:00"),
    );
    await startAttempt(ctx, done.auth, quiz.id, at("10:30:00"));
    const { attempt } = await submitAttempt(ctx, done.auth, quiz.id, { answers: [0, 1, 2] }, at("10:40:00"));
    await startAttempt(ctx, accommodated.auth, quiz.id, at("10:50:00"));
    // An accommodation: 20 more minutes, past the close (decision 032).
    await grantExtraTime(ctx, teacher.auth, quiz.id, accommodated.id, 20 * 60, at("10:55:00"));

    const atClose = await getResult(ctx, done.auth, attempt.id, at("11:05:00"));
    expect(atClose.review).toMatchObject({ available: false, availableAt: at("11:20:05") });
    expect(atClose.quiz.questions.every((item) => !("correctAnswer" in item))).toBe(true);
    // Staff see the key as always.
    expect((await getResult(ctx, teacher.auth, attempt.id, at("11:05:00"))).review.available).toBe(true);
    // Once the accommodated attempt has ended, the answers are shown.
    const later = await getResult(ctx, done.auth, attempt.id, at("11:20:06"));
    expect(later.review.available).toBe(true);
    expect(later.quiz.questions[0]).toMatchObject({ correctAnswer: 0 });
  });
});

describe("item analysis endpoint, CSV and manage page", () => {
  // The hand-computed fixture of analysis.node.test.ts: eight takers, four questions (correct a, b, c, d).
  const FIXTURE: (number | null)[][] = [
    [0, 1, 2, 3],
    [0, 1, 2, 3],
    [0, 1, 2, 0],
    [0, 1, 2, 0],
    [0, 2, 2, 0],
    [1, 1, null, 3],
    [0, 0, 1, 0],
    [2, 0, null, null],
  ];

  it("the creator gets the hand-computed figures; a client and another teacher are refused", async () => {
    const ctx = testContext();
    const teacher = await person("teacher");
    const other = await person("teacher");
    const client = await person("client");
    const quiz = await createQuiz(ctx, teacher.auth, {
      title: "Analysed",
      questions: [question("A1", 0), question("A2", 1), question("A3", 2), question("A4", 3)],
    } as QuizInput);
    const t0 = Date.now() - 60 * 60_000;
    for (const [index, answers] of FIXTURE.entries()) {
      const taker = await person("client", false);
      const now = new Date(t0 + index * 60_000);
      await startAttempt(ctx, taker.auth, quiz.id, now);
      // Skipped questions: a submit after the deadline scores what was saved (nothing); here every
      // attempt saves its answers then is finalised by a submit of the saved ones past the deadline.
      for (const [question, answer] of answers.entries())
        if (answer !== null) await saveAnswer(ctx, taker.auth, quiz.id, { questionIndex: question, answer }, now);
      await submitAttempt(ctx, taker.auth, quiz.id, {}, new Date(now.getTime() + 59 * 60_000));
      // A second attempt of the first taker would not count (first attempts only): covered below.
      if (index === 0) {
        await startAttempt(ctx, taker.auth, quiz.id, new Date(now.getTime() + 59 * 60_000 + 1));
        await submitAttempt(
          ctx,
          taker.auth,
          quiz.id,
          { answers: [1, 0, 0, 0] },
          new Date(now.getTime() + 59 * 60_000 + 2),
        );
      }
    }
    const response = await appFetch(`/api/quiz/${quiz.id}/analysis`, { headers: bearer(teacher.token) });
    expect(response.status).toBe(200);
    const analysis = (await response.json()) as Awaited<ReturnType<typeof getQuizAnalysis>>;
    expect(analysis).toMatchObject({ takers: 8, mean: 2.375, median: 2.5, maxScore: 4 });
    expect(analysis.standardDeviation).toBeCloseTo(Math.sqrt(111) / 8, 10);
    expect(analysis.kr20).toBeCloseTo(24 / 37, 10);
    expect(analysis.items.map((item) => item.facility)).toEqual([0.75, 0.625, 0.625, 0.375]);
    expect(analysis.items.map((item) => item.discrimination)).toEqual([0.5, 1, 1, 1]);
    expect(analysis.items.map((item) => item.skips)).toEqual([0, 0, 2, 1]);
    expect(analysis.items[3]).toMatchObject({ optionCounts: [4, 0, 0, 3], overChosenDistractors: [0] });

    expect((await appFetch(`/api/quiz/${quiz.id}/analysis`, { headers: bearer(client.token) })).status).toBe(403);
    expect((await appFetch(`/api/quiz/${quiz.id}/analysis`, { headers: bearer(other.token) })).status).toBe(403);
    expect((await appFetch(`/api/quiz/nope/analysis`, { headers: bearer(teacher.token) })).status).toBe(404);

    const cookie = await sessionCookieFor(teacher.id);
    const csv = await appFetch(`/quiz/manage/${quiz.id}/analysis.csv`, { headers: { Cookie: cookie } });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const csvText = await csv.text();
    expect(csvText).toContain(`"8","2.375","2.5","1.317","0.649","4"`);
    expect(csvText).toContain(`"4","A4","D","8","0.375","1","4","0","0","3","1","B C","A"`);
    expect(
      (
        await appFetch(`/quiz/manage/${quiz.id}/analysis.csv`, {
          headers: { Cookie: await sessionCookieFor(other.id) },
        })
      ).status,
    ).toBe(403);

    const page = await pageText(await appFetch(`/quiz/manage/${quiz.id}`, { headers: { Cookie: cookie } }));
    expect(page).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="histogram-title histogram-desc"/);
    expect(page).toContain("score 2: 2");
    expect(page).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="facility-title facility-desc"/);
    expect(page).toContain("question 4: 38%");
    expect(page).toContain("A: chosen more than the correct answer");
    expect(page).toContain("KR-20 (reliability)");
    expect(page).toContain("0.65");
  });
});

describe("the taker's results page", () => {
  it("shows each attempt, and per quiz the best and the latest score", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const taker = await person("client", false);
    const quiz = await createQuiz(ctx, teacher.auth, THREE as QuizInput);
    const t0 = Date.now() - 30 * 60_000;
    // Best first (3 of 3), then a worse latest attempt (1 of 3).
    for (const [round, answers] of [
      [0, 1, 2],
      [0, 0, 0],
    ].entries()) {
      const now = new Date(t0 + round * 60_000);
      await startAttempt(ctx, taker.auth, quiz.id, now);
      await submitAttempt(ctx, taker.auth, quiz.id, { answers }, now);
    }
    const page = await pageText(
      await appFetch("/quiz/results", { headers: { Cookie: await sessionCookieFor(taker.id) } }),
    );
    expect(page).toContain(`${THREE.title}</strong>: 2 attempts · best 3 of 3 (100%) · latest 1 of 3 (33%)`);
    expect(page).toContain("3 / 3 (100%)");
    expect(page).toContain("1 / 3 (33%)");
  });
});
