import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { Notices } from "~/components/forms";
import { ConfirmedButton } from "~/components/moderation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireQuizStaff } from "~/features/quiz/guards.server";
import { can } from "~/lib/permissions";
import { deleteQuiz, listQuizzes, listQuizzesPage } from "~/features/quiz/quiz.server";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { pageNumber } from "~/lib/pagination";
import { QUIZ_MESSAGES } from "~/features/quiz/schema";
import { HttpError } from "~/lib/http.server";
import { shortDate } from "~/lib/media";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireQuizStaff(request, context);
  // Teachers manage their own quizzes; admins manage all.
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const list = await listQuizzesPage(context, {
    q,
    createdBy: can(user, "quiz:manage") ? undefined : user.id,
    page: pageNumber(url.searchParams.get("page")),
  });
  return { quizzes: list.items, page: list.page, pages: list.pages, q };
}

type ActionData = { confirm?: { id: string; title: string }; message?: string; error?: string };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData | Response> {
  const user = await requireQuizStaff(request, context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  // Without JavaScript there is no confirm() dialog: the first post asks, the second deletes.
  if (form.get("confirmed") !== "1") {
    const quiz = (await listQuizzes(context, can(user, "quiz:manage") ? {} : { createdBy: user.id })).find(
      (row) => row.id === id,
    );
    return quiz
      ? { confirm: { id, title: quiz.title } }
      : Response.json({ error: "Error deleting quiz" }, { status: 404 });
  }
  try {
    await deleteQuiz(context, user, id);
    return { message: "Quiz deleted." };
  } catch (error) {
    if (error instanceof HttpError) return Response.json({ error: "Error deleting quiz" }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Quizzes" }));

export default function ManageQuizzes() {
  const { quizzes, page, pages, q } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const notice = params.get("created") ? QUIZ_MESSAGES.created : null;
  const loadError = params.get("error") === "load" ? "Error loading quiz" : null;
  return (
    <div className="page">
      <h1>Manage Quizzes</h1>
      <Notices success={notice ?? actionData?.message} error={loadError ?? actionData?.error} />
      {actionData?.confirm ? (
        <div className="card" role="alertdialog" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{QUIZ_MESSAGES.confirmDelete}</h2>
          <p>“{actionData.confirm.title}” and all its results will be deleted.</p>
          <Form method="post">
            <input type="hidden" name="id" value={actionData.confirm.id} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" className="button button--danger">
              Delete
            </button>{" "}
            <Link to="/quiz/manage">Cancel</Link>
          </Form>
        </div>
      ) : null}
      <p>
        <Link className="button button--primary" to="/quiz/create">
          + Create Quiz
        </Link>
      </p>
      <ListSearch label="Search quizzes" q={q} name="quizzes" />
      {quizzes.length === 0 ? (
        <p className="empty-state">{q ? "No quizzes match this search." : QUIZ_MESSAGES.noQuizzes}</p>
      ) : (
        <DataTable headers={["Title", "Questions", "Minutes", "Created", "Actions"]}>
          {quizzes.map((quiz) => (
            <tr key={quiz.id}>
              <th scope="row">{quiz.title}</th>
              <td>{quiz.questionCount}</td>
              <td>{quiz.totalTime}</td>
              <td>{shortDate(quiz.createdAt)}</td>
              <td>
                <Link to={`/quiz/edit/${quiz.id}`}>Edit</Link> <Link to={`/quiz/manage/${quiz.id}`}>Results</Link>{" "}
                <ConfirmedButton
                  id={quiz.id}
                  name="confirmed"
                  value="1"
                  unconfirmed=""
                  question={QUIZ_MESSAGES.confirmDelete}
                  label={`Delete ${quiz.title}`}
                >
                  Delete
                </ConfirmedButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pages={pages} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
