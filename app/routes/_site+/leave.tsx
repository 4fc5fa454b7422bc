import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
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
    title: "Leave Notice",
    description: `Leave notice of ${firm.name}: how the chambers work during court vacations and holidays, and whom to contact for urgent matters.`,
    path: "/leave",
  }),
);

export default function Leave() {
  return (
    <ContentPage
      title="Leave Notice"
      lead="Our chambers follow the court vacations. Urgent matters are always covered."
    >
      <h2>During court vacations</h2>
      <p>
        During the summer and winter vacations of the Supreme Court and the Delhi and Punjab &amp; Haryana High Courts,
        our offices work reduced hours (11:00 to 16:00 IST, Monday to Friday). A duty advocate attends the vacation
        benches.
      </p>
      <h2>Urgent matters</h2>
      <p>
        For bail, injunctions or any matter that cannot wait, call{" "}
        <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a> or write to{" "}
        <a href={`mailto:${firm.email}`}>{firm.email}</a> with &ldquo;URGENT&rdquo; in the subject. We answer urgent
        messages the same day.
      </p>
      <h2>Gazetted holidays</h2>
      <p>
        Our offices are closed on gazetted holidays. Requests sent through the website on those days are answered on the
        next working day.
      </p>
      <p>
        <Link to="/consultation">Book a consultation</Link> · <Link to="/contact">Contact the offices</Link>
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
