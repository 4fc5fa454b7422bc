import type { MetaFunction } from "@remix-run/cloudflare";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { NotFoundPage } from "~/components/status-pages";
import { statusPageMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

// Every path no other route matches: the not-found page, with status 404.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ error }) => statusPageMeta(error);

export default function NotFound() {
  return <NotFoundPage />;
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
