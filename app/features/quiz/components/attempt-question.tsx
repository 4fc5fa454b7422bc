import { Form, useFetcher } from "@remix-run/react";
import { optionLetter } from "../format";

type Question = { id: string; text: string; options: string[] };

const isAnswered = (answer: unknown) => answer !== null && answer !== undefined;

/**
 * One question of an open attempt, in one form (docs/product.md#quiz-attempt). Every button of it
 * (Save answer, Previous, a question's number, Finish attempt) posts the choice on screen with the
 * move, so without JavaScript nothing chosen is lost by moving on; with JavaScript a choice is also
 * saved the moment it is made. The status line has its own reserved line, so nothing moves when it
 * changes.
 */
export function AttemptQuestion({
  attemptId,
  index,
  questions,
  answers,
  savedNumber,
  busy,
}: {
  attemptId: string;
  index: number;
  questions: Question[];
  answers: (number | null)[];
  /** The question (1-based) whose answer the move that led here saved (the page without JavaScript). */
  savedNumber: number | null;
  busy: boolean;
}) {
  const saver = useFetcher<{ saved?: number; error?: string }>();
  const question = questions[index]!;
  const chosen = answers[index];
  const last = questions.length - 1;
  const answeredCount = answers.filter(isAnswered).length;
  const savingHere = saver.state !== "idle" && saver.formData?.get("questionIndex") === String(index);

  let status = "";
  if (savingHere) status = "Saving…";
  else if (saver.data?.error) status = `Not saved: ${saver.data.error}`;
  else if (saver.data?.saved === index) status = "Saved";
  else if (savedNumber) status = `Saved: your answer to question ${savedNumber}.`;

  return (
    <Form method="post" className="card quiz-question" key={`${attemptId}-${index}`}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="questionIndex" value={index} />
      <fieldset>
        <legend>
          Question {index + 1} of {questions.length}: {question.text}
        </legend>
        {question.options.map((option, optionIndex) => (
          <label key={optionIndex} className="quiz-option">
            <input
              type="radio"
              name="answer"
              value={optionIndex}
              defaultChecked={chosen === optionIndex}
              onChange={() =>
                saver.submit(
                  { intent: "save", questionIndex: String(index), answer: String(optionIndex) },
                  { method: "post" },
                )
              }
            />
            <span>
              {optionLetter(optionIndex)}. {option}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="quiz-save-status" role="status" aria-live="polite">
        {status}
      </p>
      <div className="quiz-question__actions">
        {/* First in the form, so Enter saves and goes on. */}
        <button
          type="submit"
          name="to"
          value={Math.min(index + 1, last)}
          className="button button--primary"
          disabled={busy}
        >
          Save answer
        </button>
        {index > 0 ? (
          <button type="submit" name="to" value={index - 1} className="button button--ghost" disabled={busy}>
            Previous question
          </button>
        ) : null}
      </div>
      <nav aria-label="Questions" className="quiz-nav-questions">
        {questions.map((_, questionIndex) => {
          const answered = isAnswered(answers[questionIndex]);
          return (
            <button
              key={questionIndex}
              type="submit"
              name="to"
              value={questionIndex}
              className={`button ${questionIndex === index ? "button--primary" : "button--ghost"}`}
              aria-current={questionIndex === index ? "step" : undefined}
              aria-label={`Question ${questionIndex + 1}${answered ? ", answered" : ""}`}
              disabled={busy}
            >
              {questionIndex + 1}
              {answered ? " ✓" : ""}
            </button>
          );
        })}
      </nav>
      <p>
        Answered {answeredCount} of {questions.length}.
      </p>
      <button type="submit" name="to" value="summary" className="button button--gold" disabled={busy}>
        Finish attempt…
      </button>
    </Form>
  );
}
