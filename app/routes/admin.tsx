import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Admin Dashboard" });

export default function AdminLayout() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
