import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { articlePublishing } from "~/features/articles/article-editor.server";
import { newConsultationCount } from "~/features/consultation/consultation.server";
import { pendingApplicationCount } from "~/features/teachers/teachers.server";
import { testimonialPublishing } from "~/features/testimonials/testimonial-editor.server";
import { can } from "~/lib/permissions";
import { requirePermission } from "~/lib/permissions.server";
import type { loader as adminLoader } from "./_layout";

/** What waits for the office, each counted for those who may act on it, linking to its list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "staff-area:enter");
  const counts = [
    can(user, "article:moderate") && {
      label: "articles awaiting review",
      to: "/admin/blogs?status=pending",
      count: articlePublishing.pendingCount(context),
    },
    can(user, "testimonial:moderate") && {
      label: "testimonials awaiting review",
      to: "/admin/testimonials?status=pending",
      count: testimonialPublishing.pendingCount(context),
    },
    can(user, "teacher:manage") && {
      label: "teacher applications awaiting review",
      to: "/admin/teachers",
      count: pendingApplicationCount(context),
    },
    can(user, "consultation:read") && {
      label: "new consultation requests",
      to: "/admin/consultations?status=new",
      count: newConsultationCount(context.db),
    },
  ].filter((item) => item !== false);
  return {
    awaiting: await Promise.all(counts.map(async ({ count, ...item }) => ({ ...item, count: await count }))),
  };
}

const DESCRIPTIONS: Record<string, string> = {
  "/admin/services":
    "Create services with their levels and icon, and delete them (to the trash) with their sub-services.",
  "/admin/trash": "Restore deleted items within 30 days, or delete them forever.",
  "/admin/activity": "Every change made by staff: who, what, when.",
  "/admin/founders": "Add, edit and remove the founders shown on /founders.",
  "/admin/roles": "Choose who is an admin and who is a teacher.",
  "/admin/teachers": "The teachers, and the applications sent through Join Us.",
};

export default function AdminHome() {
  const data = useRouteLoaderData<typeof adminLoader>("routes/admin+/_layout");
  const { awaiting } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Admin Dashboard</h1>
      {awaiting.length ? (
        <section aria-labelledby="awaiting-title">
          <h2 id="awaiting-title">Awaiting you</h2>
          <ul className="awaiting-counts">
            {awaiting.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>
                  <strong>{item.count}</strong> {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="card-grid admin-cards">
        {data?.sections.map((section) => (
          <li key={section.to} className="card">
            <h2>
              <Link to={section.to}>{section.label}</Link>
            </h2>
            <p>{DESCRIPTIONS[section.to]}</p>
          </li>
        ))}
      </ul>
      <h2>Other tools</h2>
      <ul>
        {data?.tools.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to}>{tool.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
