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
    title: "Terms of Use",
    description: `The terms on which you may use the ${firm.name} website, accounts, learning pages and quizzes, and the rules for content you submit.`,
    path: "/terms",
  }),
);

export default function Terms() {
  return (
    <ContentPage
      title="Terms of Use"
      lead={`By using this website you agree to these terms. Please read them with our disclaimer and privacy notice.`}
    >
      <h2>1. Information only</h2>
      <p>
        The content of this website is general information about the law and about {firm.name}. It is not legal advice
        and does not create a lawyer&ndash;client relationship; see our <Link to="/disclaimer">disclaimer</Link>. Always
        take advice on your own facts before you act.
      </p>

      <h2>2. Accounts</h2>
      <ul>
        <li>
          Give accurate details when you register and keep your password secret. You are responsible for what is done
          with your account.
        </li>
        <li>
          Tell us at once at <a href={`mailto:${firm.email}`}>{firm.email}</a> if you think someone else has used your
          account.
        </li>
        <li>We may suspend an account that breaks these terms or puts other users or the site at risk.</li>
      </ul>

      <h2>3. Content you submit</h2>
      <p>
        Signed-in users may submit articles and testimonials. You confirm that what you submit is your own or that you
        have the right to submit it, that it is true, and that it does not defame anyone or disclose anyone&rsquo;s
        confidential information. Submissions are reviewed before publication; we may edit, decline or remove them. You
        allow us to publish accepted submissions on this website with the name you give.
      </p>

      <h2>4. Quizzes and learning pages</h2>
      <p>
        Quizzes, course pages and study material are for learning. Results are indicative and are not a certification.
        Do not share quiz questions outside the portal or use tools to complete them for you.
      </p>

      <h2>5. Acceptable use</h2>
      <p>
        Do not misuse the website: no attempts to break its security, overload it, scrape it in bulk, send spam through
        its forms or upload malicious files.
      </p>

      <h2>6. Intellectual property</h2>
      <p>
        The text, design, logos and illustrations on this website belong to {firm.name} or its licensors. You may read,
        print and share pages for personal, non-commercial use with a link to the source.
      </p>

      <h2>7. Other websites</h2>
      <p>
        Links to other websites are for convenience only. We are not responsible for their content or their privacy
        practices.
      </p>

      <h2>8. Liability</h2>
      <p>
        We take care over the website, but it is provided &ldquo;as is&rdquo;. To the extent the law allows, the firm is
        not liable for any loss arising from the use of, or inability to use, the website or its content.
      </p>

      <h2>9. Governing law</h2>
      <p>
        These terms are governed by the laws of India. The courts at New Delhi have exclusive jurisdiction over any
        dispute about them.
      </p>

      <h2>10. Changes</h2>
      <p>
        We may change these terms by posting a new version here. Questions? Write to{" "}
        <a href={`mailto:${firm.email}`}>{firm.email}</a>. See also our <Link to="/privacy">Privacy Notice</Link>.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
