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
    title: "Learning Management System Proposal",
    description: `Proposal for the ${firm.shortName} learning management system: one-time ₹27,999, maintenance ₹2,799 a month, hosting ₹500 a month, email and extra-page add-ons, and the planned roles.`,
    path: "/proposal",
  }),
);

export default function Proposal() {
  return (
    <ContentPage
      title="Learning Management System Proposal"
      lead="A proposal for a learning management system (LMS) that sits beside the firm's website: courses, tests and results in one place."
    >
      <h2>Scope</h2>
      <ul>
        <li>Course catalogue with levels, sub-courses, syllabus and question PDFs, and lecture videos.</li>
        <li>Timed quizzes with automatic scoring and a results history for each student.</li>
        <li>Accounts with email and password or Google sign-in, and password reset by email.</li>
        <li>An admin dashboard for courses, faculty, teachers and roles.</li>
      </ul>

      <h2>Planned roles</h2>
      <ul>
        <li>
          <strong>Client (student):</strong> registers, enrols in courses, watches lectures, takes quizzes and sees
          results.
        </li>
        <li>
          <strong>Teacher:</strong> uploads lectures, syllabus and question papers, and creates quizzes. A
          teacher&rsquo;s uploads go live after an admin approves them.
        </li>
        <li>
          <strong>Admin:</strong> approves teachers and their uploads, manages courses, faculty and roles, and moderates
          articles and testimonials.
        </li>
      </ul>

      <h2>Costs</h2>
      <DataTable wrap="table-wrap" caption="Costs of the proposal">
        <tr>
          <th scope="row">Development (one-time)</th>
          <td>{rupees(PROPOSAL.oneTime)}</td>
        </tr>
        <tr>
          <th scope="row">Maintenance</th>
          <td>{rupees(PROPOSAL.maintenanceMonthly)} per month</td>
        </tr>
        <tr>
          <th scope="row">Hosting</th>
          <td>{rupees(PROPOSAL.hostingMonthly)} per month</td>
        </tr>
        <tr>
          <th scope="row">Email add-on</th>
          <td>
            {rupees(PROPOSAL.emailPerUserMonthly.premium)} or {rupees(PROPOSAL.emailPerUserMonthly.basic)} per user per
            month (business or basic mailbox)
          </td>
        </tr>
        <tr>
          <th scope="row">Extra pages</th>
          <td>
            {rupees(PROPOSAL.extraPage.static)} per static page, {rupees(PROPOSAL.extraPage.dynamic)} per dynamic page
          </td>
        </tr>
      </DataTable>
      <p>
        Prices are in Indian rupees and exclude GST. Maintenance covers security updates, backups and small content
        changes.
      </p>

      <h2>Timeline and payment</h2>
      <p>
        Six weeks from the go-ahead: design in week 1, courses and accounts in weeks 2 to 4, quizzes and the dashboard
        in weeks 5 and 6. Payment: 50% at the start, 50% on delivery. Dues can be paid on the{" "}
        <Link to="/pay-dues">pay dues</Link> page.
      </p>
      <p>
        See also the <Link to="/addedcost">extra costs</Link> and the{" "}
        <Link to="/update">site-modification tracker</Link>.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
