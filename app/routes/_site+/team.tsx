import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ConsultationCta } from "~/features/site/components/content-page";
import { PersonCard, type Person } from "~/features/faculty/components/person-card";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

const TEAM: Array<{ group: string; people: Person[] }> = [
  {
    group: "Partners",
    people: [
      {
        name: "Anjali Sharma",
        subject: "Founding Partner, Corporate & Commercial",
        description: "Companies, M&A and data protection. Enrolled with the Bar Council of Delhi.",
      },
      {
        name: "Vikram Rao",
        subject: "Founding Partner, Dispute Resolution",
        description: "Arbitration and civil litigation before the Supreme Court and High Courts.",
      },
      {
        name: "Kavita Iyer",
        subject: "Partner, Tax & Regulatory",
        description: "GST, customs and licensing, and indirect-tax litigation.",
      },
    ],
  },
  {
    group: "Associates",
    people: [
      {
        name: "Rahul Chauhan",
        subject: "Senior Associate, Litigation",
        description: "Civil and commercial suits, cheque bounce and recovery matters.",
      },
      {
        name: "Sana Qureshi",
        subject: "Associate, Corporate",
        description: "Contracts, company secretarial compliance and start-up advisory.",
      },
      {
        name: "Deepak Yadav",
        subject: "Associate, Tax",
        description: "GST returns, notices and appeals for businesses in Haryana.",
      },
      {
        name: "Ishita Bhatia",
        subject: "Associate, Family & Mediation",
        description: "Family disputes and certified mediation.",
      },
    ],
  },
  {
    group: "Support",
    people: [
      {
        name: "Manoj Kumar",
        subject: "Office Manager, New Delhi",
        description: "Your first point of contact for appointments and documents.",
      },
      {
        name: "Pooja Arora",
        subject: "Paralegal, Gurugram",
        description: "Filings, licence applications and court registry work.",
      },
    ],
  },
];

export const loader = staticPageLoader;

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Our Team",
    description: `The partners, associates and staff of ${firm.name} in New Delhi and Gurugram, and the practice each of them leads.`,
    path: "/team",
  }),
);

export default function Team() {
  return (
    <div className="page">
      <h1>Our Team</h1>
      <p className="lead">
        Every matter is led by a partner and handled by a small team you will get to know. Read more about{" "}
        <Link to="/founders">our founders</Link>.
      </p>
      {TEAM.map((group) => (
        <section key={group.group} className="section" aria-labelledby={`team-${group.group}`}>
          <h2 id={`team-${group.group}`}>{group.group}</h2>
          <div className="card-grid">
            {group.people.map((person) => (
              <PersonCard key={person.name} person={person} headingLevel={3} />
            ))}
          </div>
        </section>
      ))}
      <p>
        Would you like to join us? See <Link to="/careers">careers</Link>.
      </p>
      <ConsultationCta />
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
