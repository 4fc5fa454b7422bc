import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { TextField } from "~/components/conform-fields";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  FormToken,
  SubmitOnceForm,
  VALIDATE_ON_SUBMIT,
} from "~/components/forms";
import { QuizInputSchema } from "../schema";
import { indiaClock } from "~/lib/media";

export type QuizDraft = {
  title: string;
  /** An edit: the version the quiz was loaded at (a save is refused once someone else has saved it). */
  version?: number;
  totalTime?: number;
  questions: {
    /** The stored question's id, sent back so an edit updates it in place (decision 032). */
    id?: string;
    text: string;
    options: string[];
    correctAnswer: number;
    timePerQuestion: number;
    explanation?: string | null;
  }[];
  // The quiz's settings; dates as the loader serialises them (ISO strings).
  opensAt?: string | Date | null;
  closesAt?: string | Date | null;
  allowPastClose?: boolean;
  maxAttempts?: number | null;
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  reviewPolicy?: string;
};

const EMPTY_QUESTION = {
  text: "",
  options: ["", "", "", ""],
  correctAnswer: "0",
  timePerQuestion: "1",
  explanation: "",
};

/**
 * A stored moment as the datetime-local field shows it: India time (UTC+05:30, no daylight saving), to
 * the minute, or to the second (and millisecond) when it has them (a time set through the API), so a
 * form saved unchanged sends back the same moment.
 */
function toIndiaLocal(value: string | Date | null | undefined) {
  return indiaClock(value)
    .replace(/\.000$/, "")
    .replace(/:00$/, "");
}

const REVIEW_CHOICES = [
  ["immediately", "Immediately after each attempt"],
  ["after-close", "After the quiz closes"],
  ["never", "Never (the score only)"],
] as const;
const LETTERS = ["A", "B", "C", "D"];

/**
 * The quiz editor. Adding, removing and moving questions are Conform intents:
 * with JavaScript they happen in place; without it each is a form submit the
 * server answers by re-rendering the form (parseWithZod applies the intent).
 */
export function QuizEditor({
  defaultValue,
  lastResult,
  submitLabel,
  formToken,
}: {
  defaultValue?: QuizDraft;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  /** A create form's one-time token (app/lib/form-token.server.ts). */
  formToken?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "quiz-editor",
    lastResult,
    defaultValue: defaultValue
      ? {
          title: defaultValue.title,
          version: defaultValue.version === undefined ? "" : String(defaultValue.version),
          // Shown only when it is not simply the sum of the questions' minutes (then the field stays empty).
          totalTime:
            defaultValue.totalTime !== undefined &&
            defaultValue.totalTime !== defaultValue.questions.reduce((sum, q) => sum + q.timePerQuestion, 0)
              ? String(defaultValue.totalTime)
              : "",
          questions: defaultValue.questions.map((question) => ({
            ...(question.id ? { id: question.id } : {}),
            text: question.text,
            options: question.options,
            correctAnswer: String(question.correctAnswer),
            timePerQuestion: String(question.timePerQuestion),
            explanation: question.explanation ?? "",
          })),
          opensAt: toIndiaLocal(defaultValue.opensAt),
          closesAt: toIndiaLocal(defaultValue.closesAt),
          allowPastClose: defaultValue.allowPastClose ? "on" : "",
          maxAttempts: defaultValue.maxAttempts ? String(defaultValue.maxAttempts) : "",
          shuffleQuestions: defaultValue.shuffleQuestions ? "on" : "",
          shuffleOptions: defaultValue.shuffleOptions ? "on" : "",
          reviewPolicy: defaultValue.reviewPolicy ?? "immediately",
        }
      : { title: "", totalTime: "", questions: [EMPTY_QUESTION], reviewPolicy: "immediately" },
    constraint: getZodConstraint(QuizInputSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuizInputSchema }),
  });
  const questions = fields.questions.getFieldList();
  const busy = navigation.state === "submitting";

  return (
    <SubmitOnceForm method="post" className="form quiz-editor" {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      <FormToken value={formToken} />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <TextField field={fields.title} label="Quiz title" />
      <Field
        label="Total time (minutes, optional)"
        hint="Leave empty to use the sum of the questions' minutes. At least 1 minute per question."
        inputProps={{ ...getInputProps(fields.totalTime, { type: "number" }), min: 1, step: 1 }}
        errors={fields.totalTime.errors}
      />
      <fieldset className="card quiz-editor__settings">
        <legend>Availability, attempts and review</legend>
        <p className="field__hint">All optional. Times are India time (IST).</p>
        <div className="quiz-editor__row">
          <Field
            label="Opens at (optional)"
            hint="Before this, the quiz is listed as 'Opens …' and cannot be started."
            inputProps={getInputProps(fields.opensAt, { type: "datetime-local" })}
            errors={fields.opensAt.errors}
          />
          <Field
            label="Closes at (optional)"
            hint="From this moment no attempt starts, and open attempts end (unless allowed below)."
            inputProps={getInputProps(fields.closesAt, { type: "datetime-local" })}
            errors={fields.closesAt.errors}
          />
        </div>
        <div className="field field--checkbox">
          <input {...getInputProps(fields.allowPastClose, { type: "checkbox" })} />
          <label htmlFor={fields.allowPastClose.id}>
            Let an attempt started before the close run its full time, past the close
          </label>
        </div>
        <ErrorList id={fields.allowPastClose.errorId} errors={fields.allowPastClose.errors} />
        <Field
          label="Attempts allowed (optional)"
          hint="1 to 10; leave empty for unlimited retakes."
          inputProps={{ ...getInputProps(fields.maxAttempts, { type: "number" }), min: 1, max: 10, step: 1 }}
          errors={fields.maxAttempts.errors}
        />
        <div className="field field--checkbox">
          <input {...getInputProps(fields.shuffleQuestions, { type: "checkbox" })} />
          <label htmlFor={fields.shuffleQuestions.id}>Shuffle the questions for each attempt</label>
        </div>
        <div className="field field--checkbox">
          <input {...getInputProps(fields.shuffleOptions, { type: "checkbox" })} />
          <label htmlFor={fields.shuffleOptions.id}>Shuffle the options for each attempt</label>
        </div>
        <p className="field__hint">
          Each attempt keeps its own order across reloads and devices; attempts already open keep theirs.
        </p>
        <div className="field">
          <label htmlFor={fields.reviewPolicy.id}>Takers see the correct answers and explanations</label>
          <select {...getSelectProps(fields.reviewPolicy)}>
            {REVIEW_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.reviewPolicy.errorId} errors={fields.reviewPolicy.errors} />
        </div>
      </fieldset>
      <ErrorList id={fields.questions.errorId} errors={fields.questions.errors} />
      <ol className="quiz-editor__questions">
        {questions.map((question, index) => {
          const parts = question.getFieldset();
          const options = parts.options.getFieldList();
          return (
            <li key={question.key} className="card">
              <fieldset>
                <legend>Question {index + 1}</legend>
                {/* The stored question's id (none for a new one): moves with the question on reorder. */}
                <input {...getInputProps(parts.id, { type: "hidden" })} />
                <div className="field">
                  <label htmlFor={parts.text.id}>Question text</label>
                  <textarea {...getInputProps(parts.text, { type: "text" })} rows={2} />
                  <ErrorList id={parts.text.errorId} errors={parts.text.errors} />
                </div>
                <div className="quiz-editor__options">
                  {options.map((option, optionIndex) => (
                    <div className="field" key={option.key}>
                      <label htmlFor={option.id}>Option {LETTERS[optionIndex]}</label>
                      <input {...getInputProps(option, { type: "text" })} />
                      <ErrorList id={option.errorId} errors={option.errors} />
                    </div>
                  ))}
                </div>
                <ErrorList id={parts.options.errorId} errors={parts.options.errors} />
                <div className="quiz-editor__row">
                  <div className="field">
                    <label htmlFor={parts.correctAnswer.id}>Correct option</label>
                    <select {...getSelectProps(parts.correctAnswer)}>
                      {LETTERS.map((letter, optionIndex) => (
                        <option key={letter} value={String(optionIndex)}>
                          {letter}
                        </option>
                      ))}
                    </select>
                    <ErrorList id={parts.correctAnswer.errorId} errors={parts.correctAnswer.errors} />
                  </div>
                  <div className="field">
                    <label htmlFor={parts.timePerQuestion.id}>Time (minutes)</label>
                    <input {...getInputProps(parts.timePerQuestion, { type: "number" })} min={1} step={1} />
                    <ErrorList id={parts.timePerQuestion.errorId} errors={parts.timePerQuestion.errors} />
                  </div>
                </div>
                <div className="field">
                  <label htmlFor={parts.explanation.id}>Explanation (optional, shown on review)</label>
                  <textarea {...getInputProps(parts.explanation, { type: "text" })} rows={2} />
                  <ErrorList id={parts.explanation.errorId} errors={parts.explanation.errors} />
                </div>
                <div className="quiz-editor__actions">
                  <button
                    className="button button--ghost"
                    {...form.reorder.getButtonProps({ name: fields.questions.name, from: index, to: index - 1 })}
                    disabled={index === 0}
                    aria-label={`Move question ${index + 1} up`}
                  >
                    ↑ Up
                  </button>
                  <button
                    className="button button--ghost"
                    {...form.reorder.getButtonProps({ name: fields.questions.name, from: index, to: index + 1 })}
                    disabled={index === questions.length - 1}
                    aria-label={`Move question ${index + 1} down`}
                  >
                    ↓ Down
                  </button>
                  <button
                    className="button button--ghost"
                    {...form.remove.getButtonProps({ name: fields.questions.name, index })}
                    disabled={questions.length === 1}
                    aria-label={`Remove question ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p>
        <button
          className="button button--ghost"
          {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: EMPTY_QUESTION as never })}
        >
          + Add question
        </button>
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </SubmitOnceForm>
  );
}
