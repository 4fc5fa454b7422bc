/**
 * The quiz portal's payloads, shared by the pages (Conform, which turns form
 * strings into numbers) and the API (JSON, taken as it is: `null`, booleans
 * and strings where numbers belong are refused, with the field named).
 */
import { z } from "zod";
import { REVIEW_POLICIES } from "../../../db/enums";
import { INDIA_OFFSET } from "~/lib/media";
import { lfLineBreaks, savedMeanwhileMessage, VersionField } from "~/lib/schema-fields";

export const MAX_QUESTIONS = 200;
export const MIN_MINUTES_PER_QUESTION = 1;
export const MAX_MINUTES_PER_QUESTION = 180;

export const QuestionSchema = z.object({
  // The question's id as GET /api/quiz/{id} (and the editor page's hidden field) gives it: sent back on
  // an edit, the question is updated in place and keeps its id; left out, it is a new question.
  // An id that is not one of this quiz's questions is refused by `updateQuiz` (decision 032).
  id: z
    .string({ error: "id must be text: a question id as GET /api/quiz/{id} gives it, or left out for a new question" })
    .trim()
    .min(1, { error: "id must be a question id, or left out for a new question" })
    .max(64, { error: "id must be a question id, or left out for a new question" })
    .optional(),
  text: z
    .string({ error: "Each question needs its text" })
    .overwrite(lfLineBreaks)
    .trim()
    .min(1, { error: "Each question needs its text" })
    .max(1000, { error: "A question is at most 1,000 characters" }),
  options: z
    .array(
      z
        .string({ error: "Every option needs a text" })
        .trim()
        .min(1, { error: "Every option needs a text" })
        .max(300, { error: "An option is at most 300 characters" }),
      { error: "Each question has exactly four options" },
    )
    .length(4, { error: "Each question has exactly four options" }),
  correctAnswer: z
    .number({ error: "Choose the correct option (a number from 0 to 3)" })
    .int({ error: "The correct option must be one of the four (0 to 3)" })
    .min(0, { error: "The correct option must be one of the four (0 to 3)" })
    .max(3, { error: "The correct option must be one of the four (0 to 3)" }),
  // Minutes; the spec's default is 1 when missing (a missing key or an empty form field, never null).
  timePerQuestion: z
    .number({ error: "Time per question must be a number of minutes" })
    .int({ error: "Time per question must be a whole number of minutes" })
    .min(MIN_MINUTES_PER_QUESTION, { error: "Time per question is at least 1 minute" })
    .max(MAX_MINUTES_PER_QUESTION, { error: "Time per question is at most 180 minutes" })
    .default(MIN_MINUTES_PER_QUESTION),
  // Shown to the taker with the correct answer, when the review policy allows.
  // null (what the editor's view returns for none) is accepted back as none.
  explanation: z
    .union(
      [
        z.null(),
        z
          .string({ error: "explanation must be text" })
          .overwrite(lfLineBreaks)
          .trim()
          .max(2000, { error: "An explanation is at most 2,000 characters" }),
      ],
      { error: "explanation must be text (or null for none)" },
    )
    .optional(),
});

/** The firm's clock: a date and time without an offset (the form's datetime-local) is India time. */
export const QUIZ_TIME_ZONE = "Asia/Kolkata";
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date and time (with `Z` or an offset, or without: India time); null clears it. */
function dateTimeField(name: string) {
  const message = `${name} must be an ISO date and time, e.g. 2026-12-01T10:00:00${INDIA_OFFSET}`;
  return z
    .union(
      [
        z.null(),
        z.string().transform((text, ctx) => {
          const trimmed = text.trim();
          const iso = LOCAL_DATE_TIME.test(trimmed)
            ? `${trimmed}${INDIA_OFFSET}`
            : ZONED_DATE_TIME.test(trimmed)
              ? trimmed
              : null;
          const date = iso ? new Date(iso) : null;
          if (!date || Number.isNaN(date.getTime())) {
            ctx.addIssue({ code: "custom", message });
            return z.NEVER;
          }
          return date;
        }),
      ],
      { error: message },
    )
    .optional();
}

export const MAX_ATTEMPTS_LIMIT = 10;

/** The quiz's settings, all optional; a quiz without them has no window or attempt limit and no shuffling. */
export const QuizSettingsShape = {
  opensAt: dateTimeField("opensAt"),
  closesAt: dateTimeField("closesAt"),
  // null (or missing): unlimited.
  maxAttempts: z
    .union(
      [
        z.null(),
        z
          .number({ error: "maxAttempts must be a whole number from 1 to 10, or null for unlimited" })
          .int({ error: "maxAttempts must be a whole number from 1 to 10, or null for unlimited" })
          .min(1, { error: "maxAttempts must be from 1 to 10 (or null for unlimited)" })
          .max(MAX_ATTEMPTS_LIMIT, { error: "maxAttempts must be from 1 to 10 (or null for unlimited)" }),
      ],
      { error: "maxAttempts must be a whole number from 1 to 10, or null for unlimited" },
    )
    .optional(),
  // An attempt started before closesAt keeps its full time, past the close (default false: cut at closesAt).
  allowPastClose: z.boolean({ error: "allowPastClose must be true or false" }).optional(),
  shuffleQuestions: z.boolean({ error: "shuffleQuestions must be true or false" }).optional(),
  shuffleOptions: z.boolean({ error: "shuffleOptions must be true or false" }).optional(),
  reviewPolicy: z
    .enum(REVIEW_POLICIES, { error: "reviewPolicy must be one of immediately, after-close, never" })
    .optional(),
};

/**
 * The rules between settings: the window closes after it opens, and answers shown "after the close"
 * need a close. The schema checks a quiz as sent; an API PUT that keeps settings it leaves out checks
 * the merged result with the same function.
 */
export function settingsProblems(settings: {
  opensAt?: Date | null;
  closesAt?: Date | null;
  reviewPolicy?: string | null;
  allowPastClose?: boolean | null;
}): { path: [string]; message: string }[] {
  const problems: { path: [string]; message: string }[] = [];
  if (settings.opensAt && settings.closesAt && settings.closesAt.getTime() <= settings.opensAt.getTime()) {
    problems.push({ path: ["closesAt"], message: "closesAt must be after opensAt" });
  }
  if (settings.reviewPolicy === "after-close" && !settings.closesAt) {
    problems.push({ path: ["reviewPolicy"], message: "reviewPolicy after-close needs a closesAt date" });
  }
  // The answers would be shown at the close while attempts allowed past it are still running.
  if (settings.reviewPolicy === "after-close" && settings.allowPastClose) {
    problems.push({
      path: ["allowPastClose"],
      message:
        "allowPastClose cannot be used with reviewPolicy after-close (attempts would still be running when the answers are shown)",
    });
  }
  return problems;
}

export const QuizInputSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, { error: "Title is required" })
      .max(200, { error: "Title is at most 200 characters" }),
    questions: z
      .array(QuestionSchema, { error: "Add at least one question" })
      .min(1, { error: "Add at least one question" })
      .max(MAX_QUESTIONS, { error: `A quiz has at most ${MAX_QUESTIONS} questions` }),
    // The quiz's time limit in minutes. When missing, the sum of the questions' minutes.
    totalTime: z
      .number({ error: "Total time must be a number of minutes" })
      .int({ error: "Total time must be a whole number of minutes" })
      .max(MAX_QUESTIONS * MAX_MINUTES_PER_QUESTION, {
        error: `Total time is at most ${MAX_QUESTIONS * MAX_MINUTES_PER_QUESTION} minutes`,
      })
      .optional(),
    ...QuizSettingsShape,
    // An edit: the version the editor was opened at (GET /api/quiz/{id}'s `version`); a save is
    // refused with 409 when the quiz was saved since. Without it, the last save wins (the spec's client).
    version: VersionField,
  })
  .superRefine((quiz, ctx) => {
    for (const problem of settingsProblems(quiz)) ctx.addIssue({ code: "custom", ...problem });
    // The editor's minimum is 1 minute per question; a total below it would rush every question.
    const minimum = quiz.questions.length * MIN_MINUTES_PER_QUESTION;
    if (quiz.totalTime !== undefined && quiz.totalTime < minimum) {
      ctx.addIssue({
        code: "custom",
        path: ["totalTime"],
        message: `Total time is at least ${MIN_MINUTES_PER_QUESTION} minute per question (${minimum} for this quiz)`,
      });
    }
  });
export type QuizInput = z.output<typeof QuizInputSchema>;

// nullable, not a union with null: a value of the wrong type is then the number's own type error, which the
// API words with the field and what came ("answer must be a number, not text"); a union's one message
// could not say which field or why.
const AnswerValue = z
  .number({ error: "An answer is an option index from 0 to 3, or null" })
  .int({ error: "An answer is an option index from 0 to 3" })
  .min(0, { error: "An answer is an option index from 0 to 3" })
  .max(3, { error: "An answer is an option index from 0 to 3" })
  .nullable();

/** Save one answer: `answer` null clears it. */
export const AnswerSchema = z.object({
  questionIndex: z
    .number({ error: "questionIndex must be a question's index (a number from 0)" })
    .int({ error: "questionIndex must be a whole number" })
    .min(0, { error: "No such question" }),
  answer: AnswerValue,
});

/**
 * The attempt page's one form (docs/product.md#quiz-attempt): every button of it (Save answer, Previous,
 * a question's number, Finish attempt) sends the choice on screen, saved before the taker moves `to`
 * a question's index or to the summary. Without a choice (`answer` absent) it only moves.
 */
export const MoveSchema = z.object({
  questionIndex: AnswerSchema.shape.questionIndex,
  answer: AnswerValue.unwrap().optional(),
  // The submitter's value: a button's, so text either way ("summary" or a question's index).
  to: z
    .string({ error: "to must be a question's index or summary" })
    .regex(/^(summary|\d{1,3})$/, { error: "to must be a question's index or summary" }),
});

/** The page's question navigation. */
export const GotoSchema = z.object({
  index: z.number({ error: "index must be a question's index" }).int().min(0, { error: "No such question" }),
});

/** Submit: `answers`, when given, replaces the saved ones (one entry per question, null when skipped). */
export const SubmitSchema = z.object({
  answers: z
    .array(AnswerValue, { error: "answers must be a list of option indexes (0 to 3) or null" })
    .max(MAX_QUESTIONS, { error: `answers has at most ${MAX_QUESTIONS} entries` })
    .optional(),
});

export const MAX_EXTRA_MINUTES = 600;
const EXTRA_MINUTES_MESSAGE = `Extra minutes must be a whole number from 0 to ${MAX_EXTRA_MINUTES}`;

/** Extra time for one taker (the manage page's form): their account's email and the minutes (0 removes it). */
export const ExtraTimeSchema = z.object({
  email: z
    .string({ error: "Enter the taker's email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter the taker's email address (name@example.com)" })),
  minutes: z
    .number({ error: EXTRA_MINUTES_MESSAGE })
    .int({ error: EXTRA_MINUTES_MESSAGE })
    .min(0, { error: EXTRA_MINUTES_MESSAGE })
    .max(MAX_EXTRA_MINUTES, { error: EXTRA_MINUTES_MESSAGE }),
});
export type ExtraTimeInput = z.output<typeof ExtraTimeSchema>;

export const QUIZ_MESSAGES = {
  created: "✅ Quiz created successfully!",
  updated: "✅ Quiz updated successfully!",
  answerAll: "Please answer all questions before submitting.",
  noQuizzes: "No quizzes found.",
  noResults: "No results found.",
  confirmDelete: "Move this quiz to the trash?",
  timeUp: "Time is up: this attempt has been submitted.",
  alreadySubmitted: "This attempt has already been submitted.",
  submittedMeanwhile:
    "This attempt had already been submitted (in another tab, by another device or when the time ran out), so nothing more was saved. This is its result.",
  startFirst: "Start the quiz first.",
  submitted: "Quiz submitted.",
  lateSubmit: "Time was up: only the answers saved before the deadline were scored.",
  // The result page's notice when the clock ended the attempt (the page's own submit at zero, a late move).
  timeUpSubmitted: "Time is up: your saved answers were submitted.",
  confirmSubmit: "Submit all your answers and finish? You cannot change them afterwards.",
  notFound: "Quiz not found",
  notOpenYet: "This quiz is not open yet.",
  closed: "This quiz is closed.",
  savedMeanwhile: savedMeanwhileMessage("quiz"),
} as const;

/** The refusal of a start when the taker has used every attempt the quiz allows. */
export const attemptsUsedUpMessage = (max: number) =>
  `You have used all ${max} attempt${max === 1 ? "" : "s"} of this quiz.`;
