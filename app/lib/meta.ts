import { firm } from "~/config/firm";

export type PageMetaInput = {
  title: string;
  description?: string;
  /** Path of the page, for the canonical URL (defaults to none). */
  path?: string;
  image?: string;
  /** The image's size and type, when known (og:image:width, og:image:height, og:image:type). */
  imageInfo?: { width: number; height: number; type: string };
  /** The OpenGraph type: one per page ("article" for an article). */
  type?: "website" | "article";
};

const DEFAULT_DESCRIPTION = `${firm.name}: ${firm.tagline} in Delhi and Haryana. Corporate, tax, licensing, regulatory work, dispute resolution and litigation.`;

/** Title, description, canonical and OpenGraph tags for a page. */
export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  image,
  imageInfo,
  type = "website",
}: PageMetaInput) {
  const fullTitle = `${title} | ${firm.name}`;
  const tags: Array<Record<string, string>> = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: firm.name },
  ];
  if (path !== undefined) {
    const url = new URL(path, firm.siteUrl).toString();
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  if (image) {
    const url = new URL(image, firm.siteUrl).toString();
    tags.push({ property: "og:image", content: url });
    if (imageInfo)
      tags.push(
        { property: "og:image:width", content: String(imageInfo.width) },
        { property: "og:image:height", content: String(imageInfo.height) },
        { property: "og:image:type", content: imageInfo.type },
      );
    // X (Twitter) reads its own tags: the large picture card, with the same picture.
    tags.push({ name: "twitter:card", content: "summary_large_image" }, { name: "twitter:image", content: url });
  }
  return tags;
}

/** The tags of a page kept out of search results (staff, account and one-visit pages): pageMeta's, then robots noindex. */
export function noindexPageMeta(input: PageMetaInput) {
  return [...pageMeta(input), { name: "robots", content: "noindex" }];
}

/** The title of each status page, as its heading says it (app/components/status-pages.tsx). */
export function statusTitle(status: number) {
  if (status === 404) return "Page Under Construction";
  if (status === 403) return "Forbidden: Insufficient Permissions";
  return status >= 500 ? "Something went wrong" : "This request could not be completed";
}

/**
 * The tags of a page that answers with its status page instead (its meta has no data): the not-found
 * page's for a 404 (an article or a service removed or mistyped, as on the catch-all route), the
 * forbidden page's for a 403, else an error page's. Never an empty title.
 */
export function statusPageMeta(error?: unknown) {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : 404;
  return noindexPageMeta({ title: statusTitle(typeof status === "number" ? status : 500) });
}

/**
 * A route's meta that gives way to its status page's when the route answers with one: a route with an
 * ErrorBoundary is where the error is shown, and Remix calls its meta with that `error` (a 403 page must
 * not keep the title of the page it refuses). Every route that exports an ErrorBoundary wraps its meta in
 * this (tests/integration/status-titles.test.ts checks each one).
 */
export function withStatusMeta<Args extends { error?: unknown }, Tags>(meta: (args: Args) => Tags) {
  return (args: Args) => (args.error ? statusPageMeta(args.error) : meta(args));
}
