import { describe, expect, it } from "vitest";
import { DEMO_QUESTIONS, SECONDS_PER_QUESTION } from "./questions";
import { demoReducer, initialDemoState, parseSavedState, score, type DemoState } from "./quiz-state";

const started = () => demoReducer(initialDemoState, { type: "start" });

describe("the /myra demo quiz", () => {
  it("has 10 questions of 4 options with a valid correct option each", () => {
    expect(DEMO_QUESTIONS).toHaveLength(10);
    for (const question of DEMO_QUESTIONS) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options).size).toBe(4);
      expect(question.correct).toBeGreaterThanOrEqual(0);
      expect(question.correct).toBeLessThanOrEqual(3);
    }
  });

  it("records an answer, moves on and resets the 30 s timer", () => {
    let state = started();
    for (let i = 0; i < 12; i++) state = demoReducer(state, { type: "tick" });
    expect(state.timeLeft).toBe(SECONDS_PER_QUESTION - 12);
    state = demoReducer(state, { type: "answer", option: 2 });
    expect(state).toMatchObject({ stage: "question", questionIndex: 1, answers: [2], timeLeft: SECONDS_PER_QUESTION });
  });

  it("records a skip when the timer runs out, and completes after the tenth question", () => {
    let state = started();
    for (let i = 0; i < SECONDS_PER_QUESTION; i++) state = demoReducer(state, { type: "tick" });
    expect(state).toMatchObject({ questionIndex: 1, answers: [null], timeLeft: SECONDS_PER_QUESTION });
    for (let i = 1; i < 10; i++) state = demoReducer(state, { type: "answer", option: DEMO_QUESTIONS[i]!.correct });
    expect(state.stage).toBe("completed");
    // Nothing moves once completed, until Submit.
    expect(demoReducer(state, { type: "tick" })).toBe(state);
    expect(demoReducer(state, { type: "answer", option: 0 })).toBe(state);
    state = demoReducer(state, { type: "submit" });
    expect(state.stage).toBe("results");
    expect(score(state.answers)).toEqual({ correct: 9, total: 10, percentage: 90 });
    expect(demoReducer(state, { type: "restart" })).toEqual(initialDemoState);
  });

  it("resumes only a well-formed saved state of a quiz under way", () => {
    const saved: DemoState = { stage: "question", questionIndex: 4, answers: [0, 1, null, 2], timeLeft: 27 };
    expect(parseSavedState(JSON.stringify(saved))).toEqual(saved);
    expect(parseSavedState(JSON.stringify({ ...saved, stage: "completed" }))?.stage).toBe("completed");
    for (const bad of [
      null,
      "not json",
      JSON.stringify({ ...saved, stage: "results" }),
      JSON.stringify({ ...saved, questionIndex: 10 }),
      JSON.stringify({ ...saved, timeLeft: 31 }),
      JSON.stringify({ ...saved, answers: [7] }),
      JSON.stringify({ ...saved, answers: "0,1" }),
    ]) {
      expect(parseSavedState(bad), String(bad)).toBeNull();
    }
  });
});
