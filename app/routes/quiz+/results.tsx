import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { listResultsForUser } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { shortDate } from "~/lib/media";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requireSignedIn } from "~/lib/permissions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request, context);
  return { results: await listResultsForUser(context, user, user.id) };
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "My Results" }));

type ResultRow = ReturnType<typeof useLoaderData<typeof loader>>["results"][number];

/** Each quiz's attempts (newest first, as listed), with the best and the latest score. */
function byQuiz(results: ResultRow[]) {
  const groups = new Map<string, { title: string; attempts: ResultRow[] }>();
  for (const result of results) {
    const group = groups.get(result.quiz._id) ?? { title: result.quiz.title, attempts: [] };
    group.attempts.push(result);
    groups.set(result.quiz._id, group);
  }
  return [...groups.entries()].map(([quizId, group]) => ({
    quizId,
    ...group,
    latest: group.attempts[0]!,
    best: group.attempts.reduce((best, attempt) =>
      attempt.score / Math.max(1, attempt.total) > best.score / Math.max(1, best.total) ? attempt : best,
    ),
  }));
}

const percent = (result: { score: number; total: number }) =>
  Math.round((result.score / Math.max(1, result.total)) * 100);

export default function Results() {
  const { results } = useLoaderData<typeof loader>();
  const quizzes = byQuiz(results);
  return (
    <div className="page">
      <h1>My Results</h1>
      {results.length === 0 ? null : (
        <section aria-labelledby="by-quiz">
          <h2 id="by-quiz">By quiz</h2>
          <ul className="quiz-summary">
            {quizzes.map((quiz) => (
              <li key={quiz.quizId}>
                <strong>{quiz.title}</strong>: {quiz.attempts.length}{" "}
                {quiz.attempts.length === 1 ? "attempt" : "attempts"} · best {quiz.best.score} of {quiz.best.total} (
                {percent(quiz.best)}%) · latest {quiz.latest.score} of {quiz.latest.total} ({percent(quiz.latest)}%)
              </li>
            ))}
          </ul>
          <h2>Every attempt</h2>
        </section>
      )}
      {results.length === 0 ? (
        <p>{QUIZ_MESSAGES.noResults}</p>
      ) : (
        <DataTable headers={["Quiz", "Score", "Finished", "Result"]}>
          {results.map((result) => (
            <tr key={result.id}>
              <th scope="row">{result.quiz.title}</th>
              <td>
                {result.score} / {result.total} ({Math.round((result.score / Math.max(1, result.total)) * 100)}%)
              </td>
              <td>{result.finishedAt ? shortDate(result.finishedAt) : "—"}</td>
              <td>
                <Link to={`/quiz/result/${result.id}`} aria-label={`View result of ${result.quiz.title}`}>
                  View
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
