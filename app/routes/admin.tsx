import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireRole } from "~/lib/auth.server";
import { pageMeta } from "~/lib/meta";

// The staff dashboard: admins and teachers; each child route narrows further.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, ["admin", "teacher"]);
  return null;
}

export const meta: MetaFunction = () => [...pageMeta({ title: "Admin Dashboard" }), { name: "robots", content: "noindex" }];

export default function AdminLayout() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
