import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage, ForbiddenPage, NotFoundPage } from "./status-pages";

/** The error boundary every route shares: 404, 403 and other responses, then unexpected errors. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403)
      return <ForbiddenPage message={typeof error.data === "string" ? error.data : undefined} />;
    return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />;
  }
  return <ErrorPage status={500} />;
}
