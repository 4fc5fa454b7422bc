/**
 * The /myra demo quiz as a reducer: instructions → questions one by one (a
 * 30 s timer each; running out records a skip) → 'Quiz Completed' → results.
 * Progress lives in localStorage until the quiz is submitted.
 */
import { DEMO_QUESTIONS, SECONDS_PER_QUESTION } from "./questions";

export const DEMO_STORAGE_KEY = "myraQuizState";

export type Stage = "intro" | "question" | "completed" | "results";
export type DemoState = {
  stage: Stage;
  questionIndex: number;
  /** One entry per answered or skipped question: the option index, or null when skipped. */
  answers: (number | null)[];
  timeLeft: number;
};

export type DemoAction =
  | { type: "start" }
  | { type: "answer"; option: number }
  | { type: "tick" }
  | { type: "submit" }
  | { type: "restart" }
  | { type: "restore"; state: DemoState };

export const initialDemoState: DemoState = {
  stage: "intro",
  questionIndex: 0,
  answers: [],
  timeLeft: SECONDS_PER_QUESTION,
};

const total = DEMO_QUESTIONS.length;

function record(state: DemoState, answer: number | null): DemoState {
  const answers = [...state.answers];
  answers[state.questionIndex] = answer;
  if (state.questionIndex + 1 >= total) return { ...state, answers, stage: "completed", timeLeft: 0 };
  return { ...state, answers, questionIndex: state.questionIndex + 1, timeLeft: SECONDS_PER_QUESTION };
}

export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case "start":
      return { stage: "question", questionIndex: 0, answers: [], timeLeft: SECONDS_PER_QUESTION };
    case "answer":
      return state.stage === "question" ? record(state, action.option) : state;
    case "tick":
      if (state.stage !== "question") return state;
      return state.timeLeft <= 1 ? record(state, null) : { ...state, timeLeft: state.timeLeft - 1 };
    case "submit":
      return state.stage === "completed" ? { ...state, stage: "results" } : state;
    case "restart":
      return initialDemoState;
    case "restore":
      return action.state;
  }
}

/** A saved state, if it is one this version of the quiz can resume. */
export function parseSavedState(raw: string | null): DemoState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DemoState>;
    if (value.stage !== "question" && value.stage !== "completed") return null;
    if (!Number.isInteger(value.questionIndex) || value.questionIndex! < 0 || value.questionIndex! >= total)
      return null;
    if (!Array.isArray(value.answers) || value.answers.length > total) return null;
    if (!value.answers.every((answer) => answer === null || (Number.isInteger(answer) && answer >= 0 && answer <= 3)))
      return null;
    if (!Number.isInteger(value.timeLeft) || value.timeLeft! < 0 || value.timeLeft! > SECONDS_PER_QUESTION) return null;
    return {
      stage: value.stage,
      questionIndex: value.questionIndex!,
      answers: value.answers,
      timeLeft: value.timeLeft!,
    };
  } catch {
    return null;
  }
}

export function score(answers: (number | null)[]) {
  const correct = DEMO_QUESTIONS.filter((question, index) => answers[index] === question.correct).length;
  return { correct, total, percentage: Math.round((correct / total) * 100) };
}
