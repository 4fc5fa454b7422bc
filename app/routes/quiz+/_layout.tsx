import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Outlet, useLoaderData } from "@remix-run/react";
import { NavLink } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getSignedInIdentity } from "~/lib/permissions.server";
import { can } from "~/lib/permissions";
import { withStatusMeta } from "~/lib/meta";

// Each quiz page names itself; an error this layout's boundary shows gets its status page's title.
export const meta: MetaFunction = withStatusMeta(() => []);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSignedInIdentity(request, context);
  return { user: user ? { id: user.id, fullName: user.fullName, role: user.role } : null };
}

/** The quiz portal's own navbar (docs/product.md#quiz-pages), under the site header. */
export default function QuizLayout() {
  const { user } = useLoaderData<typeof loader>();
  const isStaff = can(user, "quiz:create");
  return (
    <>
      <nav className="quiz-nav" aria-label="Quiz portal">
        <ul>
          <li>
            <NavLink to="/quiz" end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/quiz/quizzes">Attempt Quiz</NavLink>
          </li>
          <li>
            <NavLink to="/quiz/results">Results</NavLink>
          </li>
          {isStaff ? (
            <li>
              <NavLink to="/quiz/create">Create Quiz</NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/">Main Site</NavLink>
          </li>
        </ul>
        {user ? (
          <div className="quiz-nav__user">
            <span>Hi, {user.fullName}</span>
            <Form method="post" action="/logout">
              <button type="submit" className="button button--ghost">
                Logout
              </button>
            </Form>
          </div>
        ) : null}
      </nav>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
