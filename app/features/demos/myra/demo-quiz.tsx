import { useEffect, useReducer, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { DEMO_QUESTIONS, SECONDS_PER_QUESTION } from "./questions";
import { DEMO_STORAGE_KEY, demoReducer, initialDemoState, parseSavedState, score } from "./quiz-state";

function readSaved() {
  try {
    return parseSavedState(window.localStorage.getItem(DEMO_STORAGE_KEY));
  } catch {
    return null;
  }
}

function save(value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(DEMO_STORAGE_KEY);
    else window.localStorage.setItem(DEMO_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage may be unavailable (private mode): the quiz still works, it just cannot resume.
  }
}

export function DemoQuiz() {
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  const restored = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Resume saved progress once, after hydration.
  useEffect(() => {
    const saved = readSaved();
    if (saved) dispatch({ type: "restore", state: saved });
    restored.current = true;
  }, []);

  // Save progress while the quiz is under way; forget it on submit and restart.
  useEffect(() => {
    if (!restored.current) return;
    if (state.stage === "question" || state.stage === "completed") save(state);
    else save(null);
  }, [state]);

  // One tick a second; a new interval per question, so each question gets its full 30 s.
  useEffect(() => {
    if (state.stage !== "question") return;
    const timer = window.setInterval(() => dispatch({ type: "tick" }), 1000);
    return () => window.clearInterval(timer);
  }, [state.stage, state.questionIndex]);

  // Move focus to the new screen's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (restored.current && state.stage !== "intro") headingRef.current?.focus();
  }, [state.stage, state.questionIndex]);

  if (state.stage === "intro") {
    return (
      <section className="quiz-demo" aria-labelledby="demo-intro-title">
        <h2 id="demo-intro-title">Instructions</h2>
        <ul>
          <li>There are {DEMO_QUESTIONS.length} questions, each with 4 options.</li>
          <li>You have {SECONDS_PER_QUESTION} seconds for each question. The timer starts again for every question.</li>
          <li>When the time runs out, the question is skipped and the next one appears.</li>
          <li>Your progress is saved in this browser, so you can reload the page and carry on.</li>
          <li>After the last question, press Submit to see your score.</li>
        </ul>
        {hydrated ? (
          <button type="button" className="button button--primary" onClick={() => dispatch({ type: "start" })}>
            Start Quiz
          </button>
        ) : (
          <p className="notice" role="note">
            This demo quiz runs entirely in your browser. Please turn on JavaScript to take it.
          </p>
        )}
      </section>
    );
  }

  if (state.stage === "question") {
    const question = DEMO_QUESTIONS[state.questionIndex]!;
    return (
      <section className="quiz-demo" aria-labelledby="demo-question-title">
        <div className="quiz-demo__top">
          <span>
            Question {state.questionIndex + 1} of {DEMO_QUESTIONS.length}
          </span>
          <span
            role="timer"
            className={state.timeLeft <= 5 ? "quiz-demo__timer quiz-demo__timer--low" : "quiz-demo__timer"}
          >
            Time left: {state.timeLeft} s
          </span>
        </div>
        <h2 id="demo-question-title" ref={headingRef} tabIndex={-1}>
          {question.text}
        </h2>
        <ul className="quiz-demo__options">
          {question.options.map((option, index) => (
            <li key={option}>
              <button type="button" className="button" onClick={() => dispatch({ type: "answer", option: index })}>
                {String.fromCharCode(65 + index)}. {option}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  if (state.stage === "completed") {
    return (
      <section className="quiz-demo" aria-labelledby="demo-done-title">
        <h2 id="demo-done-title" ref={headingRef} tabIndex={-1}>
          Quiz Completed
        </h2>
        <p>
          You answered {state.answers.filter((answer) => answer !== null).length} of {DEMO_QUESTIONS.length} questions.
          Submit to see your score.
        </p>
        <button type="button" className="button button--primary" onClick={() => dispatch({ type: "submit" })}>
          Submit
        </button>
      </section>
    );
  }

  const result = score(state.answers);
  return (
    <section className="quiz-demo" aria-labelledby="demo-results-title">
      <h2 id="demo-results-title" ref={headingRef} tabIndex={-1}>
        Results
      </h2>
      <p className="lead">
        Score: {result.correct} / {result.total} ({result.percentage}%)
      </p>
      <ol>
        {DEMO_QUESTIONS.map((question, index) => {
          const answer = state.answers[index] ?? null;
          const correct = answer === question.correct;
          return (
            <li key={question.text}>
              <p>{question.text}</p>
              <p>
                <span className={correct ? "result--correct" : "result--incorrect"}>
                  {correct ? "Correct" : "Incorrect"}
                </span>
                {answer === null ? " (skipped)" : ` (your answer: ${question.options[answer]})`}
                {correct ? null : `. Correct answer: ${question.options[question.correct]}`}
              </p>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--ghost" onClick={() => dispatch({ type: "restart" })}>
        Restart
      </button>
    </section>
  );
}
