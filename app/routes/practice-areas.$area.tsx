import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PendingPage } from "~/components/pending-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PRACTICE_PAGES } from "~/config/practice-areas";
import { pageMeta } from "~/lib/meta";

export async function loader({ params }: LoaderFunctionArgs) {
  const page = PRACTICE_PAGES.find((candidate) => candidate.slug === params.area);
  if (!page) throw new Response("Not Found", { status: 404 });
  return { title: page.title, slug: page.slug };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta({ title: data.title, path: `/practice-areas/${data.slug}` }) : [];

export default function PracticePage() {
  const { title } = useLoaderData<typeof loader>();
  return <PendingPage title={title} />;
}

export const ErrorBoundary = RouteErrorBoundary;
