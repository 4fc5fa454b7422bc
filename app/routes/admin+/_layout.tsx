import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { NavLink } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { can, type Action, type Actor } from "~/lib/permissions";
import { requirePermission } from "~/lib/permissions.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

/** The dashboard's sections (docs/product.md#staff-pages), each shown to those who may use it. */
const SECTIONS = [
  { to: "/admin/services", label: "Manage Services", action: "service:manage" },
  { to: "/admin/founders", label: "Manage Founders", action: "faculty:manage" },
  { to: "/admin/images", label: "Manage Images", action: "site-images:manage" },
  { to: "/admin/roles", label: "Manage Roles", action: "role:manage" },
  { to: "/admin/teachers", label: "Manage Teachers", action: "teacher:manage" },
  { to: "/admin/invoices", label: "Invoices", action: "invoice:manage" },
  { to: "/admin/trash", label: "Trash", action: "trash:manage" },
  { to: "/admin/activity", label: "Activity", action: "activity:read" },
] as const;

/** The other tools linked from the dashboard's home, each shown to those who may use it. */
const OTHER_TOOLS = [
  { to: "/admin/blogs", label: "Articles", action: "article:submit" },
  { to: "/admin/testimonials", label: "Testimonials", action: "testimonial:submit" },
  { to: "/admin/consultations", label: "Consultation requests", action: "consultation:read" },
  { to: "/admin/outbox", label: "Mail outbox", action: "outbox:read" },
  { to: "/quiz/manage", label: "Quizzes", action: "quiz:create" },
  { to: "/dashboard", label: "Enrolments", action: "service:enroll" },
] as const;

const allowed = (user: Actor, links: readonly { to: string; label: string; action: Action }[]) =>
  links.filter((link) => can(user, link.action)).map(({ to, label }) => ({ to, label }));

// The staff dashboard: admins and teachers; each child route narrows further.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "staff-area:enter");
  return { sections: allowed(user, SECTIONS), tools: allowed(user, OTHER_TOOLS) };
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Admin Dashboard" }));

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
