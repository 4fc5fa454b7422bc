import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { listFaculty, type FacultyMember } from "~/features/faculty/faculty.server";
import { ConsultationCta } from "~/features/site/components/content-page";
import { Gallery } from "~/features/site-images/components/gallery";
import { PersonCard } from "~/features/faculty/components/person-card";
import { FIRM_STATS, FIRM_VALUES } from "~/features/site/home-content";
import type { SiteImage } from "~/features/site-images/site-images";
import { publishedOfKind, siteImageRows } from "~/features/site-images/site-images.server";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { AREAS_OF_EXPERTISE } from "~/features/site/practice-areas";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { readOrNull } from "~/lib/log.server";
import { batchPrepared } from "~/lib/db.server";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The founder and the gallery in one round trip; when it fails, the page stands without them (the rest is static).
  const [headers, content] = await Promise.all([
    publicPageHeaders(request, context),
    readOrNull(
      batchPrepared(context.db, [listFaculty(context.db), siteImageRows(context.db, ["gallery"])] as const),
      "about loader",
    ),
  ]);
  const founder: FacultyMember | null = content?.[0][0] ?? null;
  const gallery: SiteImage[] = content ? publishedOfKind(content[1], "gallery") : [];
  return data({ founder, gallery }, { headers });
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "About the Firm",
    description: `About ${firm.name}: our founder, mission and values, the firm in numbers, what we do, and life at our Delhi and Gurugram offices.`,
    path: "/about",
  }),
);

export default function About() {
  const { founder, gallery } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <p className="eyebrow">About us</p>
      <h1>About the Firm</h1>
      <p className="lead">
        {firm.name} is a full-service firm of advocates and legal consultants with offices in New Delhi and Gurugram. We
        advise businesses and individuals and represent them before courts, tribunals and regulators across India.
      </p>

      <section className="section" aria-labelledby="founder-title">
        <h2 id="founder-title">Our Founder</h2>
        {founder ? (
          <div className="card-grid">
            <PersonCard person={founder} headingLevel={3} />
            <div>
              <p>
                {founder.name} founded the firm with a simple idea: clients deserve advice they can understand and
                lawyers who are reachable. That idea still shapes how we work.
              </p>
              <p>
                <Link to="/founders">Meet all our founders</Link> · <Link to="/team">Our team</Link>
              </p>
            </div>
          </div>
        ) : (
          <p>
            The firm was founded by practising advocates of the Delhi High Court.{" "}
            <Link to="/founders">Meet our founders</Link>.
          </p>
        )}
      </section>

      <section className="section" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission</h2>
        <p className="prose">
          To make sound legal advice accessible and predictable: to explain the law in plain language, to give clients
          an honest view of their options and costs, and to represent them with preparation and persistence.
        </p>
      </section>

      <section className="section" aria-labelledby="values-title">
        <h2 id="values-title">Our Values</h2>
        <ul className="values">
          {FIRM_VALUES.map((value) => (
            <li key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="stats-title">
        <h2 id="stats-title">The Firm in Numbers</h2>
        <ul className="stats">
          {FIRM_STATS.map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong> {stat.label}
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="what-title">
        <h2 id="what-title">What We Do</h2>
        <ul className="mini-areas">
          {AREAS_OF_EXPERTISE.slice(0, 7).map((area) => (
            <li key={area.title}>
              <Link to="/practice-areas">
                {area.title}
                <span>{area.text}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/practice-areas#dispute-resolution">
              Dispute Resolution
              <span>Litigation, arbitration and mediation before courts and tribunals across India.</span>
            </Link>
          </li>
        </ul>
      </section>

      {gallery.length > 0 ? (
        <section className="section" aria-labelledby="gallery-title">
          <h2 id="gallery-title">Gallery</h2>
          <Gallery images={gallery} />
        </section>
      ) : null}

      <ConsultationCta title="Work with us" />
      <p className="section">
        <Link className="button button--ghost" to="/contact">
          Contact our offices
        </Link>{" "}
        <Link className="button button--ghost" to="/careers">
          Careers at the firm
        </Link>
      </p>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
