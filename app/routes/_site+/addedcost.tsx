import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { PROPOSAL, rupees } from "~/features/site/business";
import { ContentPage } from "~/features/site/components/content-page";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Extra Costs",
    description: `Extra and recurring costs of the ${firm.shortName} website and learning platform: extra pages, email accounts, hosting, maintenance and third-party charges.`,
    path: "/addedcost",
  }),
);

const COSTS = [
  { item: "Extra static page (text and images)", cost: `${rupees(PROPOSAL.extraPage.static)} per page` },
  { item: "Extra dynamic page (forms, lists, database)", cost: `${rupees(PROPOSAL.extraPage.dynamic)} per page` },
  { item: "Business email mailbox", cost: `${rupees(PROPOSAL.emailPerUserMonthly.premium)} per user per month` },
  { item: "Basic email mailbox", cost: `${rupees(PROPOSAL.emailPerUserMonthly.basic)} per user per month` },
  { item: "Hosting", cost: `${rupees(PROPOSAL.hostingMonthly)} per month` },
  { item: "Maintenance", cost: `${rupees(PROPOSAL.maintenanceMonthly)} per month` },
  { item: "Domain name, SMS and payment-gateway charges", cost: "At actuals, billed by the provider" },
];

export default function AddedCost() {
  return (
    <ContentPage
      title="Extra Costs"
      lead="Costs outside the one-time development fee, so there are no surprises on the invoice."
    >
      <DataTable wrap="table-wrap" caption="Extra and recurring costs" headers={["Item", "Cost"]}>
        {COSTS.map((row) => (
          <tr key={row.item}>
            <th scope="row">{row.item}</th>
            <td>{row.cost}</td>
          </tr>
        ))}
      </DataTable>
      <p>All amounts exclude GST. Work beyond the agreed scope is quoted in writing before it starts.</p>
      <p>
        Back to the <Link to="/proposal">proposal</Link> or the <Link to="/pricing">custom packages</Link>.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
