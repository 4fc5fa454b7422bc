import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { availabilityLabel, listQuizzes } from "~/features/quiz/quiz.server";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { shortDate } from "~/lib/media";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { logError } from "~/lib/log.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  try {
    const now = new Date();
    const rows = await listQuizzes(context, { q });
    // 'Opens …' / 'Closed' / 'Open until …' as the server's clock has it now.
    return { q, quizzes: rows.map((row) => ({ ...row, window: availabilityLabel(row, now) })), error: null };
  } catch (error) {
    logError(error, { where: "quiz list loader" });
    return {
      q,
      quizzes: [],
      error: `Failed to load quizzes: ${error instanceof Error ? error.message : "unknown error"}`,
    };
  }
}

export const meta: MetaFunction = withStatusMeta(() => [
  ...pageMeta({ title: "Attempt a Quiz", path: "/quiz/quizzes" }),
]);

export default function QuizList() {
  const { q, quizzes, error } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Attempt a Quiz</h1>
      <Form method="get" role="search" className="quiz-search">
        <label htmlFor="quiz-search">Search by title</label>
        <input id="quiz-search" name="q" type="search" defaultValue={q} />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : quizzes.length === 0 ? (
        <p>{QUIZ_MESSAGES.noQuizzes}</p>
      ) : (
        <DataTable headers={["Quiz", "Created by", "Created", "Questions", "Availability"]}>
          {quizzes.map((quiz) => (
            <tr key={quiz.id}>
              <th scope="row">
                <Link to={`/quiz/${quiz.id}`}>{quiz.title}</Link>
              </th>
              <td>{quiz.creatorName ?? "—"}</td>
              <td>{shortDate(quiz.createdAt)}</td>
              <td>{quiz.questionCount}</td>
              <td>{quiz.window ?? "Open"}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
