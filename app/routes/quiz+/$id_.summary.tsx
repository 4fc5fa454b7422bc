import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { Notices } from "~/components/forms";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { attemptRefusal, resultLocation } from "~/features/quiz/attempt-page.server";
import { Countdown, useSubmitAtExpiry } from "~/features/quiz/components/countdown";
import { attemptView, currentAttempt, getQuizForTaker, submitAttempt } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requireSignedIn } from "~/lib/permissions.server";

// /quiz/{id}/summary: the attempt's summary before it is submitted (docs/product.md#quiz-attempt).
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
  if (finalisedId) throw redirect(resultLocation(finalisedId, true));
  if (!attempt) throw redirect(`/quiz/${quizId}`);
  const view = attemptView(attempt, now, quiz.closesAt);
  return {
    quiz: { id: quiz.id, title: quiz.title },
    remainingMs: view.remainingMs,
    answered: view.answers.map((answer) => answer !== null && answer !== undefined),
    savedNumber: Number(new URL(request.url).searchParams.get("saved")) || null,
  };
}

/** Submit all and finish: the second post of the summary (without JavaScript the summary is the confirmation). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireSignedIn(request, context);
  const quizId = params.id ?? "";
  const intent = (await request.formData()).get("intent");
  if (intent !== "submit") return Response.json({ error: "Unknown action" }, { status: 400 });
  try {
    const { attempt, timeUp } = await submitAttempt(context, user, quizId);
    return redirect(resultLocation(attempt.id, timeUp));
  } catch (error) {
    return attemptRefusal(error);
  }
}

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data }) =>
  noindexPageMeta({ title: data ? `Summary of attempt: ${data.quiz.title}` : "Summary of attempt" }),
);

export default function AttemptSummary() {
  const { quiz, remainingMs, answered, savedNumber } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string }>();
  const busy = useNavigation().state !== "idle";
  const onExpire = useSubmitAtExpiry();
  const unanswered = answered.filter((done) => !done).length;
  return (
    <div className="page page--narrow">
      <h1>Summary of attempt: {quiz.title}</h1>
      <Countdown remainingMs={remainingMs} onExpire={onExpire} />
      <p className="quiz-save-status" role="status">
        {savedNumber ? `Saved: your answer to question ${savedNumber}.` : ""}
      </p>
      <Notices error={actionData?.error} />
      <DataTable caption="Your answers" headers={["Question", "Status"]}>
        {answered.map((done, index) => (
          <tr key={index}>
            <th scope="row">
              <Link to={`/quiz/${quiz.id}?question=${index + 1}`}>Question {index + 1}</Link>
            </th>
            <td>{done ? "Answer saved" : "Not yet answered"}</td>
          </tr>
        ))}
      </DataTable>
      <p>
        Answered {answered.length - unanswered} of {answered.length}.
        {unanswered > 0 ? " Every question needs an answer before you submit." : ""}
      </p>
      <p>
        <Link to={`/quiz/${quiz.id}`}>Return to attempt</Link>
      </p>
      <p>Once you submit, you can no longer change your answers for this attempt.</p>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(QUIZ_MESSAGES.confirmSubmit)) event.preventDefault();
        }}
      >
        <button type="submit" name="intent" value="submit" className="button button--gold" disabled={busy}>
          Submit all and finish
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
