/**
 * An article's share picture (its og:image and twitter:image): its cover as a 1200 × 630 PNG, since link
 * previews show no SVG. The uploaded cover (JPEG, PNG or GIF) fills the frame; otherwise, and for a WebP
 * upload, which resvg cannot read, the generated cover. Drawn on the Worker by resvg the first time it is
 * asked for and kept in R2 under a version named by what it was drawn from (the generated SVG, or the
 * upload's key), so a new title, category or image gives a new version, a new URL and a new picture, and
 * the old ones are deleted. docs/decisions/117-article-share-pictures.md.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sha256 } from "~/lib/crypto.server";
import { logError } from "~/lib/log.server";
import { getPublishedArticleBySlug } from "./article-editor.server";
import { articleCoverSvg, COVER_HEIGHT, COVER_WIDTH } from "./cover";

type Ctx = Pick<AppLoadContext, "db" | "env">;
type Cover = { id: string; slug: string; title: string; category: string | null; image: string | null };

export const SHARE_IMAGE = { width: COVER_WIDTH, height: COVER_HEIGHT, type: "image/png" } as const;

/** Raised when the drawing changes (resvg, fonts, layout), so every picture is drawn again. */
const DRAWING = "1";
const DRAWN_MIME = ["image/jpeg", "image/png", "image/gif"];

/** An R2 key of the article's own upload; an absolute URL is someone else's file and is never fetched. */
const uploadKey = (image: string | null) => (image && !/^https?:\/\//i.test(image) ? image : null);

async function shareImageVersion(article: Cover): Promise<string> {
  const key = uploadKey(article.image);
  const source = key ? `upload:${key}` : `generated:${articleCoverSvg(article)}`;
  return (await sha256(`${DRAWING}\n${source}`)).slice(0, 16);
}

const storedKey = (article: Cover, version: string) => `share-images/${article.id}/${version}.png`;

const pathFor = (slug: string, version: string) => `/blogs/${encodeURIComponent(slug)}/share.png?v=${version}`;

/** Where the article's current share picture is served (the version is part of the URL, so caches keep it for good). */
export async function articleShareImagePath(article: Cover): Promise<string> {
  return pathFor(article.slug, await shareImageVersion(article));
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and a 5 MB image is too many for one call.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The uploaded image cropped to fill the frame, or null when it is missing or of a kind resvg cannot draw. */
async function uploadedCoverSvg(ctx: Ctx, key: string): Promise<string | null> {
  const object = await ctx.env.UPLOADS.get(key);
  if (!object) return null;
  const mime = object.httpMetadata?.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!DRAWN_MIME.includes(mime)) return null;
  const data = toBase64(new Uint8Array(await object.arrayBuffer()));
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}"><rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#14213d"/><image width="${COVER_WIDTH}" height="${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice" xlink:href="data:${mime};base64,${data}"/></svg>`;
}

async function drawShareImage(ctx: Ctx, article: Cover): Promise<Uint8Array> {
  const key = uploadKey(article.image);
  const svg = (key && (await uploadedCoverSvg(ctx, key))) || articleCoverSvg(article);
  const { renderPng } = await import("./share-render.server");
  return renderPng(svg, COVER_WIDTH);
}

/** The article's other stored versions: they can never be asked for again (their URL redirects here). */
async function deleteOlderVersions(ctx: Ctx, article: Cover, keep: string) {
  try {
    const listed = await ctx.env.UPLOADS.list({ prefix: `share-images/${article.id}/` });
    const stale = listed.objects.map((object) => object.key).filter((key) => key !== keep);
    if (stale.length > 0) await ctx.env.UPLOADS.delete(stale);
  } catch (error) {
    logError(error, { where: `deleting old share pictures of article ${article.id}` });
  }
}

const pngHeaders = (etag: string) => ({
  "Content-Type": SHARE_IMAGE.type,
  // The URL names the version: what it answers never changes.
  "Cache-Control": "public, max-age=31536000, immutable",
  ETag: etag,
});

/**
 * GET /blogs/{slug}/share.png?v={version}: the stored picture, drawn and stored first when it is not
 * there yet. Another version (an old link, or none) is sent to the current one; no published article: 404.
 */
export async function shareImageResponse(
  ctx: Ctx & Pick<AppLoadContext, "waitUntil">,
  slug: string,
  version: string | null,
): Promise<Response> {
  const article = await getPublishedArticleBySlug(ctx, slug);
  if (!article) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const current = await shareImageVersion(article);
  if (version !== current)
    return new Response(null, {
      status: 302,
      headers: { Location: pathFor(article.slug, current), "Cache-Control": "public, max-age=60" },
    });

  const key = storedKey(article, current);
  const stored = await ctx.env.UPLOADS.get(key);
  if (stored) return new Response(stored.body, { headers: pngHeaders(stored.httpEtag) });

  const png = await drawShareImage(ctx, article);
  const written = await ctx.env.UPLOADS.put(key, png, { httpMetadata: { contentType: SHARE_IMAGE.type } });
  ctx.waitUntil(deleteOlderVersions(ctx, article, key));
  return new Response(png as Uint8Array<ArrayBuffer>, { headers: pngHeaders(written.httpEtag) });
}
