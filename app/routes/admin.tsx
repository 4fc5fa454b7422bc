import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireRole } from "~/lib/auth.server";
import { pageMeta } from "~/lib/meta";

/** The dashboard's sections (docs/product.md#staff-pages: Manage Services for admins and teachers; the rest admin only). */
const SECTIONS = [
  { to: "/admin/services", label: "Manage Services", adminOnly: false },
  { to: "/admin/founders", label: "Manage Founders", adminOnly: true },
  { to: "/admin/roles", label: "Manage Roles", adminOnly: true },
  { to: "/admin/teachers", label: "Manage Teachers", adminOnly: true },
] as const;

// The staff dashboard: admins and teachers; each child route narrows further.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, ["admin", "teacher"]);
  const isAdmin = user.role === "admin";
  return { isAdmin, sections: SECTIONS.filter((section) => isAdmin || !section.adminOnly) };
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Admin Dashboard" }),
  { name: "robots", content: "noindex" },
];

export default function AdminLayout() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <div className="page admin-layout">
      <nav className="admin-nav" aria-label="Admin dashboard">
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-layout__main">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
