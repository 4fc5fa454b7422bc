import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { listResultsForUser } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { requireUser } from "~/lib/auth.server";
import { shortDate } from "~/lib/media";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { results: await listResultsForUser(context, user, user.id) };
}

export const meta: MetaFunction = () => [...pageMeta({ title: "My Results" }), { name: "robots", content: "noindex" }];

export default function Results() {
  const { results } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>My Results</h1>
      {results.length === 0 ? (
        <p>{QUIZ_MESSAGES.noResults}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Quiz</th>
              <th scope="col">Score</th>
              <th scope="col">Finished</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
