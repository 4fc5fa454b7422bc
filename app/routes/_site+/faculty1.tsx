import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { PersonCard, type Person } from "~/features/faculty/components/person-card";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

/** Static faculty cards (/faculty1 is not backed by the database, docs/product.md#pages-public). */
const FACULTY: Person[] = [
  {
    name: "Adv. Neha Kulkarni",
    subject: "Constitutional Law",
    specialization: "Fundamental rights and writ jurisdiction",
    services: ["Judiciary exam mentoring", "Answer writing"],
    description:
      "Twelve years at the Delhi High Court bar; teaches the constitutional law module of the judiciary course.",
  },
  {
    name: "Adv. Sameer Khan",
    subject: "Code of Civil Procedure",
    specialization: "Pleadings, execution and appeals",
    services: ["Civil procedure classes", "Drafting workshops"],
    description: "A civil litigator who turns procedure into problem questions drawn from real files.",
  },
  {
    name: "Dr. Ritu Bansal",
    subject: "Criminal Law",
    specialization: "Bharatiya Nyaya Sanhita and evidence",
    services: ["Criminal law lectures", "Mock trials"],
    description: "Doctorate in criminal law; guides students through the new criminal codes and their case law.",
  },
  {
    name: "Adv. Arvind Menon",
    subject: "Corporate Law",
    specialization: "Companies Act, 2013 and securities law",
    services: ["Corporate law certificate", "Contract drafting"],
    description: "Advises companies on governance and teaches the corporate law certificate course.",
  },
];

export const loader = staticPageLoader;

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Faculty",
    description: `Faculty of the ${firm.shortName} learning programmes: advocates who teach constitutional, civil, criminal and corporate law.`,
    path: "/faculty1",
  }),
);

export default function Faculty() {
  return (
    <div className="page">
      <h1>Faculty</h1>
      <p className="lead">
        Practising advocates teach our judiciary-exam and professional courses. See also{" "}
        <Link to="/founders">our founders</Link> and <Link to="/services">the courses we offer</Link>.
      </p>
      <div className="card-grid">
        {FACULTY.map((person) => (
          <PersonCard key={person.name} person={person} />
        ))}
      </div>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
