import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage, ForbiddenPage, NotFoundPage } from "./status-pages";

/** The error boundary every route shares: 404, 403 and other responses, then unexpected errors. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    // The router's own answers (e.g. a 405 for a POST to a page without a form) word their data
    // for developers and name route files: never shown.
    const internal = (error as { internal?: unknown }).internal === true;
    const message = !internal && typeof error.data === "string" ? error.data : undefined;
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) return <ForbiddenPage message={message} />;
    return <ErrorPage status={error.status} message={message} />;
  }
  return <ErrorPage status={500} />;
}
