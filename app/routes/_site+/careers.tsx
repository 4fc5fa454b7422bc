import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ContentPage } from "~/features/site/components/content-page";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

const OPENINGS = [
  {
    title: "Associate, Corporate & Commercial (2 to 4 years' PQE)",
    place: "New Delhi (Tilak Marg)",
    text: "Drafting and negotiating commercial contracts, shareholder agreements and due diligence reports; company law compliance.",
  },
  {
    title: "Associate, Litigation (0 to 2 years' PQE)",
    place: "New Delhi (Saket) and district courts",
    text: "Drafting pleadings, briefing counsel and appearing in civil, commercial and cheque bounce matters.",
  },
  {
    title: "Tax Associate (CA or LLB with GST experience)",
    place: "Gurugram",
    text: "GST reconciliations, replies to notices and appeals; working closely with clients' finance teams.",
  },
  {
    title: "Paralegal",
    place: "Gurugram",
    text: "Licence applications, filings and registry work. A law graduate or a final-year student preferred.",
  },
];

export const loader = staticPageLoader;

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Careers",
    description: `Careers at ${firm.name}: openings for associates, tax professionals and paralegals in New Delhi and Gurugram, and internships for law students.`,
    path: "/careers",
  }),
);

export default function Careers() {
  const applyHref = `mailto:${firm.email}?subject=${encodeURIComponent("Job application")}`;
  return (
    <ContentPage
      title="Careers"
      lead="We hire careful, curious lawyers who like explaining the law as much as arguing it."
    >
      <h2>Current openings</h2>
      {OPENINGS.map((opening) => (
        <section key={opening.title} className="card" aria-label={opening.title} style={{ marginBottom: "1rem" }}>
          <h3>{opening.title}</h3>
          <p>
            <strong>Location:</strong> {opening.place}
          </p>
          <p>{opening.text}</p>
        </section>
      ))}
      <h2>Internships</h2>
      <p>
        We take law students from the third year of a five-year course (or the second year of a three-year course) for
        internships of four to eight weeks, in every practice. Apply at least two months ahead.
      </p>
      <h2>How to apply</h2>
      <p>
        Email your CV, a short cover letter and a writing sample to <a href={applyHref}>{firm.email}</a> with the role
        in the subject line. We reply to every application within three weeks.
      </p>
      <p>
        Teachers who would like to join our learning programmes can apply through the{" "}
        <Link to="/join-us">teacher application form</Link>.
      </p>
      <p className="notice">
        We are an equal-opportunity employer. We never ask for a fee at any stage of recruitment; report any such
        request to us.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
