import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Notices } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { AttemptQuestion } from "~/features/quiz/components/attempt-question";
import { Countdown, formatRemaining, useSubmitAtExpiry } from "~/features/quiz/components/countdown";
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
import { attemptRefusal, resultLocation } from "~/features/quiz/attempt-page.server";
import { AnswerSchema, attemptsUsedUpMessage, GotoSchema, MoveSchema } from "~/features/quiz/schema";
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
  // The clock ran out while the taker was away: the result, saying the saved answers were submitted.
  if (finalisedId) throw redirect(resultLocation(finalisedId, true));
  const used = await attemptsUsed(context, user.id, quizId);
  const search = new URL(request.url).searchParams;
  return {
    // The summary's links ask for a question (1-based); otherwise the taker's place, as the server keeps it.
    index: attempt ? questionAsked(search.get("question"), attempt.questions.length, attempt.currentQuestion) : 0,
    // Without JavaScript, the move that brought the taker here saved this question's answer (1-based).
    savedNumber: Number(search.get("saved")) || null,
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

/** A question's number from the URL (1-based) as an index, when it is one of the attempt's; else `fallback`. */
function questionAsked(value: string | null, count: number, fallback: number) {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= count ? number - 1 : fallback;
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
      case "save": {
        // With JavaScript, a choice is saved the moment it is made; the taker stays on the question.
        const input = parsed(parseWithZod(formData, { schema: AnswerSchema }));
        await saveAnswer(context, user, quizId, { ...input, moveTo: input.questionIndex });
        return { saved: input.questionIndex };
      }
      case "move": {
        // Every button of the question's form: the choice on screen is saved, then the taker moves.
        const { questionIndex, answer, to } = parsed(parseWithZod(formData, { schema: MoveSchema }));
        const target = to === "summary" ? questionIndex : Number(to);
        if (answer === undefined) await goToQuestion(context, user, quizId, target);
        else await saveAnswer(context, user, quizId, { questionIndex, answer, moveTo: target });
        const saved = answer === undefined ? "" : `?saved=${questionIndex + 1}`;
        return redirect(to === "summary" ? `/quiz/${quizId}/summary${saved}` : `/quiz/${quizId}${saved}`);
      }
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
        // The page's own submit when the clock reaches zero (a taker submits from the summary).
        const { attempt, timeUp } = await submitAttempt(context, user, quizId);
        return redirect(resultLocation(attempt.id, timeUp));
      }
      default:
        return Response.json({ error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    return attemptRefusal(error);
  }
}

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data }) =>
  noindexPageMeta({ title: data ? data.quiz.title : "Quiz" }),
);

/** A form of one button that posts its intent (start) to this page. */
function IntentButton({
  intent,
  className,
  busy,
  children,
}: {
  intent: "start";
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
  const { quiz, attempt, index, savedNumber, limitMs, availability, windowLabel, attempts, closesAtLabel } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const onExpire = useSubmitAtExpiry();

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
        <p className="field__hint">
          The time shown was correct when this page loaded; it is updated with each move. Your choice is saved when you
          press any button below.
        </p>
      </noscript>
      <Notices error={actionData?.error} />
      <AttemptQuestion
        attemptId={attempt.attemptId}
        index={index}
        questions={attempt.questions}
        answers={attempt.answers}
        savedNumber={savedNumber}
        busy={busy}
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
