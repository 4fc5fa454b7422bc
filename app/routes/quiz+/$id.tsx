import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback } from "react";
import { Notices } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Countdown, formatRemaining } from "~/features/quiz/components/countdown";
import {
  attemptsUsed,
  attemptView,
  availabilityLabel,
  currentAttempt,
  getQuizForTaker,
  goToQuestion,
  saveAnswer,
  startAttempt,
  submitAttempt,
  quizTime,
  timeLimitMs,
} from "~/features/quiz/quiz.server";
import { AnswerSchema, attemptsUsedUpMessage, GotoSchema } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requireSignedIn } from "~/lib/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request, context);
  const quizId = params.id ?? "";
  const now = new Date();
  let quiz;
  try {
    quiz = await getQuizForTaker(context, quizId, now);
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: 404 });
    throw error;
  }
  const { attempt, finalisedId } = await currentAttempt(context, user, quizId, now);
  if (finalisedId) throw redirect(`/quiz/result/${finalisedId}`);
  const used = await attemptsUsed(context, user.id, quizId);
  return {
    quiz: { id: quiz.id, title: quiz.title, questionCount: quiz.questionCount },
    limitMs: timeLimitMs(context, quiz, quiz.questionCount),
    // The window ('Opens …', 'Closed', 'Open until …') and the attempt limit, as the server counts them.
    availability: quiz.availability,
    windowLabel: availabilityLabel(quiz, now),
    attempts: { used, max: quiz.maxAttempts },
    closesAtLabel: quiz.closesAt ? quizTime(quiz.closesAt) : null,
    // Questions without their answers, in this attempt's order, the taker's own answers and the server's clock.
    attempt: attempt ? attemptView(attempt, now, quiz.closesAt) : null,
  };
}

/** The same schemas as the API; Conform turns the form's strings into numbers. A refusal is a 400 with its first message. */
function parsed<T>(submission: Submission<T>): T {
  if (submission.status === "success") return submission.value;
  const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
  throw new HttpError(400, first ?? "Invalid request");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireSignedIn(request, context);
  const quizId = params.id ?? "";
  const formData = await request.formData();
  try {
    switch (formData.get("intent")) {
      case "start":
        // The same function as GET /api/quiz/{id} and POST /api/quiz/{id}/start.
        await startAttempt(context, user, quizId);
        return redirect(`/quiz/${quizId}`);
      case "answer": {
        const input = parsed(parseWithZod(formData, { schema: AnswerSchema }));
        await saveAnswer(context, user, quizId, input);
        return redirect(`/quiz/${quizId}`);
      }
      case "goto": {
        const { index } = parsed(parseWithZod(formData, { schema: GotoSchema }));
        await goToQuestion(context, user, quizId, index);
        return redirect(`/quiz/${quizId}`);
      }
      case "submit": {
        const { attempt, late } = await submitAttempt(context, user, quizId);
        return redirect(`/quiz/result/${attempt.id}${late ? "?late=1" : ""}`);
      }
      default:
        return Response.json({ error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof HttpError) {
      // The time ran out (an answer or a move came too late): the result, saying only saved answers counted.
      if (typeof error.extra.resultId === "string") return redirect(`/quiz/result/${error.extra.resultId}?late=1`);
      // The attempt was submitted meanwhile (a double click, another tab, the clock): its result, saying so.
      const submitted = (error.extra.result as { _id?: unknown } | undefined)?._id;
      if (typeof submitted === "string") return redirect(`/quiz/result/${submitted}?submitted=1`);
      return Response.json({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data }) =>
  noindexPageMeta({ title: data ? data.quiz.title : "Quiz" }),
);

const LETTERS = ["A", "B", "C", "D"];

const isAnswered = (answer: unknown) => answer !== null && answer !== undefined;

/** A form of one button that posts its intent (start, submit) to this page. */
function IntentButton({
  intent,
  className,
  busy,
  children,
}: {
  intent: "start" | "submit";
  className: string;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

export default function AttemptQuiz() {
  const { quiz, attempt, limitMs, availability, windowLabel, attempts, closesAtLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  // At zero the page submits by itself; the server finalises with what was saved.
  const onExpire = useCallback(() => {
    setTimeout(() => submit({ intent: "submit" }, { method: "post", replace: true }), 1500);
  }, [submit]);

  if (!attempt) {
    const usedUp = attempts.max !== null && attempts.used >= attempts.max;
    return (
      <div className="page page--narrow">
        <h1>{quiz.title}</h1>
        <p className="lead">
          {quiz.questionCount} questions · time limit {formatRemaining(limitMs)} (mm:ss). The clock starts when you
          press Start and keeps running if you leave the page.
        </p>
        {windowLabel ? <p className="quiz-window">{windowLabel}</p> : null}
        {attempts.max !== null ? (
          <p>
            Attempts: {attempts.used} of {attempts.max} used.
          </p>
        ) : null}
        <Notices error={actionData?.error} />
        {availability !== "open" ? (
          <p className="alert alert--warning" role="status">
            {availability === "upcoming" ? "This quiz is not open yet." : "This quiz is closed."}
          </p>
        ) : usedUp ? (
          <p className="alert alert--warning" role="status">
            {attemptsUsedUpMessage(attempts.max!)}
          </p>
        ) : (
          <IntentButton intent="start" className="button button--primary" busy={busy}>
            Start quiz
          </IntentButton>
        )}
      </div>
    );
  }

  const index = attempt.currentQuestion;
  const question = attempt.questions[index]!;
  const chosen = attempt.answers[index];
  const answeredCount = attempt.answers.filter(isAnswered).length;

  return (
    <div className="page page--narrow">
      <h1>{quiz.title}</h1>
      <Countdown remainingMs={attempt.remainingMs} onExpire={onExpire} />
      {attempt.deadlineCappedAtClose ? (
        <p className="alert alert--warning" role="status">
          Your time ends when the quiz closes, at {closesAtLabel} IST: earlier than the quiz&apos;s own time limit.
        </p>
      ) : null}
      <noscript>
        <p className="field__hint">The time shown was correct when this page loaded; it is updated with each answer.</p>
      </noscript>
      <Notices error={actionData?.error} />
      <Form method="post" className="card quiz-question" key={`${attempt.attemptId}-${index}`}>
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="questionIndex" value={index} />
        <fieldset>
          <legend>
            Question {index + 1} of {attempt.questions.length}: {question.text}
          </legend>
          {question.options.map((option, optionIndex) => (
            <label key={optionIndex} className="quiz-option">
              <input type="radio" name="answer" value={optionIndex} defaultChecked={chosen === optionIndex} required />
              <span>
                {LETTERS[optionIndex]}. {option}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          Save answer
        </button>
      </Form>
      <nav aria-label="Questions" className="quiz-nav-questions">
        <Form method="post">
          <input type="hidden" name="intent" value="goto" />
          {attempt.questions.map((_, questionIndex) => {
            const answered = isAnswered(attempt.answers[questionIndex]);
            return (
              <button
                key={questionIndex}
                type="submit"
                name="index"
                value={questionIndex}
                className={`button ${questionIndex === index ? "button--primary" : "button--ghost"}`}
                aria-current={questionIndex === index ? "step" : undefined}
                aria-label={`Question ${questionIndex + 1}${answered ? ", answered" : ""}`}
              >
                {questionIndex + 1}
                {answered ? " ✓" : ""}
              </button>
            );
          })}
        </Form>
      </nav>
      <p>
        Answered {answeredCount} of {attempt.questions.length}.
      </p>
      <IntentButton intent="submit" className="button button--gold" busy={busy}>
        Submit quiz
      </IntentButton>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
