/**
 * Shared-video link recognition (docs/product.md#validation): a YouTube `watch?v=` link or a
 * youtu.be short link whose id is exactly 11 characters of [A-Za-z0-9_-]
 * becomes an embed on the privacy-enhanced domain; anything else (other
 * hosts, ids of another length, javascript:, free text) embeds nothing.
 * Used for sub-services' youtubeLink and for a service's youtubeVideos.
 */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);

/** The 11-character video id of a recognised link, or null. */
export function youtubeVideoId(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text || text.length > 500) return null;
  // People paste "youtu.be/…" or "www.youtube.com/watch?v=…" without the scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (WATCH_HOSTS.has(host) && url.pathname === "/watch") id = url.searchParams.get("v");
  else if (host === "youtu.be") id = url.pathname.slice(1);
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The embed URL of a recognised link (https://www.youtube-nocookie.com/embed/{id}), or null. */
export function youtubeEmbedUrl(link: string | null | undefined): string | null {
  const id = youtubeVideoId(link);
  return id ? `${YOUTUBE_EMBED_ORIGIN}/embed/${id}` : null;
}
