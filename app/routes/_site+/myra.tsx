import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { DemoQuiz } from "~/features/demos/myra/demo-quiz";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Demo Quiz",
    description: `Try the ${firm.shortName} demo quiz: ten questions on Indian law, 30 seconds each, scored instantly in your browser.`,
    path: "/myra",
  }),
);

export default function Myra() {
  return (
    <div className="page page--narrow">
      <h1>Demo Quiz</h1>
      <p className="lead">
        Test your knowledge of Indian law with ten quick questions. Nothing is sent to our servers.
      </p>
      <DemoQuiz />
      <p>
        Another demo of what runs in your browser: the <Link to="/usereducer">To-do Demo</Link>. For graded quizzes with
        results kept on our servers, see the <Link to="/services">Services</Link>.
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
