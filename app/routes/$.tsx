import type { MetaFunction } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { NotFoundPage } from "~/components/status-pages";
import { statusPageMeta } from "~/lib/meta";

// Every path no other route matches: the not-found page, with status 404.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => statusPageMeta();

export default function NotFound() {
  return <NotFoundPage />;
}

export const ErrorBoundary = RouteErrorBoundary;
