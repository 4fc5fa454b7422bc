import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { formatDuration, optionLetter } from "~/features/quiz/format";
import { getResult, reviewHiddenMessage } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requireSignedIn } from "~/lib/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request, context);
  try {
    const search = new URL(request.url).searchParams;
    // Sent here when the clock ended the attempt (the page's own submit at zero, a move after the deadline).
    const timeUp = search.get("timeup") === "1";
    // Sent here by a submit or an answer that came after this attempt had been submitted.
    const alreadySubmitted = search.get("submitted") === "1";
    const result = await getResult(context, user, params.resultId ?? "");
    // The review policy's words when the correct answers are held back.
    return { result, timeUp, alreadySubmitted, reviewNotice: reviewHiddenMessage(result.review) };
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status === 409 ? 409 : 404 });
    throw error;
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Quiz Result" }));

export default function Result() {
  const { result, timeUp, alreadySubmitted, reviewNotice } = useLoaderData<typeof loader>();
  const percent = Math.round((result.score / Math.max(1, result.total)) * 100);
  return (
    <div className="page page--narrow">
      <h1>Result: {result.quiz.title}</h1>
      {alreadySubmitted ? (
        <p className="alert alert--warning" role="status">
          {QUIZ_MESSAGES.submittedMeanwhile}
        </p>
      ) : null}
      {timeUp ? (
        <p className="alert alert--warning" role="status">
          {QUIZ_MESSAGES.timeUpSubmitted}
        </p>
      ) : null}
      <p className="lead">
        Score:{" "}
        <strong>
          {result.score} / {result.total}
        </strong>{" "}
        ({percent}%) · Time taken: {formatDuration(result.timeTakenMs)}
      </p>
      {reviewNotice ? (
        <p className="alert alert--warning" role="status">
          {reviewNotice}
        </p>
      ) : null}
      <ol className="quiz-review">
        {result.quiz.questions.map((question, index) => {
          const chosen = result.answers[index];
          const key = question.correctAnswer;
          const correct = key !== undefined && chosen === key;
          const reviewed = key === undefined ? "" : correct ? "quiz-review--correct" : "quiz-review--incorrect";
          return (
            <li key={index} className={`card ${reviewed}`}>
              <p>
                <strong>{question.text}</strong>
              </p>
              <p>
                Your answer:{" "}
                {chosen === null || chosen === undefined
                  ? "skipped"
                  : `${optionLetter(chosen)}. ${question.options[chosen]}`}
              </p>
              {key !== undefined ? (
                <>
                  <p>
                    Correct answer: {optionLetter(key)}. {question.options[key]}
                  </p>
                  <p className={correct ? "chip" : "error-text"}>{correct ? "Correct" : "Incorrect"}</p>
                  {question.explanation ? (
                    <p className="quiz-explanation">Explanation: {question.explanation}</p>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p>
        <Link to="/quiz/results">All my results</Link> · <Link to="/quiz/quizzes">Another quiz</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
