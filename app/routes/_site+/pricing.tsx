import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { CUSTOM_PACKAGES } from "~/features/site/business";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Custom Packages",
    description: `Custom website and learning-platform packages from ${firm.shortName}, from ₹30,000 to ₹60,000+, with what each includes and how long it takes.`,
    path: "/pricing",
  }),
);

export default function Pricing() {
  return (
    <div className="page">
      <h1>Custom Packages</h1>
      <p className="lead">
        One-time packages for a website or learning platform built to your needs: from ₹30K to ₹60K+.
      </p>
      <DataTable
        wrap="table-wrap"
        caption="Custom packages with prices, what they include and timelines"
        headers={["Package", "Price (one-time)", "Best for", "Includes", "Timeline"]}
      >
        {CUSTOM_PACKAGES.map((pkg) => (
          <tr key={pkg.name}>
            <th scope="row">{pkg.name}</th>
            <td>{pkg.price}</td>
            <td>{pkg.bestFor}</td>
            <td>{pkg.includes}</td>
            <td>{pkg.timeline}</td>
          </tr>
        ))}
      </DataTable>
      <p>
        Prices exclude GST. Recurring costs (hosting, maintenance, email) are listed on the{" "}
        <Link to="/addedcost">extra costs</Link> page. For the monthly learning plans, see{" "}
        <Link to="/service">plans</Link>; for the full offer, read the <Link to="/proposal">proposal</Link>.
      </p>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
