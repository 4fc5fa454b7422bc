/**
 * The quiz portal's payloads, shared by the pages (Conform) and the API.
 */
import { z } from "zod";

export const MAX_QUESTIONS = 200;

export const QuestionSchema = z.object({
  text: z
    .string({ error: "Each question needs its text" })
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
  correctAnswer: z.coerce
    .number({ error: "Choose the correct option" })
    .int({ error: "Choose the correct option" })
    .min(0, { error: "The correct option must be one of the four" })
    .max(3, { error: "The correct option must be one of the four" }),
  // Minutes; the spec's default is 1 when missing.
  timePerQuestion: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? 1 : value),
    z.coerce
      .number({ error: "Time per question must be a number of minutes" })
      .int({ error: "Time per question must be a whole number of minutes" })
      .min(1, { error: "Time per question is at least 1 minute" })
      .max(180, { error: "Time per question is at most 180 minutes" }),
  ),
});

export const QuizInputSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, { error: "Title is required" })
    .max(200, { error: "Title is at most 200 characters" }),
  questions: z
    .array(QuestionSchema, { error: "Add at least one question" })
    .min(1, { error: "Add at least one question" })
    .max(MAX_QUESTIONS, { error: `A quiz has at most ${MAX_QUESTIONS} questions` }),
  // Accepted for API compatibility (spec section 7); the server always uses the sum of the questions' minutes.
  totalTime: z.unknown().optional(),
});
export type QuizInput = z.output<typeof QuizInputSchema>;

const AnswerValue = z.union(
  [
    z.null(),
    z
      .number()
      .int()
      .min(0, { error: "An answer is an option index from 0 to 3" })
      .max(3, { error: "An answer is an option index from 0 to 3" }),
  ],
  {
    error: "An answer is an option index from 0 to 3, or null",
  },
);

export const AnswerSchema = z.object({
  questionIndex: z.coerce.number({ error: "questionIndex is required" }).int().min(0, { error: "No such question" }),
  answer: z.preprocess(
    (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
    AnswerValue,
  ),
});

export const SubmitSchema = z.object({
  answers: z.array(AnswerValue, { error: "answers must be a list" }).max(MAX_QUESTIONS).optional(),
});

export const QUIZ_MESSAGES = {
  created: "✅ Quiz created successfully!",
  updated: "✅ Quiz updated successfully!",
  answerAll: "Please answer all questions before submitting.",
  noQuizzes: "No quizzes found.",
  noResults: "No results found.",
  confirmDelete: "Are you sure you want to delete this quiz?",
  timeUp: "Time is up: this attempt has been submitted.",
  alreadySubmitted: "This attempt has already been submitted.",
  notFound: "Quiz not found",
} as const;
