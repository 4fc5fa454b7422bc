import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ContentPage } from "~/features/site/components/content-page";
import { AcceptDisclaimerSchema } from "~/features/site/schema";
import { disclaimerCookieHeader, hasAcceptedDisclaimer } from "~/features/disclaimer/disclaimer.server";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { safeRedirectPath } from "~/lib/auth.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const accepted = hasAcceptedDisclaimer(request);
  return data({ accepted }, { headers: await publicPageHeaders(request, context, { personalised: accepted }) });
}

/** 'I AGREE' without JavaScript: remember it for the browser session, then go back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = AcceptDisclaimerSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!submission.success) {
    throw data("This form could not be understood. Please go back and press 'I AGREE' again.", { status: 400 });
  }
  return redirect(safeRedirectPath(submission.data.redirectTo, "/"), {
    headers: { "Set-Cookie": disclaimerCookieHeader(context.env), "Cache-Control": "no-store" },
  });
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Disclaimer",
    description: `The Bar Council of India disclaimer of ${firm.name}: this website gives information only, is not an advertisement or solicitation, and creates no lawyer-client relationship.`,
    path: "/disclaimer",
  }),
);

export default function DisclaimerPage() {
  const { accepted } = useLoaderData<typeof loader>();
  return (
    <ContentPage title="Disclaimer" lead="Please read this before you use the website.">
      <p>
        The Bar Council of India does not permit advocates to solicit work or advertise, except as its rules allow. This
        website is meant only to give information about {firm.name}, its practice areas and its members to people who
        look for it on their own.
      </p>
      <p>By using this website you acknowledge that:</p>
      <ul>
        <li>
          there has been no advertisement, personal communication, solicitation, invitation or inducement of any kind by
          the firm or its members to seek any work through this website;
        </li>
        <li>you wish to obtain information about the firm for your own use;</li>
        <li>
          the content of this website is for general information only and is not legal advice; you should not act on it
          without advice on your own facts;
        </li>
        <li>
          reading the website, sending us an email or submitting the consultation form does not create a
          lawyer&ndash;client relationship; one arises only when we accept an engagement in writing;
        </li>
        <li>
          information you send us before an engagement may not be treated as privileged, so please do not send
          confidential documents until we ask for them.
        </li>
      </ul>
      <h2>Accuracy and links</h2>
      <p>
        We try to keep the content accurate and current, but the law changes and we make no warranty that the content is
        complete or up to date. The firm is not liable for any consequence of action taken on the basis of this website.
        Links to other websites are for convenience; we do not endorse and are not responsible for their content.
      </p>
      <h2>Your agreement</h2>
      {accepted ? (
        <p className="notice">You accepted this disclaimer in this browser session.</p>
      ) : (
        <p>The home page asks you to accept this disclaimer once per browser session.</p>
      )}
      <p>
        Questions about this notice can be sent to <a href={`mailto:${firm.email}`}>{firm.email}</a>. Read also our{" "}
        <Link to="/terms">Terms of Use</Link> and <Link to="/privacy">Privacy Notice</Link>.
      </p>
    </ContentPage>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
