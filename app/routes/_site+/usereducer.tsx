import type { MetaFunction } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { TodoDemo } from "~/features/demos/components/todo-demo";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "To-do Demo",
    description: `A small to-do list demo on the ${firm.shortName} site, built with React's useReducer: add, tick off and delete tasks.`,
    path: "/usereducer",
  }),
);

export default function UseReducerDemo() {
  return (
    <div className="page page--narrow">
      <h1>To-do Demo</h1>
      <p className="lead">
        A small task list whose whole state lives in one reducer. Tasks are kept only until you leave the page.
      </p>
      <TodoDemo />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
