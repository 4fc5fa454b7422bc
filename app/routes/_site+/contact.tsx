import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm, messagingUrl } from "~/config/firm";
import { LegalServiceJsonLd } from "~/features/site/components/json-ld";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export const loader = staticPageLoader;

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Contact Us",
    description: `Contact ${firm.name}: offices in New Delhi (Tilak Marg and Saket) and Gurugram, email ${firm.email}, phone ${firm.phone.display}, or book a consultation online.`,
    path: "/contact",
  }),
);

export default function Contact() {
  return (
    <div className="page">
      <h1>Contact Us</h1>
      <p className="lead">
        Visit one of our three offices, write to us or call. To tell us about a matter, the quickest way is the{" "}
        <Link to="/consultation">consultation form</Link>.
      </p>

      <section className="section" aria-labelledby="offices-title">
        <h2 id="offices-title">Our Offices</h2>
        <ul className="offices">
          {firm.offices.map((office) => (
            <li key={office.name} className="card">
              <h3>{office.name}</h3>
              <address>
                {office.street}
                <br />
                {office.locality}, {office.region} {office.postalCode}
                <br />
                Phone: <a href={`tel:${office.phone.replace(/\s+/g, "")}`}>{office.phone}</a>
              </address>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="reach-title">
        <h2 id="reach-title">Email and Phone</h2>
        <ul>
          <li>
            Email: <a href={`mailto:${firm.email}`}>{firm.email}</a>
          </li>
          <li>
            Phone: <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a>
          </li>
          <li>
            WhatsApp: <a href={messagingUrl()}>message us</a> (we reply during office hours)
          </li>
        </ul>
        <p>
          Office hours: Monday to Saturday, 10:00 to 19:00 IST. Closed on Sundays and gazetted holidays. During court
          vacations, see our <Link to="/leave">Leave Notice</Link>.
        </p>
        <p className="notice">
          Please do not send confidential documents by email before we confirm that we can act for you. Contacting us
          does not by itself create a lawyer&ndash;client relationship (see our <Link to="/disclaimer">disclaimer</Link>
          ).
        </p>
      </section>

      <aside className="cta-band" aria-label="Book a consultation">
        <div>
          <h2>Book a Consultation</h2>
          <p>Tell us briefly about your matter and a lawyer will call you back.</p>
        </div>
        <Link className="button button--gold" to="/consultation">
          Go to the consultation form
        </Link>
      </aside>
      <LegalServiceJsonLd />
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
