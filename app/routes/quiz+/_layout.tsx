import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { NavLink } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getSignedInIdentity } from "~/lib/permissions.server";
import { can } from "~/lib/permissions";
import { withStatusMeta } from "~/lib/meta";

// Each quiz page names itself; an error this layout's boundary shows gets its status page's title.
export const meta: MetaFunction = withStatusMeta(() => []);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSignedInIdentity(request, context);
  return { user: user ? { id: user.id, role: user.role } : null };
}

/**
 * The quiz portal's own navbar (docs/product.md#quiz-pages), under the site header: the portal's links
 * only, since the site header above already greets the user and carries the one Logout.
 */
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
      </nav>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
