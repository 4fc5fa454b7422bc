import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm, messagingUrl } from "~/config/firm";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export const loader = staticPageLoader;
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  noindexPageMeta({
    title: "Message Us on WhatsApp",
    description: `Opens WhatsApp with a message to ${firm.name} already typed, so you can ask about our legal services in one tap.`,
    path: "/whatsapp",
  }),
);

/** Hands the visitor over to the messaging app; the link is the fallback (and the no-JavaScript path). */
export default function WhatsApp() {
  const url = messagingUrl();
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <div className="page page--narrow">
      <h1>Message Us on WhatsApp</h1>
      <p className="lead">Opening WhatsApp with your message ready to send&hellip;</p>
      <p>If it does not open by itself, use this link:</p>
      <p>
        <a className="button button--primary" href={url}>
          Open WhatsApp
        </a>
      </p>
      <p>
        The message will read: &ldquo;{firm.messaging.prefilledText}&rdquo;. You can also call us on{" "}
        <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a>.
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
