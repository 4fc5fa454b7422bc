import type { MetaFunction } from "@remix-run/cloudflare";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

type Status = "Implemented" | "in Progress" | "Pending";

/** The site-modification tracker (static, docs/product.md#pages-public). */
const MODIFICATIONS: Array<{ item: string; status: Status }> = [
  { item: "Disclaimer modal on the home page, once per session", status: "Implemented" },
  { item: "Hero counters and practice-area cards", status: "Implemented" },
  { item: "Legal insights list with categories and highlights", status: "Implemented" },
  { item: "Client testimonials page", status: "Implemented" },
  { item: "About page with gallery and lightbox", status: "Implemented" },
  { item: "Consultation form with email notification", status: "in Progress" },
  { item: "Article and testimonial management for admins", status: "in Progress" },
  { item: "Timed quiz portal with results", status: "in Progress" },
  { item: "Teacher uploads with admin approval", status: "Pending" },
  { item: "Online payment confirmation on the pay-dues page", status: "Pending" },
  { item: "Hindi version of the main pages", status: "Pending" },
];

const CHIP: Record<Status, string> = {
  Implemented: "status-chip status-chip--implemented",
  "in Progress": "status-chip status-chip--progress",
  Pending: "status-chip status-chip--pending",
};

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() => [
  ...pageMeta({
    title: "Site Modification Tracker",
    description: `The status of requested changes to the ${firm.shortName} website: what is implemented, in progress and pending.`,
    path: "/update",
  }),
]);

export default function Update() {
  const counts = (status: Status) => MODIFICATIONS.filter((row) => row.status === status).length;
  return (
    <div className="page page--narrow">
      <h1>Site Modification Tracker</h1>
      <p className="lead">
        {counts("Implemented")} implemented, {counts("in Progress")} in progress, {counts("Pending")} pending.
      </p>
      <DataTable
        wrap="table-wrap"
        caption="Requested site modifications and their status"
        headers={["Modification", "Status"]}
      >
        {MODIFICATIONS.map((row) => (
          <tr key={row.item}>
            <td>{row.item}</td>
            <td>
              <span className={CHIP[row.status]}>{row.status}</span>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
