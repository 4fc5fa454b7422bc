import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ContentPage } from "~/features/site/components/content-page";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

/** The date this notice last changed: update it with every change. */
const LAST_UPDATED = "22 November 2026";

export const loader = staticPageLoader;

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Privacy Notice",
    description: `How ${firm.name} collects, uses, keeps and protects personal data from the consultation form and user accounts, and your rights under the Digital Personal Data Protection Act, 2023.`,
    path: "/privacy",
  }),
);

export default function Privacy() {
  const head = firm.offices[0]!;
  return (
    <ContentPage
      title="Privacy Notice"
      lead={`This notice explains what personal data ${firm.name} collects through this website, why, how long we keep it and how you can exercise your rights under the Digital Personal Data Protection Act, 2023 (the "DPDP Act").`}
    >
      <p>
        <strong>Last updated:</strong> {LAST_UPDATED}
      </p>

      <h2>1. Who we are</h2>
      <p>
        {firm.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) is the Data Fiduciary for the personal data described here. Our
        head office is at {head.street}, {head.locality}, {head.region} {head.postalCode}. You can reach us about
        privacy at <a href={`mailto:${firm.email}`}>{firm.email}</a> or {firm.phone.display}.
      </p>

      <h2>2. What we collect and why</h2>
      <h3>When you send the consultation form</h3>
      <ul>
        <li>
          <strong>Your name, email address, phone number, the practice area you choose and your message</strong>: to
          reply to you, to decide which lawyer should call you, and to check that we have no conflict of interest before
          we advise you.
        </li>
        <li>
          <strong>The page you sent the form from and any campaign tags in its address</strong>: to understand which
          pages help visitors find us.
        </li>
        <li>
          <strong>A one-way hash of your IP address and your browser&rsquo;s user-agent</strong>: to limit abuse and
          spam (for example, too many requests from one place). We do not store the IP address itself.
        </li>
      </ul>
      <p>
        We process this data on the basis of the consent you give when you send the form. The message is optional;
        please tell us only what we need to understand your matter, and do not send sensitive documents before we
        confirm that we can act for you.
      </p>

      <h3>When you create or use an account</h3>
      <ul>
        <li>
          <strong>Your full name and email address</strong>: to identify you, to sign you in and to send you service
          emails such as password-reset links.
        </li>
        <li>
          <strong>Your password</strong>, which we store only as a salted one-way hash that no one, including us, can
          read; or, if you sign in with Google, the account identifier Google gives us (we do not receive your Google
          password).
        </li>
        <li>
          <strong>Your role and sign-in sessions</strong> (the time, and your browser&rsquo;s user-agent): to keep your
          account secure and to let you see and end your sessions.
        </li>
        <li>
          <strong>What you do with the account</strong>: quiz attempts, answers and results; articles and testimonials
          you submit; services you enrol in; and, if you apply to teach, the application and CV you upload.
        </li>
      </ul>
      <p>
        We process account data to provide the service you signed up for, on the basis of your consent given at
        registration, and for the legitimate uses the DPDP Act allows (for example, to comply with a law or a court
        order).
      </p>

      <h3>Cookies and browser storage</h3>
      <p>
        We use only what the site needs to work: a session cookie that keeps you signed in, a session cookie that
        remembers that you accepted our <Link to="/disclaimer">disclaimer</Link>, and browser storage for your sign-in
        token, your progress in a quiz and the disclaimer flag. We do not use advertising or cross-site tracking
        cookies.
      </p>

      <h2>3. Who we share it with</h2>
      <p>We do not sell personal data. We share it only with:</p>
      <ul>
        <li>our lawyers and staff who need it to handle your request or account, all bound by confidentiality;</li>
        <li>
          service providers who process it for us under contract: our hosting, database and file-storage provider
          (Cloudflare) and our email delivery provider. They may process data outside India, in countries to which the
          transfer of personal data has not been restricted by the Central Government;
        </li>
        <li>courts, regulators or the police when the law requires us to.</li>
      </ul>

      <h2>4. How long we keep it</h2>
      <ul>
        <li>
          Consultation requests: up to two years after our last contact with you, unless you become our client; client
          files are then kept for as long as our professional obligations and the law require.
        </li>
        <li>Accounts: while the account is open, and erased within 90 days after you ask us to close it.</li>
        <li>Sign-in sessions: they expire after 7 days without use, and after 30 days in any case.</li>
      </ul>
      <p>When the purpose is served and no law requires us to keep the data, we erase it.</p>

      <h2>5. How we protect it</h2>
      <p>
        The site is served only over encrypted connections; passwords are hashed; access to personal data is limited to
        people who need it; and sign-ins are rate-limited. If a personal data breach happens, we will inform the Data
        Protection Board of India and each affected person as the DPDP Act requires.
      </p>

      <h2>6. Your rights</h2>
      <p>Under the DPDP Act you may:</p>
      <ul>
        <li>ask for a summary of the personal data we hold about you and how we process it;</li>
        <li>ask us to correct, complete, update or erase your personal data;</li>
        <li>
          withdraw your consent at any time, as easily as you gave it (this does not affect processing already done);
        </li>
        <li>nominate another person to exercise your rights if you die or become unable to;</li>
        <li>have your grievances about our handling of your data addressed.</li>
      </ul>
      <p>
        To exercise any of these rights, write to{" "}
        <a href={`mailto:${firm.email}?subject=${encodeURIComponent("Privacy request")}`}>{firm.email}</a> with the
        subject &ldquo;Privacy request&rdquo;. We may ask you to confirm your identity and will respond within 90 days
        at the latest. If withdrawing consent means we can no longer provide a service (such as your account), we will
        tell you.
      </p>

      <h2>7. Grievances and complaints</h2>
      <p>
        Our Grievance Officer can be reached at <a href={`mailto:${firm.email}`}>{firm.email}</a> or by post at our head
        office. If you are not satisfied with our response, you may complain to the Data Protection Board of India.
      </p>

      <h2>8. Children</h2>
      <p>
        This website is not meant for children under 18. We do not knowingly create accounts for children. Where we must
        process a child&rsquo;s data for a legal matter (for example, in a custody case), we do so only with the
        verifiable consent of a parent or lawful guardian.
      </p>

      <h2>9. Professional confidentiality</h2>
      <p>
        Once you become our client, what you tell us is also protected by an advocate&rsquo;s duty of confidentiality
        and by the law on privileged professional communications. This notice does not limit that protection.
      </p>

      <h2>10. Changes to this notice</h2>
      <p>
        We will post any change on this page with a new &ldquo;last updated&rdquo; date, and tell account holders by
        email of changes that affect them materially.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
