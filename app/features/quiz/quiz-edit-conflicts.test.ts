// Two people editing one quiz (decision 105): the editor and GET /api/quiz/{id} carry the quiz's
// version; a save sent with a version the quiz has moved on from is refused (409, nothing changed) on
// the page and through the API, instead of silently undoing the other save. Without a version (the
// spec's client) the last save wins, except when another save lands between its read and its write.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizzes } from "../../../db/schema";
import { appFetch, auditRows, httpRejection, sessionCookieFor, testContext } from "../../../tests/helpers";
import { createQuiz, updateQuiz } from "./quiz.server";
import { QUIZ_MESSAGES, type QuizInput } from "./schema";
import { bearer, form, pageText, person, put, question } from "./test-helpers";

type EditorQuiz = { _id: string; title: string; version: number; questions: { id: string }[] };

async function editorQuiz(id: string, token: string) {
  const response = await appFetch(`/api/quiz/${id}`, { headers: bearer(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as EditorQuiz;
}

const storedTitle = async (id: string) =>
  (await testContext().db.select({ title: quizzes.title }).from(quizzes).where(eq(quizzes.id, id)))[0]?.title;

/** A teacher's new one-question quiz "Evidence", its editor page opened (no JavaScript): the version it shows. */
async function editorPageOpened() {
  const teacher = await person("teacher", false);
  const cookie = await sessionCookieFor(teacher.id);
  const quiz = await createQuiz(testContext(), teacher.auth, {
    title: "Evidence",
    questions: [question("Hearsay", 0)],
  } as QuizInput);
  const page = await pageText(await appFetch(`/quiz/edit/${quiz.id}`, { headers: { Cookie: cookie } }));
  const version = /<input[^>]*name="version"[^>]*value="(\d+)"/.exec(page)?.[1];
  expect(version, "the editor's version field").toBeDefined();
  return { cookie, quiz, version: version! };
}

describe("a save after someone else's", () => {
  it("through the API: a stale version is refused with 409 and changes nothing; no version, the last save wins", async () => {
    const teacher = await person("teacher");
    const admin = await person("admin");
    const quiz = await createQuiz(testContext(), teacher.auth, {
      title: "Torts basics",
      questions: [question("Duty", 0)],
    } as QuizInput);
    const opened = await editorQuiz(quiz.id, teacher.token);
    expect(opened.version).toEqual(expect.any(Number));
    // The admin opened it at the same moment.
    expect((await editorQuiz(quiz.id, admin.token)).version).toBe(opened.version);

    const body = (title: string, version?: unknown) => ({
      title,
      questions: [{ ...question("Duty", 0), id: opened.questions[0]!.id }],
      ...(version === undefined ? {} : { version }),
    });
    const first = await put(`/api/quiz/${quiz.id}`, body("Torts: the teacher's title", opened.version), teacher.token);
    expect(first.status).toBe(200);
    const saved = (await first.json()) as EditorQuiz;
    expect(saved.version).toBeGreaterThan(opened.version);

    // The admin saves from what they opened: refused, and the teacher's save stands.
    const stale = await put(`/api/quiz/${quiz.id}`, body("Torts: the admin's title", opened.version), admin.token);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: QUIZ_MESSAGES.savedMeanwhile });
    expect(await storedTitle(quiz.id)).toBe("Torts: the teacher's title");
    expect(await auditRows(quiz.id, "edit")).toHaveLength(1);

    // With the version they now read, it saves.
    const fresh = await put(`/api/quiz/${quiz.id}`, body("Torts: the admin's title", saved.version), admin.token);
    expect(fresh.status).toBe(200);
    expect(await storedTitle(quiz.id)).toBe("Torts: the admin's title");

    // A version of the wrong type is a 400 naming the field; nothing changes.
    const wrong = await put(
      `/api/quiz/${quiz.id}`,
      body("Torts: a string version", String(saved.version)),
      teacher.token,
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("version");
    expect(await storedTitle(quiz.id)).toBe("Torts: the admin's title");

    // The spec's client sends no version: its save goes through.
    const unversioned = await put(`/api/quiz/${quiz.id}`, body("Torts: no version"), teacher.token);
    expect(unversioned.status).toBe(200);
    expect(await storedTitle(quiz.id)).toBe("Torts: no version");
  });

  it("on the editor page (a form post, no JavaScript): the second of two saves from one opened form is refused and keeps its values", async () => {
    const { cookie, quiz, version } = await editorPageOpened();
    const fields = (title: string) => ({
      title,
      version,
      reviewPolicy: "immediately",
      "questions[0].id": quiz.questions[0]!.id,
      "questions[0].text": "Hearsay",
      ...Object.fromEntries([0, 1, 2, 3].map((option) => [`questions[0].options[${option}]`, `Hearsay ${option}`])),
      "questions[0].correctAnswer": "0",
      "questions[0].timePerQuestion": "1",
    });

    // Two tabs opened the same version; the first saves.
    const first = await appFetch(`/quiz/edit/${quiz.id}`, form(cookie, fields("Evidence, first tab")));
    expect(first.status).toBe(200);
    expect(await pageText(first)).toContain(QUIZ_MESSAGES.updated);

    const second = await appFetch(`/quiz/edit/${quiz.id}`, form(cookie, fields("Evidence, second tab")));
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(QUIZ_MESSAGES.savedMeanwhile);
    // What the second tab typed is still in the form, with the version it was opened at.
    expect(refused).toMatch(/<input[^>]*value="Evidence, second tab"/);
    expect(refused).toMatch(new RegExp(`<input[^>]*name="version"[^>]*value="${version}"`));
    expect(await storedTitle(quiz.id)).toBe("Evidence, first tab");
    expect(await auditRows(quiz.id, "edit")).toHaveLength(1);
  });

  it("a double click on Save without JavaScript (the same form sent twice) is not called someone else's save", async () => {
    const { cookie, quiz, version } = await editorPageOpened();
    const fields = {
      title: "Evidence, corrected",
      version,
      reviewPolicy: "immediately",
      closesAt: "2030-01-01T10:00",
      "questions[0].id": quiz.questions[0]!.id,
      "questions[0].text": "Hearsay",
      ...Object.fromEntries([0, 1, 2, 3].map((option) => [`questions[0].options[${option}]`, `Hearsay ${option}`])),
      "questions[0].correctAnswer": "2",
      "questions[0].timePerQuestion": "1",
      "questions[0].explanation": "",
      // A question added on the page: the first post gives it an id, the second does not carry it.
      "questions[1].text": "Res gestae",
      ...Object.fromEntries([0, 1, 2, 3].map((option) => [`questions[1].options[${option}]`, `Res ${option}`])),
      "questions[1].correctAnswer": "1",
      "questions[1].timePerQuestion": "2",
    };
    const [first, second] = [
      await appFetch(`/quiz/edit/${quiz.id}`, form(cookie, fields)),
      await appFetch(`/quiz/edit/${quiz.id}`, form(cookie, fields)),
    ];
    expect(first.status).toBe(200);
    // The browser shows the second answer: the save it asked for is the one stored, so it says so.
    expect(second.status).toBe(200);
    expect(await pageText(second)).toContain(QUIZ_MESSAGES.updated);
    expect(await storedTitle(quiz.id)).toBe("Evidence, corrected");
    expect(await auditRows(quiz.id, "edit")).toHaveLength(1);
    const questions = await testContext().db.query.quizQuestions.findMany({
      where: (row, { eq: same }) => same(row.quizId, quiz.id),
    });
    expect(questions).toHaveLength(2);

    // The same form with one thing changed is still someone else's save overwritten: refused.
    const changed = await appFetch(
      `/quiz/edit/${quiz.id}`,
      form(cookie, { ...fields, "questions[1].timePerQuestion": "3" }),
    );
    expect(changed.status).toBe(409);
    expect(await pageText(changed)).toContain(QUIZ_MESSAGES.savedMeanwhile);
  });

  it("a save whose quiz is saved by another between its read and its write changes nothing, with or without a version", async () => {
    const ctx = testContext();
    const teacher = await person("teacher", false);
    const quiz = await createQuiz(ctx, teacher.auth, {
      title: "Procedure",
      questions: [question("Summons", 0)],
    } as QuizInput);
    const input = (title: string) =>
      ({ title, questions: [{ ...question("Summons", 0), id: quiz.questions[0]!.id }] }) as QuizInput;

    for (const [round, version] of [
      ["without a version", undefined],
      ["with the version read", "read"],
    ] as const) {
      const current = (await ctx.db.select().from(quizzes).where(eq(quizzes.id, quiz.id)))[0]!;
      // The other save runs to the end just as this one's batch is sent: the interleaving two saves
      // at once produce now and then, made certain.
      let overtaken = false;
      const db = new Proxy(ctx.db, {
        get(target, property, receiver) {
          if (property !== "batch") return Reflect.get(target, property, receiver) as unknown;
          return async (...args: Parameters<typeof target.batch>) => {
            if (!overtaken) {
              overtaken = true;
              await updateQuiz(ctx, teacher.auth, quiz.id, input(`Procedure, the other save ${round}`));
            }
            return target.batch(...args);
          };
        },
      });
      const mine: QuizInput = {
        ...input(`Procedure, overtaken ${round}`),
        ...(version === undefined ? {} : { version: current.updatedAt.getTime() }),
      };
      const refusal = await httpRejection(updateQuiz({ ...ctx, db }, teacher.auth, quiz.id, mine));
      expect(overtaken, round).toBe(true);
      expect([refusal.status, refusal.message], round).toEqual([409, QUIZ_MESSAGES.savedMeanwhile]);
      expect(await storedTitle(quiz.id), round).toBe(`Procedure, the other save ${round}`);
    }
  });
});
