import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import type { loader as quizLayoutLoader } from "./_layout";

export const meta: MetaFunction = () => pageMeta({ title: "Quiz Portal", path: "/quiz" });

export default function QuizHome() {
  const data = useRouteLoaderData<typeof quizLayoutLoader>("routes/quiz+/_layout");
  const isStaff = can(data?.user, "quiz:create");
  return (
    <div className="page page--narrow">
      <h1>Quiz Portal</h1>
      <p className="lead">
        Timed quizzes on Indian law. The clock is kept by our server, so your progress is safe if you reload or switch
        devices.
      </p>
      <ul>
        <li>
          <Link to="/quiz/quizzes">Attempt a quiz</Link>
        </li>
        <li>
          <Link to="/quiz/results">See your results</Link>
        </li>
        {isStaff ? (
          <>
            <li>
              <Link to="/quiz/create">Create a quiz</Link>
            </li>
            <li>
              <Link to="/quiz/manage">Manage quizzes</Link>
            </li>
          </>
        ) : null}
      </ul>
    </div>
  );
}
