import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import type { loader as adminLoader } from "./_layout";

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
  return (
    <>
      <h1>Admin Dashboard</h1>
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
