import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { PRICING_TIERS, TIER_FEATURES, rupees } from "~/features/site/business";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Learning Plans and Pricing",
    description: `Monthly learning plans of ${firm.shortName}: Basic ₹499, Standard ₹999 and Premium ₹1,499, with video lectures, tests, progress reports, live classes and doubt solving.`,
    path: "/service",
  }),
);

export default function ServicePricing() {
  return (
    <div className="page">
      <h1>Learning Plans and Pricing</h1>
      <p className="lead">
        Three monthly plans for our law courses. Prices are per month, in Indian rupees, inclusive of GST.
      </p>
      <div className="pricing">
        {PRICING_TIERS.map((tier) => (
          <section
            key={tier.name}
            className={tier.name === "Standard" ? "tier tier--featured" : "tier"}
            aria-labelledby={`tier-${tier.name}`}
          >
            <h2 id={`tier-${tier.name}`}>{tier.name}</h2>
            <p className="tier__price">
              {rupees(tier.monthly)} <small>per month</small>
            </p>
            <ul>
              {TIER_FEATURES.map((feature) => {
                const included = (tier.features as readonly string[]).includes(feature);
                return (
                  <li key={feature} className={included ? "feature--yes" : "feature--no"}>
                    {feature}
                    <span className="visually-hidden">{included ? " (included)" : " (not included)"}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      <h2>Compare the plans</h2>
      <DataTable
        wrap="table-wrap"
        caption="Features included in each plan"
        headers={["Feature", ...PRICING_TIERS.map((tier) => tier.name)]}
      >
        {TIER_FEATURES.map((feature) => (
          <tr key={feature}>
            <th scope="row">{feature}</th>
            {PRICING_TIERS.map((tier) => (
              <td key={tier.name}>{(tier.features as readonly string[]).includes(feature) ? "Yes" : "No"}</td>
            ))}
          </tr>
        ))}
      </DataTable>
      <p>
        Need something different? See our <Link to="/pricing">custom packages</Link> or browse{" "}
        <Link to="/services">the courses</Link>.
      </p>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
