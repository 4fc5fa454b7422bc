import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { grantExtraTimeByEmail, listResultsForQuiz } from "~/features/quiz/quiz.server";
import { HttpError } from "~/lib/http.server";
import { shortDate } from "~/lib/media";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  try {
    return await listResultsForQuiz(context, user, params.id ?? "");
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  const form = await request.formData();
  try {
    await grantExtraTimeByEmail(
      context,
      user,
      params.id ?? "",
      String(form.get("email") ?? ""),
      Number(form.get("minutes")),
    );
    return { ok: true, message: `Extra time saved for ${String(form.get("email"))}.` };
  } catch (error) {
    if (error instanceof HttpError)
      return Response.json({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Quiz Results" }),
  { name: "robots", content: "noindex" },
];

export default function QuizResults() {
  const { quiz, results } = useLoaderData<typeof loader>();
  const outcome = useActionData<{ ok: boolean; message: string }>();
  return (
    <div className="page">
      <h1>Results: {quiz.title}</h1>
      <p>
        <a href={`/quiz/manage/${quiz.id}/results.csv`} download>
          Download CSV
        </a>{" "}
        · <Link to="/quiz/manage">Back to manage</Link>
      </p>
      {results.length === 0 ? (
        <p>No results found.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Taker</th>
              <th scope="col">Email</th>
              <th scope="col">Score</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.id}>
                <th scope="row">{result.user.fullName}</th>
                <td>{result.user.email}</td>
                <td>
                  {result.score} / {result.total}
                </td>
                <td>{result.finishedAt ? shortDate(result.finishedAt) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Extra time for a taker</h2>
      <p>
        An accommodation for one person (for example under WCAG 2.2.1): it is added to their open attempt and to their
        next one.
      </p>
      {outcome ? (
        <p
          className={outcome.ok ? "alert alert--success" : "alert alert--error"}
          role={outcome.ok ? "status" : "alert"}
        >
          {outcome.message}
        </p>
      ) : null}
      <Form method="post" className="form" style={{ maxWidth: 420 }}>
        <div className="field">
          <label htmlFor="grant-email">Taker's email</label>
          <input id="grant-email" name="email" type="email" required />
        </div>
        <div className="field">
          <label htmlFor="grant-minutes">Extra minutes</label>
          <input
            id="grant-minutes"
            name="minutes"
            type="number"
            min={0}
            max={600}
            step={1}
            defaultValue={10}
            required
          />
        </div>
        <button type="submit" className="button button--primary">
          Save extra time
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
