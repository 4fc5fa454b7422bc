/**
 * The quiz portal's rules. The server owns the clock and the answers:
 *  - an attempt row carries startedAt and deadline, set by the server when the attempt starts;
 *  - it stores a snapshot of the questions it was started with, so editing a quiz never rescores
 *    an attempt (the versioning choice);
 *  - answers after deadline + GRACE are refused; an expired attempt is finalised (unanswered = null)
 *    on the next request that touches it and by the scheduled job;
 *  - an attempt starts only when its questions are shown (the page's Start, GET /api/quiz/{id} with a
 *    taker's token, POST /api/quiz/{id}/start: all `startAttempt`); a submit never starts one;
 *  - retakes: each a new attempt with its own clock, as many as the quiz's `maxAttempts` allows
 *    (null: unlimited; `maxAttemptsOf` is the one rule);
 *  - a quiz may have a window (opensAt, closesAt): attempts start only inside it and never run past
 *    closesAt (unless the quiz's allowPastClose: then each keeps its own full time); it may shuffle questions and options per attempt (the order is stored with the
 *    attempt, answers are stored in the original order); its review policy says when a taker sees
 *    the correct answers and explanations;
 *  - correct answers and results leave the server only to the quiz's creator, an admin, or the taker
 *    whose attempt is finalised.
 * Every function takes `now`, so tests control the clock.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, count, desc, eq, gt, gte, lte, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  quizAttempts,
  quizQuestions,
  quizTimeGrants,
  quizzes,
  users,
  type AttemptOrder,
  type AttemptQuestion,
  type ReviewPolicy,
} from "../../../db/schema";
import {
  assertSameVersion,
  failBatchIfChanged,
  guardRefusal,
  PreparedRun,
  preparedOnce,
  savedAfter,
  type Db,
} from "~/lib/db.server";
import { auditStatement } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { FORBIDDEN_MESSAGE, can } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { HttpError } from "~/lib/http.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { paginate } from "~/lib/pagination.server";
import { moveToTrash } from "~/lib/trash.server";
import { analyseQuiz, type AnalysisAttempt } from "./analysis";
import { optionLetter } from "./format";
import {
  answersAsShown,
  answersToOriginal,
  newSeed,
  orderFromSeed,
  originalOption,
  originalQuestion,
  shownOption,
} from "./order";
import {
  attemptsUsedUpMessage,
  QUIZ_MESSAGES,
  QUIZ_TIME_ZONE,
  settingsProblems,
  type ExtraTimeInput,
  type QuizInput,
} from "./schema";

type Ctx = Pick<AppLoadContext, "db" | "env">;
type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Answers arriving this long after the deadline are still taken (network latency). */
export const GRACE_MS = 5_000;
/** The spec's fallback when a quiz has no total time: 2 minutes per question. */
export const FALLBACK_SECONDS_PER_QUESTION = 120;

/** Who may see a quiz's correct answers and its takers' results: an admin, or the teacher who created it. */
export function ownsQuiz(user: AuthUser, quiz: { createdBy: string | null }) {
  return can(user, "quiz:manage", { ownerId: quiz.createdBy });
}

/* ------------------------------------------------------------------ quizzes */

/** The whole list (GET /api/quiz, /quiz/quizzes), its SQL built once per Drizzle client. */
const allQuizzes = preparedOnce((db) => quizRows(db, undefined).prepare());
/** The list searched by title, likewise. */
const quizzesTitled = preparedOnce((db) =>
  quizRows(db, containsText(quizzes.title, sql.placeholder("search"))).prepare(),
);

/**
 * Every quiz, or those whose title contains `q` (newest first): a prepared run, awaited or sent in the
 * same D1 round trip as the caller's account (GET /api/quiz, `getApiUserWith`).
 */
export function quizListRead(ctx: Ctx, q: unknown) {
  const search = searchTerm(q);
  return search ? PreparedRun.of(quizzesTitled(ctx.db), { search }) : PreparedRun.of(allQuizzes(ctx.db));
}

/** The quizzes listed by `quizListRead`, or only those `createdBy` made. */
export async function listQuizzes(ctx: Ctx, { q = "", createdBy }: { q?: string; createdBy?: string } = {}) {
  return createdBy ? quizRows(ctx.db, quizWhere(q, createdBy)) : quizListRead(ctx, q);
}

function quizWhere(q: unknown, createdBy: string | undefined) {
  const search = searchTerm(q);
  return and(
    search ? containsText(quizzes.title, search) : undefined,
    createdBy ? eq(quizzes.createdBy, createdBy) : undefined,
  );
}

function quizRows(db: Db, where: SQL | undefined, window?: { limit: number; offset: number }) {
  // Per quiz row, a range of quiz_questions_position_idx (quiz_id first): only the rows of the quizzes
  // listed, where a grouped count of the whole table built a temporary index on every request. Names are
  // written out: the subquery is correlated, and its column must name the outer table.
  const questionCount = sql<number>`(select count(*) from "quiz_questions" where "quiz_questions"."quiz_id" = "quizzes"."id")`;
  const query = db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      totalTime: quizzes.totalTime,
      createdAt: quizzes.createdAt,
      createdById: quizzes.createdBy,
      creatorName: users.fullName,
      opensAt: quizzes.opensAt,
      closesAt: quizzes.closesAt,
      maxAttempts: quizzes.maxAttempts,
      questionCount,
    })
    .from(quizzes)
    .leftJoin(users, eq(users.id, quizzes.createdBy))
    .where(where)
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/** /quiz/manage: a page of quizzes (newest first), searched by title; teachers see their own. */
export async function listQuizzesPage(
  ctx: Ctx,
  { q, createdBy, page }: { q?: unknown; createdBy?: string; page?: number },
) {
  const where = quizWhere(q, createdBy);
  return paginate(ctx.db, quizzes, where, page, (window) => quizRows(ctx.db, where, window));
}

/* ------------------------------------------------------------------ settings */

export type Availability = "open" | "upcoming" | "closed";

/** Whether attempts may start now: before opensAt 'upcoming', from closesAt on 'closed'. */
export function availabilityOf(quiz: { opensAt: Date | null; closesAt: Date | null }, now: Date): Availability {
  if (quiz.opensAt && now.getTime() < quiz.opensAt.getTime()) return "upcoming";
  if (quiz.closesAt && now.getTime() >= quiz.closesAt.getTime()) return "closed";
  return "open";
}

let quizTimeFormat: Intl.DateTimeFormat | undefined;

/** A moment as the firm's pages show it (India time); one formatter for every call (a list formats one per quiz). */
export function quizTime(date: Date) {
  quizTimeFormat ??= new Intl.DateTimeFormat("en-IN", {
    timeZone: QUIZ_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return quizTimeFormat.format(date);
}

/** The list's words for a quiz's window: 'Opens …', 'Closed', 'Open until …' or null (always open). */
export function availabilityLabel(quiz: { opensAt: Date | null; closesAt: Date | null }, now: Date) {
  const state = availabilityOf(quiz, now);
  if (state === "upcoming") return `Opens ${quizTime(quiz.opensAt!)} IST`;
  if (state === "closed") return "Closed";
  return quiz.closesAt ? `Open until ${quizTime(quiz.closesAt)} IST` : null;
}

type SettingsRow = Pick<
  typeof quizzes.$inferSelect,
  "opensAt" | "closesAt" | "allowPastClose" | "maxAttempts" | "shuffleQuestions" | "shuffleOptions" | "reviewPolicy"
>;

/** The settings as the API names them. */
function settingsView(quiz: SettingsRow) {
  return {
    opensAt: quiz.opensAt,
    closesAt: quiz.closesAt,
    allowPastClose: quiz.allowPastClose,
    maxAttempts: quiz.maxAttempts,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    reviewPolicy: quiz.reviewPolicy,
  };
}

/** The settings to store: missing ones are the defaults, or (`keep`, the API's PUT) the quiz's current ones. */
function settingsToStore(input: QuizInput, keep?: SettingsRow): SettingsRow {
  return {
    opensAt: input.opensAt !== undefined ? input.opensAt : (keep?.opensAt ?? null),
    closesAt: input.closesAt !== undefined ? input.closesAt : (keep?.closesAt ?? null),
    allowPastClose: input.allowPastClose ?? keep?.allowPastClose ?? false,
    maxAttempts: input.maxAttempts !== undefined ? input.maxAttempts : (keep?.maxAttempts ?? null),
    shuffleQuestions: input.shuffleQuestions ?? keep?.shuffleQuestions ?? false,
    shuffleOptions: input.shuffleOptions ?? keep?.shuffleOptions ?? false,
    reviewPolicy: input.reviewPolicy ?? keep?.reviewPolicy ?? "immediately",
  };
}

/** A quiz row with its creator's name (404 when there is none). */
async function loadQuizRow(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({ quiz: quizzes, creatorName: users.fullName })
    .from(quizzes)
    .leftJoin(users, eq(users.id, quizzes.createdBy))
    .where(eq(quizzes.id, id))
    .limit(1);
  if (!row) throw new HttpError(404, QUIZ_MESSAGES.notFound);
  return { ...row.quiz, creatorName: row.creatorName ?? null };
}

async function loadQuiz(ctx: Ctx, id: string) {
  const quiz = await loadQuizRow(ctx, id);
  const questions = await ctx.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, id))
    .orderBy(asc(quizQuestions.position));
  return { ...quiz, questions };
}

type LoadedQuiz = Awaited<ReturnType<typeof loadQuiz>>;

/** The quiz's fields every view shares (docs/api.md: createdBy is {_id, fullName}). */
function quizHeader(quiz: Awaited<ReturnType<typeof loadQuizRow>>) {
  return {
    _id: quiz.id,
    id: quiz.id,
    title: quiz.title,
    totalTime: quiz.totalTime,
    createdBy: { _id: quiz.createdBy, fullName: quiz.creatorName },
    createdAt: quiz.createdAt,
    ...settingsView(quiz),
  };
}

/**
 * A quiz as anyone may see it without an attempt: its metadata (title, creator, time limit, window,
 * question count) and no question text or option. The questions leave the server only inside an
 * attempt, with its clock running (`takeQuiz`, `startAttempt`).
 */
export async function getQuizForTaker(ctx: Ctx, id: string, now = new Date()) {
  const quiz = await loadQuiz(ctx, id);
  return {
    ...quizHeader(quiz),
    availability: availabilityOf(quiz, now),
    questionCount: quiz.questions.length,
  };
}

/** Whether the viewer is the quiz's creator or an admin (404 when the quiz does not exist). */
export async function viewerOwnsQuiz(ctx: Ctx, viewer: AuthUser, quizId: string) {
  const quiz = await ctx.db.query.quizzes.findFirst({ where: eq(quizzes.id, quizId), columns: { createdBy: true } });
  if (!quiz) throw new HttpError(404, QUIZ_MESSAGES.notFound);
  return ownsQuiz(viewer, quiz);
}

/** A quiz with its answers, for its creator or an admin (a teacher sees answers only of their own quizzes). */
export async function getQuizForEditor(ctx: Ctx, actor: AuthUser, id: string) {
  assertCan(actor, "quiz:create");
  const quiz = await loadQuiz(ctx, id);
  if (!ownsQuiz(actor, quiz)) throw new HttpError(403, "You can only edit your own quizzes.");
  return editorView(quiz);
}

/** A question row's own fields: what the editor shows and what an attempt is started with. */
function questionFields(question: LoadedQuiz["questions"][number]) {
  return {
    id: question.id,
    text: question.text,
    options: question.options,
    correctAnswer: question.correctAnswer,
    timePerQuestion: question.timePerQuestion,
    explanation: question.explanation,
  };
}

function editorView(quiz: LoadedQuiz) {
  return {
    ...quizHeader(quiz),
    // What an edit sends back (the form's hidden field, an API client's `version`): the save is refused
    // when the quiz has been saved since (decision 105).
    version: quiz.updatedAt.getTime(),
    questions: quiz.questions.map(questionFields),
  };
}

function questionRows(quizId: string, input: QuizInput) {
  return input.questions.map((question, position) => ({
    quizId,
    position,
    text: question.text,
    options: question.options,
    correctAnswer: question.correctAnswer,
    timePerQuestion: question.timePerQuestion,
    explanation: question.explanation || null,
  }));
}

/** The quiz's time limit: the total given, else the sum of the questions' minutes. */
const totalMinutes = (input: QuizInput) =>
  input.totalTime ?? input.questions.reduce((sum, question) => sum + question.timePerQuestion, 0);

/** D1 caps bound parameters per statement; insert questions in slices. */
function insertQuestions(ctx: Ctx, rows: ReturnType<typeof questionRows>) {
  const statements = [];
  for (let index = 0; index < rows.length; index += 12) {
    statements.push(ctx.db.insert(quizQuestions).values(rows.slice(index, index + 12)));
  }
  return statements;
}

export async function createQuiz(ctx: Ctx, actor: AuthUser, input: QuizInput, now = new Date()) {
  assertCan(actor, "quiz:create");
  const id = crypto.randomUUID().replace(/-/g, "");
  // One batch: the quiz and all its questions, or nothing.
  await ctx.db.batch([
    ctx.db.insert(quizzes).values({
      id,
      title: input.title,
      totalTime: totalMinutes(input),
      createdBy: actor.id,
      ...settingsToStore(input),
      createdAt: now,
      updatedAt: now,
    }),
    ...insertQuestions(ctx, questionRows(id, input)),
    auditStatement(
      ctx,
      actor,
      {
        kind: "quiz",
        id,
        action: "create",
        summary: `title: ${JSON.stringify(input.title)}; ${input.questions.length} questions`,
      },
      now,
    ),
  ] as Batch);
  return getQuizForEditor(ctx, actor, id);
}

async function requireOwnQuiz(ctx: Ctx, actor: AuthUser, id: string) {
  assertCan(actor, "quiz:create");
  const quiz = await ctx.db.query.quizzes.findFirst({ where: eq(quizzes.id, id) });
  if (!quiz) throw new HttpError(404, QUIZ_MESSAGES.notFound);
  if (!ownsQuiz(actor, quiz)) throw new HttpError(403, "You can only change your own quizzes.");
  return quiz;
}

/**
 * The sent questions' ids checked against the quiz's own (decision 032): each must be one of this
 * quiz's questions and appear once. The first problem is a 400 naming the field (`questions.2.id`),
 * so a foreign id is never used to touch another quiz's question.
 */
function assertOwnQuestionIds(input: QuizInput, ownIds: Set<string>) {
  const seen = new Set<string>();
  input.questions.forEach((question, index) => {
    if (question.id === undefined) return;
    const field = `questions.${index}.id`;
    const message = !ownIds.has(question.id)
      ? `${field} is not a question of this quiz (leave id out to add a new question)`
      : seen.has(question.id)
        ? `${field} is sent twice (each question once)`
        : null;
    if (message) throw new HttpError(400, message, { errors: { [field]: [message] } });
    seen.add(question.id);
  });
}

/**
 * The id each sent question is stored under: its own when sent; else (a client that does not send
 * ids, such as the spec's, which PUTs title and questions only) the id of a question of this quiz
 * not claimed by another, with the same text and options; else none (a new question).
 */
function matchedQuestionIds(input: QuizInput, own: { id: string; text: string; options: string[] }[]) {
  const claimed = new Set(input.questions.flatMap((question) => (question.id ? [question.id] : [])));
  const unclaimed = own.filter((row) => !claimed.has(row.id));
  return input.questions.map((question) => {
    if (question.id !== undefined) return question.id;
    const same = unclaimed.findIndex(
      (row) => row.text === question.text && JSON.stringify(row.options) === JSON.stringify(question.options),
    );
    return same === -1 ? undefined : unclaimed.splice(same, 1)[0]!.id;
  });
}

/**
 * Update a quiz's title, questions and settings. A question sent with its id (as GET gives it) is
 * updated in place and keeps the id; one without is added (unless it is an unchanged question:
 * `matchedQuestionIds`); one not sent is deleted. So the analysis,
 * which groups answers by question id, sees one item per question across edits (decision 032).
 * Attempts already made keep their own snapshot (and their order: turning shuffling on leaves open
 * attempts as they are). `keepMissingSettings` (the API's PUT): a setting left out keeps its value;
 * the editor page sends them all (missing: default).
 */
export async function updateQuiz(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  input: QuizInput,
  now = new Date(),
  { keepMissingSettings = false }: { keepMissingSettings?: boolean } = {},
) {
  const current = await requireOwnQuiz(ctx, actor, id);
  const settings = settingsToStore(input, keepMissingSettings ? current : undefined);
  // The very save asked for is already stored (the same form sent twice: a double click without
  // JavaScript, a resend): nothing to write, and nothing was lost, so it is answered as saved.
  if (input.version !== undefined && input.version !== current.updatedAt.getTime()) {
    if (await storedAsSent(ctx, current, input, settings)) return getQuizForEditor(ctx, actor, id);
  }
  // Saved by someone else (another tab) since this editor was opened: refused, so nothing is lost.
  assertSameVersion(input.version, current.updatedAt, QUIZ_MESSAGES.savedMeanwhile);
  const savedAt = savedAfter(current.updatedAt, now);
  const [problem] = settingsProblems(settings);
  if (problem) throw new HttpError(400, problem.message, { errors: { [problem.path[0]]: [problem.message] } });
  const own = await ctx.db
    .select({ id: quizQuestions.id, text: quizQuestions.text, options: quizQuestions.options })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, id))
    .orderBy(asc(quizQuestions.position));
  assertOwnQuestionIds(input, new Set(own.map((row) => row.id)));
  const ids = matchedQuestionIds(input, own);
  const kept = ids.filter((questionId): questionId is string => questionId !== undefined);
  const removed = own.map((row) => row.id).filter((ownId) => !kept.includes(ownId));
  const rows = questionRows(id, input).map((row, position) => ({ ...row, id: ids[position] }));

  // One batch (a transaction): everything below, or nothing; nothing when another save landed since
  // the reads above (the questions kept and removed were worked out from them).
  const batch = [
    failBatchIfChanged(ctx.db, quizzes, id, quizzes.updatedAt, current.updatedAt),
    ctx.db
      .update(quizzes)
      .set({ title: input.title, totalTime: totalMinutes(input), ...settings, updatedAt: savedAt })
      .where(eq(quizzes.id, id)),
    ...attemptsGivenBackTheirTime(ctx, current, settings, now),
    ...endOpenAttemptsAtNewClose(ctx, id, current, settings),
    // The questions not sent back are removed (in slices: D1 binds at most 100 parameters a statement).
    ...chunks(removed, 90).map((ids) =>
      ctx.db.delete(quizQuestions).where(and(eq(quizQuestions.quizId, id), inArray(quizQuestions.id, ids))),
    ),
    // Move the kept ones out of the way (negative positions), so the new positions never meet an old
    // one in the unique (quiz, position) index while the rows below are written one by one.
    ctx.db
      .update(quizQuestions)
      .set({ position: sql`-1 - ${quizQuestions.position}` })
      .where(eq(quizQuestions.quizId, id)),
    ...upsertQuestions(ctx, rows),
    auditStatement(
      ctx,
      actor,
      {
        kind: "quiz",
        id,
        action: "edit",
        summary: `${current.title === input.title ? `title: ${JSON.stringify(input.title)}` : `title: ${JSON.stringify(current.title)} → ${JSON.stringify(input.title)}`}; ${input.questions.length} questions (${kept.length} kept, ${input.questions.length - kept.length} added, ${removed.length} removed)`,
      },
      savedAt,
    ),
  ] as Batch;
  try {
    await ctx.db.batch(batch);
  } catch (error) {
    throw guardRefusal(error, QUIZ_MESSAGES.savedMeanwhile);
  }
  return getQuizForEditor(ctx, actor, id);
}

/** Whether the quiz as stored is exactly the one sent (title, time, settings, questions in order; a question sent without an id matches any). */
async function storedAsSent(ctx: Ctx, current: typeof quizzes.$inferSelect, input: QuizInput, settings: SettingsRow) {
  const time = (date: Date | null) => date?.getTime() ?? null;
  if (
    current.title !== input.title ||
    current.totalTime !== totalMinutes(input) ||
    time(current.opensAt) !== time(settings.opensAt) ||
    time(current.closesAt) !== time(settings.closesAt) ||
    current.allowPastClose !== settings.allowPastClose ||
    current.maxAttempts !== settings.maxAttempts ||
    current.shuffleQuestions !== settings.shuffleQuestions ||
    current.shuffleOptions !== settings.shuffleOptions ||
    current.reviewPolicy !== settings.reviewPolicy
  ) {
    return false;
  }
  const stored = await ctx.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, current.id))
    .orderBy(asc(quizQuestions.position));
  const sent = questionRows(current.id, input);
  return (
    stored.length === sent.length &&
    stored.every((row, index) => {
      const question = sent[index]!;
      const sentId = input.questions[index]!.id;
      return (
        (sentId === undefined || sentId === row.id) &&
        row.text === question.text &&
        JSON.stringify(row.options) === JSON.stringify(question.options) &&
        row.correctAnswer === question.correctAnswer &&
        row.timePerQuestion === question.timePerQuestion &&
        (row.explanation ?? null) === question.explanation
      );
    })
  );
}

/**
 * A close that an edit sets, moves or no longer lets attempts run past (allowPastClose turned off) ends
 * the quiz's open attempts at it, as it would have ended them had they started under it: an attempt
 * never runs past the close unless the quiz allows it. A save that leaves the close alone changes no
 * deadline (extra time granted past the close stays).
 */
function endOpenAttemptsAtNewClose(ctx: Ctx, quizId: string, before: SettingsRow, after: SettingsRow) {
  const close = after.closesAt;
  if (!close || after.allowPastClose) return [];
  if (before.closesAt?.getTime() === close.getTime() && !before.allowPastClose) return [];
  return [
    ctx.db
      .update(quizAttempts)
      .set({ deadline: close })
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "open"), gt(quizAttempts.deadline, close))),
  ];
}

/**
 * The other way round: a close moved later, removed or now allowed to be run past gives the open
 * attempts it had cut short their own time back (from their start: the quiz's time limit and any
 * extra time granted), up to the new close. Only attempts still running: one whose time has run out at
 * the old close is over, finalised or not.
 */
function attemptsGivenBackTheirTime(
  ctx: Ctx,
  quiz: SettingsRow & { id: string; totalTime: number | null },
  after: SettingsRow,
  now: Date,
) {
  const oldClose = quiz.closesAt;
  if (!oldClose || quiz.allowPastClose || now.getTime() > oldClose.getTime() + GRACE_MS) return [];
  const newClose = after.allowPastClose ? null : after.closesAt;
  if (newClose && newClose.getTime() <= oldClose.getTime()) return [];
  // Each attempt's own deadline, as startAttempt set it before the close cut it. Names are written out:
  // the grant's subquery is correlated with the attempt being updated.
  const limit =
    quiz.totalTime && quiz.totalTime > 0
      ? sql`${timeLimitMs(ctx, quiz, 0)}`
      : sql`max(1000, round(json_array_length("quiz_attempts"."questions") * ${FALLBACK_SECONDS_PER_QUESTION * 1000 * ctx.env.QUIZ_TIME_SCALE}))`;
  const granted = sql`coalesce((select "extra_seconds" from "quiz_time_grants" where "quiz_time_grants"."quiz_id" = "quiz_attempts"."quiz_id" and "quiz_time_grants"."user_id" = "quiz_attempts"."user_id"), 0) * 1000`;
  const own = sql`"quiz_attempts"."started_at" + ${limit} + ${granted}`;
  const deadline = newClose ? sql`min(${own}, ${newClose.getTime()})` : own;
  return [
    ctx.db
      .update(quizAttempts)
      .set({ deadline: sql`max(${oldClose.getTime()}, ${deadline})` })
      .where(
        and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.status, "open"), eq(quizAttempts.deadline, oldClose)),
      ),
  ];
}

function chunks<T>(items: T[], size: number) {
  const slices: T[][] = [];
  for (let index = 0; index < items.length; index += size) slices.push(items.slice(index, index + size));
  return slices;
}

/**
 * Write questions with their positions: a row with an id updates that question in place (only if it
 * is this quiz's: the update's condition), a row without one is inserted with a new id. In slices, as
 * `insertQuestions`.
 */
function upsertQuestions(ctx: Ctx, rows: (ReturnType<typeof questionRows>[number] & { id?: string })[]) {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const statements = [];
  for (let index = 0; index < rows.length; index += 12) {
    statements.push(
      ctx.db
        .insert(quizQuestions)
        .values(rows.slice(index, index + 12))
        .onConflictDoUpdate({
          target: quizQuestions.id,
          set: {
            position: excluded("position"),
            text: excluded("text"),
            options: excluded("options"),
            correctAnswer: excluded("correct_answer"),
            timePerQuestion: excluded("time_per_question"),
            explanation: excluded("explanation"),
          },
          setWhere: sql`${quizQuestions.quizId} = ${excluded("quiz_id")}`,
        }),
    );
  }
  return statements;
}

/** Move a quiz to the trash with its questions, attempts (results) and time grants. */
export async function deleteQuiz(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  const quiz = await requireOwnQuiz(ctx, actor, id);
  const moved = await moveToTrash(
    ctx,
    actor,
    {
      kind: "quiz",
      entityId: quiz.id,
      label: quiz.title,
      rows: [
        { table: "quizzes", column: "id", value: quiz.id },
        { table: "quiz_questions", column: "quiz_id", value: quiz.id },
        { table: "quiz_attempts", column: "quiz_id", value: quiz.id },
        { table: "quiz_time_grants", column: "quiz_id", value: quiz.id },
      ],
      files: [],
      pages: [],
    },
    now,
  );
  if (!moved) throw new HttpError(404, QUIZ_MESSAGES.notFound);
}

/* ------------------------------------------------------------------ attempts */

type AttemptRow = typeof quizAttempts.$inferSelect;

export function timeLimitMs(ctx: Ctx, quiz: { totalTime: number | null }, questionCount: number) {
  const base =
    quiz.totalTime && quiz.totalTime > 0
      ? quiz.totalTime * 60_000
      : questionCount * FALLBACK_SECONDS_PER_QUESTION * 1000;
  return Math.max(1000, Math.round(base * ctx.env.QUIZ_TIME_SCALE));
}

export function scoreOf(questions: AttemptQuestion[], answers: (number | null)[]) {
  return questions.reduce((score, question, index) => score + (answers[index] === question.correctAnswer ? 1 : 0), 0);
}

/**
 * Finalise an open attempt (idempotent: only an open row is changed). The
 * update only applies if the answers are still the ones scored, so an answer
 * saved at the same moment is never dropped: then the row is read again and scored anew.
 */
async function finalise(ctx: Ctx, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  let current = attempt;
  for (let tries = 0; tries < 5 && current.status === "open"; tries++) {
    const answers = current.questions.map((_, index) => current.answers[index] ?? null);
    // Never before its start (a close an edit set earlier than the start): no negative time taken.
    const finishedAt = new Date(
      Math.max(current.startedAt.getTime(), Math.min(now.getTime(), current.deadline.getTime() + GRACE_MS)),
    );
    const [updated] = await ctx.db
      .update(quizAttempts)
      .set({ status: "finalised", answers, score: scoreOf(current.questions, answers), finishedAt })
      .where(
        and(
          eq(quizAttempts.id, current.id),
          eq(quizAttempts.status, "open"),
          sql`${quizAttempts.answers} = ${JSON.stringify(current.answers)}`,
        ),
      )
      .returning();
    if (updated) return updated;
    current = (await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attempt.id) }))!;
  }
  return current;
}

const expired = (attempt: AttemptRow, now: Date) => now.getTime() > attempt.deadline.getTime() + GRACE_MS;

/** The scheduled job: finalise every open attempt whose time ran out. */
export async function finaliseExpiredAttempts(ctx: Ctx, now = new Date()) {
  const rows = await ctx.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.status, "open"), lte(quizAttempts.deadline, new Date(now.getTime() - GRACE_MS))))
    .limit(500);
  for (const row of rows) await finalise(ctx, row, now);
  return rows.length;
}

/** The user's open attempt of a quiz (at most one). */
const openAttemptWhere = (userId: string | Placeholder, quizId: string | Placeholder) =>
  and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "open"));

async function openAttemptOf(ctx: Ctx, userId: string, quizId: string) {
  return ctx.db.query.quizAttempts.findFirst({ where: openAttemptWhere(userId, quizId) });
}

/**
 * The user's attempt of a quiz as a page should show it: the open one, or,
 * when its time has run out, the id of the result it has just been finalised into.
 */
export async function currentAttempt(ctx: Ctx, user: AuthUser, quizId: string, now = new Date()) {
  const attempt = await openAttemptOf(ctx, user.id, quizId);
  if (!attempt) return { attempt: null, finalisedId: null };
  if (expired(attempt, now)) return { attempt: null, finalisedId: (await finalise(ctx, attempt, now)).id };
  return { attempt, finalisedId: null };
}

/**
 * The retake rule, one for the page and the API: how many attempts a taker may
 * make of a quiz (null: unlimited), the quiz's `maxAttempts` setting. Each attempt
 * is new, with its own clock, and every finalised attempt is a result.
 */
export function maxAttemptsOf(quiz: { maxAttempts: number | null }): number | null {
  return quiz.maxAttempts ?? null;
}

/** How many attempts the user has finished of a quiz. */
export async function attemptsUsed(ctx: Ctx, userId: string, quizId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "finalised")));
  return row?.n ?? 0;
}

/** The window's refusal: 409 with the words the page shows. */
function assertOpen(quiz: { opensAt: Date | null; closesAt: Date | null }, now: Date) {
  const state = availabilityOf(quiz, now);
  if (state === "upcoming")
    throw new HttpError(409, `${QUIZ_MESSAGES.notOpenYet} It opens ${quizTime(quiz.opensAt!)} IST.`, {
      opensAt: quiz.opensAt,
    });
  if (state === "closed")
    throw new HttpError(409, `${QUIZ_MESSAGES.closed} It closed ${quizTime(quiz.closesAt!)} IST.`, {
      closesAt: quiz.closesAt,
    });
}

async function assertMayStartAttempt(ctx: Ctx, userId: string, quiz: { id: string; maxAttempts: number | null }) {
  const max = maxAttemptsOf(quiz);
  if (max === null) return;
  if ((await attemptsUsed(ctx, userId, quiz.id)) >= max) throw new HttpError(409, attemptsUsedUpMessage(max));
}

/**
 * Start an attempt, or resume the open one (one open attempt per user per quiz).
 * The only way an attempt begins: the page's Start, POST /api/quiz/{id}/start and
 * GET /api/quiz/{id} with a taker's token all call it.
 */
export async function startAttempt(ctx: Ctx, user: AuthUser, quizId: string, now = new Date()) {
  const existing = await openAttemptOf(ctx, user.id, quizId);
  if (existing && !expired(existing, now)) return existing;
  if (existing) await finalise(ctx, existing, now);

  const quiz = await loadQuiz(ctx, quizId);
  if (quiz.questions.length === 0) throw new HttpError(400, "This quiz has no questions yet.");
  assertOpen(quiz, now);
  await assertMayStartAttempt(ctx, user.id, quiz);
  const grant = await ctx.db.query.quizTimeGrants.findFirst({
    where: and(eq(quizTimeGrants.quizId, quizId), eq(quizTimeGrants.userId, user.id)),
  });
  const ownDeadline = now.getTime() + timeLimitMs(ctx, quiz, quiz.questions.length) + (grant?.extraSeconds ?? 0) * 1000;
  // An attempt started near the close never runs past it, unless the quiz allows it (allowPastClose).
  const deadline = new Date(
    quiz.closesAt && !quiz.allowPastClose ? Math.min(ownDeadline, quiz.closesAt.getTime()) : ownDeadline,
  );
  const snapshot: AttemptQuestion[] = quiz.questions.map(questionFields);
  const displayOrder: AttemptOrder | null =
    quiz.shuffleQuestions || quiz.shuffleOptions
      ? orderFromSeed(
          newSeed(),
          snapshot.map((question) => question.options.length),
          quiz,
        )
      : null;
  const [created] = await ctx.db
    .insert(quizAttempts)
    .values({
      quizId,
      userId: user.id,
      questions: snapshot,
      answers: snapshot.map(() => null),
      displayOrder,
      startedAt: now,
      deadline,
    })
    .onConflictDoNothing()
    .returning();
  // Two starts racing: the unique index keeps one; both callers get it.
  return created ?? (await openAttemptOf(ctx, user.id, quizId))!;
}

/**
 * What a taker sees of an open attempt: the questions without answers, in this attempt's order
 * (options too), each with a stable `id`; their own answers as option indexes of that order; the
 * server's clock. `closesAt` (the quiz's): whether the deadline was cut short by the close.
 */
export function attemptView(attempt: AttemptRow, now = new Date(), closesAt: Date | null = null) {
  const order = attempt.displayOrder ?? null;
  return {
    attemptId: attempt.id,
    quizId: attempt.quizId,
    status: attempt.status,
    startedAt: attempt.startedAt,
    deadline: attempt.deadline,
    deadlineCappedAtClose: closesAt !== null && attempt.deadline.getTime() === closesAt.getTime(),
    remainingMs: Math.max(0, attempt.deadline.getTime() - now.getTime()),
    currentQuestion: attempt.currentQuestion,
    answers: answersAsShown(order, attempt.answers, attempt.questions.length),
    questions: shownQuestions(attempt).map(({ id, text, options, timePerQuestion }) => ({
      id,
      text,
      options,
      ...(timePerQuestion === undefined ? {} : { timePerQuestion }),
    })),
  };
}

/**
 * An attempt's questions as its taker was shown them: in the attempt's order, each with its options
 * in that order, its `number` in the quiz (1-based) and its correct option as an index of the order shown.
 */
function shownQuestions(attempt: AttemptRow) {
  const order = attempt.displayOrder ?? null;
  return attempt.questions.map((_, shown) => {
    const index = originalQuestion(order, shown);
    const question = attempt.questions[index]!;
    return {
      id: question.id ?? `${attempt.id}-${index}`,
      number: index + 1,
      text: question.text,
      options: question.options.map((_, option) => question.options[originalOption(order, index, option)]!),
      timePerQuestion: question.timePerQuestion,
      correctAnswer: shownOption(order, index, question.correctAnswer),
      explanation: question.explanation ?? null,
    };
  });
}

/**
 * A signed-in taker opens a quiz (GET /api/quiz/{id}, POST /api/quiz/{id}/start):
 * the attempt starts, or the open one resumes, and the quiz comes with the
 * attempt's questions (its snapshot, without correct answers), `attemptId` and `deadline`.
 */
export async function takeQuiz(ctx: Ctx, user: AuthUser, quizId: string, now = new Date()) {
  const attempt = await startAttempt(ctx, user, quizId, now);
  const quiz = await loadQuizRow(ctx, quizId);
  return { ...quizHeader(quiz), ...attemptView(attempt, now, quiz.closesAt) };
}

/** The user's open attempt of a quiz with its quiz's closing time: `saveAnswer`'s read, built once. */
const openAttemptWithClose = preparedOnce((db) =>
  db
    .select({ attempt: quizAttempts, quizClosesAt: quizzes.closesAt })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(openAttemptWhere(sql.placeholder("userId"), sql.placeholder("quizId")))
    .limit(1)
    .prepare(),
);

/** The rows of `openAttemptRead`: the open attempt with its quiz's closing time, or none. */
export type OpenAttemptRows = { attempt: AttemptRow; quizClosesAt: Date | null }[];

/**
 * The user's open attempt of a quiz, as `saveAnswer` reads it: a prepared run, so the API can send it in
 * the same D1 round trip as the caller's account (`requireApiSignedInWith`) and hand the rows on.
 */
export function openAttemptRead(ctx: Ctx, userId: string, quizId: string): PreparedRun<OpenAttemptRows> {
  return PreparedRun.of(openAttemptWithClose(ctx.db), { userId, quizId });
}

/**
 * One answer's write, built once: the answer is set in place (`json_set` on its index), so two saves at
 * once never overwrite each other, and only while the attempt is still open.
 */
const answerUpdate = preparedOnce((db) =>
  db
    .update(quizAttempts)
    .set({
      answers: sql`json_set(${quizAttempts.answers}, ${sql.placeholder("path")}, json(${sql.placeholder("answer")}))`,
      currentQuestion: sql`${sql.placeholder("currentQuestion")}`,
    })
    .where(and(eq(quizAttempts.id, sql.placeholder("attemptId")), eq(quizAttempts.status, "open")))
    .returning()
    .prepare(),
);

/**
 * Save one answer (null clears it) on the user's open attempt of a quiz. Returns the saved attempt and its
 * quiz's closing time (`quizClosesAt`, read with the attempt), all `attemptView` needs. `read`: the rows of
 * `openAttemptRead` for this user and quiz when the caller has read them already (the API's batch).
 * The taker's position moves to the next question (the API), or to `moveTo` (the page: the question
 * the taker asked for, or the same one when a choice is saved as it is made).
 */
export async function saveAnswer(
  ctx: Ctx,
  user: AuthUser,
  quizId: string,
  input: { questionIndex: number; answer: number | null; moveTo?: number },
  now = new Date(),
  read?: OpenAttemptRows,
) {
  const [open] = read ?? (await openAttemptRead(ctx, user.id, quizId));
  if (!open) throw await noOpenAttempt(ctx, user.id, quizId);
  const { attempt, quizClosesAt } = open;
  if (expired(attempt, now)) {
    const result = await finalise(ctx, attempt, now);
    throw new HttpError(409, QUIZ_MESSAGES.timeUp, { resultId: result.id });
  }
  if (input.questionIndex >= attempt.questions.length) {
    throw new HttpError(400, "No such question", { errors: { questionIndex: ["No such question"] } });
  }
  const last = attempt.questions.length - 1;
  const next =
    input.moveTo === undefined ? Math.min(input.questionIndex + 1, last) : Math.min(Math.max(0, input.moveTo), last);
  // The index and option are those shown (this attempt's order); the stored answer is in the original order.
  const question = originalQuestion(attempt.displayOrder, Math.trunc(input.questionIndex));
  const answer = input.answer === null ? null : originalOption(attempt.displayOrder, question, input.answer);
  const [updated] = await answerUpdate(ctx.db).all({
    attemptId: attempt.id,
    // The path as text: D1 binds a JavaScript number as a real, and `$[0.0]` is no JSON path.
    path: `$[${question}]`,
    answer: JSON.stringify(answer),
    currentQuestion: input.answer === null && input.moveTo === undefined ? input.questionIndex : next,
  });
  if (!updated) throw await submittedMeanwhile(ctx, attempt.id);
  return { ...updated, quizClosesAt };
}

/**
 * The refusal of a write to an attempt that another request (a second tab, a double submit) finalised
 * between this one's read and its write: with the result, as a second submit after it gets.
 */
async function submittedMeanwhile(ctx: Ctx, attemptId: string) {
  const row = await ctx.db.query.quizAttempts.findFirst({
    where: eq(quizAttempts.id, attemptId),
    columns: { id: true, score: true },
  });
  return new HttpError(409, QUIZ_MESSAGES.alreadySubmitted, row ? { result: { _id: row.id, score: row.score } } : {});
}

/** The user's most recently finished attempt of a quiz, if any. */
function lastFinishedAttempt(ctx: Ctx, userId: string, quizId: string) {
  return ctx.db.query.quizAttempts.findFirst({
    where: and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "finalised")),
    orderBy: desc(quizAttempts.finishedAt),
  });
}

/**
 * The refusal of an answer or a move without an open attempt. When the taker's last attempt has been
 * submitted meanwhile (another tab or device, the clock), it carries that result (`result: {_id, score}`,
 * as a second submit does), so a page left open can show it instead of offering a new start.
 */
async function noOpenAttempt(ctx: Ctx, userId: string, quizId: string) {
  const last = await lastFinishedAttempt(ctx, userId, quizId);
  return new HttpError(
    409,
    "There is no open attempt of this quiz. Start it first.",
    last ? { result: { _id: last.id, score: last.score } } : {},
  );
}

/** Move the taker's position (navigation between questions). */
export async function goToQuestion(ctx: Ctx, user: AuthUser, quizId: string, index: number, now = new Date()) {
  const attempt = await openAttemptOf(ctx, user.id, quizId);
  if (!attempt) throw await noOpenAttempt(ctx, user.id, quizId);
  if (expired(attempt, now)) {
    const result = await finalise(ctx, attempt, now);
    throw new HttpError(409, QUIZ_MESSAGES.timeUp, { resultId: result.id });
  }
  const clamped = Math.min(Math.max(0, Math.trunc(index)), attempt.questions.length - 1);
  await ctx.db.update(quizAttempts).set({ currentQuestion: clamped }).where(eq(quizAttempts.id, attempt.id));
  return { ...attempt, currentQuestion: clamped };
}

/**
 * Submit the user's open attempt of a quiz. `answers` (the API's form) replaces
 * the saved ones. Before the deadline every question must be answered; after it
 * (the page's auto-submit, a late request) what was saved by the deadline (plus
 * grace) is scored and the answers sent are ignored (`late`). A submit never
 * starts an attempt: without an open one it is a 409 and nothing is written.
 * A refused submit changes nothing.
 */
export async function submitAttempt(
  ctx: Ctx,
  user: AuthUser,
  quizId: string,
  { answers }: { answers?: (number | null)[] } = {},
  now = new Date(),
): Promise<{ attempt: AttemptRow; late: boolean; timeUp: boolean }> {
  const attempt = await openAttemptOf(ctx, user.id, quizId);
  if (!attempt) {
    const quiz = await ctx.db.query.quizzes.findFirst({ where: eq(quizzes.id, quizId), columns: { id: true } });
    if (!quiz) throw new HttpError(404, QUIZ_MESSAGES.notFound);
    const last = await lastFinishedAttempt(ctx, user.id, quizId);
    // The questions were never given to this taker: there is nothing to submit.
    if (!last) throw new HttpError(409, QUIZ_MESSAGES.startFirst);
    // A second submit of the last attempt: its result stands (a retake starts a new attempt).
    const timedOut = last.finishedAt !== null && last.finishedAt.getTime() > last.deadline.getTime();
    throw new HttpError(409, timedOut ? QUIZ_MESSAGES.timeUp : QUIZ_MESSAGES.alreadySubmitted, {
      result: { _id: last.id, score: last.score },
    });
  }
  if (expired(attempt, now)) return { attempt: await finalise(ctx, attempt, now), late: true, timeUp: true };
  // Past the deadline but within the grace (the page's own submit at zero): the saved answers, on time.
  const timeUp = now.getTime() > attempt.deadline.getTime();

  if (answers && answers.length !== attempt.questions.length) {
    const message = `answers must have one entry per question (${attempt.questions.length})`;
    throw new HttpError(400, message, { errors: { answers: [message] } });
  }
  // Answers sent are in the order shown; stored and scored in the original order.
  const sent = answers ? answersToOriginal(attempt.displayOrder, answers) : undefined;
  const final = sent ?? attempt.answers;
  const complete = attempt.questions.every((_, index) => final[index] !== null && final[index] !== undefined);
  if (!complete && now.getTime() <= attempt.deadline.getTime()) {
    // Answers sent: each one left empty is named (`answers.1`, in the order shown), as every other field is.
    const unanswered = (answers ?? []).flatMap((answer, index) =>
      answer === null ? [[`answers.${index}`, [QUIZ_MESSAGES.answerAll]] as const] : [],
    );
    throw new HttpError(
      400,
      QUIZ_MESSAGES.answerAll,
      unanswered.length ? { errors: Object.fromEntries(unanswered) } : {},
    );
  }
  if (!sent) return { attempt: await finalise(ctx, attempt, now), late: false, timeUp };

  // One statement: the answers sent, their score and the end, only while the attempt is still open.
  const [updated] = await ctx.db
    .update(quizAttempts)
    .set({
      status: "finalised",
      answers: sent,
      score: scoreOf(attempt.questions, sent),
      finishedAt: new Date(Math.min(now.getTime(), attempt.deadline.getTime() + GRACE_MS)),
    })
    .where(and(eq(quizAttempts.id, attempt.id), eq(quizAttempts.status, "open")))
    .returning();
  if (!updated) throw await submittedMeanwhile(ctx, attempt.id);
  return { attempt: updated, late: false, timeUp };
}

/* ------------------------------------------------------------------ results */

function resultView(attempt: AttemptRow, quizTitle: string) {
  return {
    _id: attempt.id,
    id: attempt.id,
    score: attempt.score ?? 0,
    total: attempt.questions.length,
    quiz: { _id: attempt.quizId, title: quizTitle },
    startedAt: attempt.startedAt,
    finishedAt: attempt.finishedAt,
  };
}

/**
 * Whether a taker may see the correct answers and explanations of a finished attempt now (the quiz's
 * review policy; staff who manage the quiz always may): 'immediately', 'after-close' (from closesAt
 * on) or 'never'.
 */
export function reviewState(
  quiz: { reviewPolicy: ReviewPolicy; closesAt: Date | null },
  now: Date,
  lastAttemptEndsAt: Date | null = null,
) {
  // After the close, and after the last attempt still running past it (extra time granted) has ended.
  const closesAt =
    quiz.closesAt && lastAttemptEndsAt && lastAttemptEndsAt.getTime() > quiz.closesAt.getTime()
      ? lastAttemptEndsAt
      : quiz.closesAt;
  const availableAt = quiz.reviewPolicy === "after-close" ? closesAt : null;
  const available =
    quiz.reviewPolicy === "immediately" ||
    (quiz.reviewPolicy === "after-close" && availableAt !== null && now.getTime() >= availableAt.getTime());
  return { policy: quiz.reviewPolicy, available, availableAt };
}

/**
 * When the quiz's last attempt still running ends (its deadline plus the grace), or null: an attempt
 * given extra time may run past the close, and the answers an after-close review shows must wait for it.
 */
async function lastRunningAttemptEnd(ctx: Ctx, quizId: string, now: Date) {
  const [row] = await ctx.db
    .select({ deadline: sql<number | null>`max(${quizAttempts.deadline})` })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.status, "open"),
        gte(quizAttempts.deadline, new Date(now.getTime() - GRACE_MS)),
      ),
    );
  return row?.deadline ? new Date(Number(row.deadline) + GRACE_MS) : null;
}

/** The review's words for a taker when the answers are not shown. */
export function reviewHiddenMessage(review: ReturnType<typeof reviewState>) {
  if (review.available) return null;
  return review.availableAt
    ? `The correct answers and explanations are shown after the quiz closes and every attempt has ended (${quizTime(review.availableAt)} IST).`
    : "The correct answers are not shown for this quiz.";
}

/**
 * One finalised result: to its taker, the quiz's creator or an admin (anyone else: 404, as if it did
 * not exist). The correct answers and explanations come only when the review policy allows (staff:
 * always); `review` says which.
 */
export async function getResult(ctx: Ctx, viewer: AuthUser, resultId: string, now = new Date()) {
  let attempt = await ctx.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, resultId) });
  const quiz = attempt
    ? await ctx.db.query.quizzes.findFirst({
        where: eq(quizzes.id, attempt.quizId),
        columns: { title: true, createdBy: true, reviewPolicy: true, closesAt: true },
      })
    : undefined;
  const allowed =
    attempt && (can(viewer, "result:read", { ownerId: attempt.userId }) || (quiz && ownsQuiz(viewer, quiz)));
  if (!attempt || !allowed) throw new HttpError(404, "Result not found");
  if (attempt.status === "open") {
    if (!expired(attempt, now)) throw new HttpError(409, "This attempt is still in progress.");
    attempt = await finalise(ctx, attempt, now);
  }
  const taker = await ctx.db.query.users.findFirst({
    where: eq(users.id, attempt.userId),
    columns: { fullName: true, email: true },
  });
  const staff = Boolean(quiz && ownsQuiz(viewer, quiz));
  const policy = reviewState(
    quiz ?? { reviewPolicy: "immediately", closesAt: null },
    now,
    quiz?.reviewPolicy === "after-close" && !staff ? await lastRunningAttemptEnd(ctx, attempt.quizId, now) : null,
  );
  const review = staff ? { ...policy, available: true } : policy;
  type ReviewQuestion = {
    id: string;
    number: number;
    text: string;
    options: string[];
    timePerQuestion?: number;
    correctAnswer?: number;
    explanation?: string | null;
  };
  // What the taker saw (decision 115): the attempt's order of questions and options, so the letters of
  // the review are the taker's; `number` is the question's place in the quiz.
  const questions = shownQuestions(attempt).map(
    ({ timePerQuestion, correctAnswer, explanation, ...shared }): ReviewQuestion => ({
      ...shared,
      ...(timePerQuestion === undefined ? {} : { timePerQuestion }),
      ...(review.available ? { correctAnswer, explanation } : {}),
    }),
  );
  return {
    ...resultView(attempt, quiz?.title ?? "Deleted quiz"),
    user: { fullName: taker?.fullName ?? "", email: taker?.email ?? "" },
    // As shown: the attempt's order of questions, each an option index of the order its taker saw.
    answers: answersAsShown(attempt.displayOrder ?? null, attempt.answers, attempt.questions.length),
    review,
    quiz: { _id: attempt.quizId, title: quiz?.title ?? "Deleted quiz", questions },
    timeTakenMs: (attempt.finishedAt ?? now).getTime() - attempt.startedAt.getTime(),
  };
}

/**
 * A user's finalised results (every attempt), newest first; expired attempts are
 * finalised on the way. Their own, or an admin: all of them; a teacher: only
 * those on quizzes the teacher created; anyone else: 403.
 */
export async function listResultsForUser(ctx: Ctx, viewer: AuthUser, userId: string, now = new Date()) {
  const readsAll = can(viewer, "result:read", { ownerId: userId });
  // Staff who may not read all of them read those on their own quizzes.
  if (!readsAll && !can(viewer, "quiz:create")) throw new HttpError(403, FORBIDDEN_MESSAGE);
  const onlyQuizzesBy = readsAll ? undefined : viewer.id;
  const open = await ctx.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.status, "open")));
  for (const attempt of open) if (expired(attempt, now)) await finalise(ctx, attempt, now);
  const rows = await ctx.db
    .select({ attempt: quizAttempts, title: quizzes.title })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.status, "finalised"),
        onlyQuizzesBy ? eq(quizzes.createdBy, onlyQuizzesBy) : undefined,
      ),
    )
    .orderBy(desc(quizAttempts.finishedAt));
  return rows.map((row) => resultView(row.attempt, row.title));
}

/**
 * Extra time for one taker on one quiz (an accommodation); applies to their open attempt and their
 * next ones. One batch: the open attempt's deadline moves by the change from the grant stored at that
 * moment (read in the statement, so two saves at once never add it twice), then the grant is stored.
 * An attempt whose time has already run out (deadline plus grace) is over, finalised or not: it is
 * not reopened.
 */
export async function grantExtraTime(
  ctx: Ctx,
  actor: AuthUser,
  quizId: string,
  userId: string,
  extraSeconds: number,
  now = new Date(),
) {
  await requireOwnQuiz(ctx, actor, quizId);
  await storeExtraTime(ctx, actor, quizId, userId, extraSeconds, now);
}

/** grantExtraTime's batch, for a caller that has checked the quiz is the actor's. */
async function storeExtraTime(
  ctx: Ctx,
  actor: AuthUser,
  quizId: string,
  userId: string,
  extraSeconds: number,
  now: Date,
) {
  const seconds = Math.max(0, Math.min(Math.trunc(extraSeconds), 24 * 3600));
  const stored = sql`coalesce((select ${quizTimeGrants.extraSeconds} from ${quizTimeGrants} where ${quizTimeGrants.quizId} = ${quizId} and ${quizTimeGrants.userId} = ${userId}), 0)`;
  await ctx.db.batch([
    ctx.db
      .update(quizAttempts)
      .set({ deadline: sql`${quizAttempts.deadline} + (${seconds} - ${stored}) * 1000` })
      .where(
        and(
          eq(quizAttempts.quizId, quizId),
          eq(quizAttempts.userId, userId),
          eq(quizAttempts.status, "open"),
          gte(quizAttempts.deadline, new Date(now.getTime() - GRACE_MS)),
        ),
      ),
    ctx.db
      .insert(quizTimeGrants)
      .values({ quizId, userId, extraSeconds: seconds, grantedBy: actor.id })
      .onConflictDoUpdate({
        target: [quizTimeGrants.quizId, quizTimeGrants.userId],
        set: { extraSeconds: seconds, grantedBy: actor.id },
      }),
  ]);
}

/** Every taker's finalised results for a quiz: its creator or an admin. */
export async function listResultsForQuiz(ctx: Ctx, actor: AuthUser, quizId: string, now = new Date()) {
  const quiz = await requireOwnQuiz(ctx, actor, quizId);
  await finaliseExpiredAttempts(ctx, now);
  const rows = await ctx.db
    .select({ attempt: quizAttempts, fullName: users.fullName, email: users.email })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.userId))
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "finalised")))
    .orderBy(desc(quizAttempts.finishedAt));
  // Each taker's attempts numbered in the order they were started (1 is the first).
  const numbers = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const { attempt } of [...rows].sort((a, b) => a.attempt.startedAt.getTime() - b.attempt.startedAt.getTime())) {
    const number = (seen.get(attempt.userId) ?? 0) + 1;
    seen.set(attempt.userId, number);
    numbers.set(attempt.id, number);
  }
  return {
    quiz: { id: quiz.id, title: quiz.title },
    results: rows.map((row) => ({
      ...resultView(row.attempt, quiz.title),
      user: { fullName: row.fullName, email: row.email },
      attemptNumber: numbers.get(row.attempt.id) ?? 1,
      durationMs: Math.max(0, (row.attempt.finishedAt ?? now).getTime() - row.attempt.startedAt.getTime()),
      reviewPath: `/quiz/result/${row.attempt.id}`,
      choices: choicesAsShown(row.attempt),
    })),
  };
}

/**
 * Each answer of an attempt in the quiz's order of questions, as its taker saw it: the letter of the
 * option in the attempt's own order and the option's text; null for a skip.
 */
function choicesAsShown(attempt: AttemptRow) {
  const order = attempt.displayOrder ?? null;
  return attempt.questions.map((question, index) => {
    const answer = attempt.answers[index];
    if (answer === null || answer === undefined) return null;
    return { letter: optionLetter(shownOption(order, index, answer)), text: question.options[answer] ?? "" };
  });
}

/**
 * The item analysis of a quiz (./analysis.ts): staff who may manage it (its creator, an admin). Each
 * taker's first finished attempt counts, scored against the questions that attempt was given.
 */
export async function getQuizAnalysis(ctx: Ctx, actor: AuthUser, quizId: string, now = new Date()) {
  const quiz = await requireOwnQuiz(ctx, actor, quizId);
  await finaliseExpiredAttempts(ctx, now);
  const rows = await ctx.db
    .select({ userId: quizAttempts.userId, questions: quizAttempts.questions, answers: quizAttempts.answers })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.status, "finalised")))
    .orderBy(asc(quizAttempts.finishedAt), asc(quizAttempts.startedAt));
  const seen = new Set<string>();
  const firsts: AnalysisAttempt[] = [];
  for (const row of rows) {
    if (seen.has(row.userId)) continue;
    seen.add(row.userId);
    firsts.push({ questions: row.questions, answers: row.answers });
  }
  return { quiz: { _id: quiz.id, id: quiz.id, title: quiz.title }, ...analyseQuiz(firsts) };
}

/** Extra time by the taker's email (the manage page's form, ExtraTimeSchema): 404 naming the email when no account has it. */
export async function grantExtraTimeByEmail(
  ctx: Ctx,
  actor: AuthUser,
  quizId: string,
  { email, minutes }: ExtraTimeInput,
  now = new Date(),
) {
  await requireOwnQuiz(ctx, actor, quizId);
  const taker = await ctx.db.query.users.findFirst({ where: eq(users.email, email), columns: { id: true } });
  if (!taker) {
    const message = "No account has this email.";
    throw new HttpError(404, message, { errors: { email: [message] } });
  }
  await storeExtraTime(ctx, actor, quizId, taker.id, minutes * 60, now);
}
