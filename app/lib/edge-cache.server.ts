/**
 * The edge cache of public pages (docs/decisions/070-edge-cache.md).
 *
 * Anonymous GETs of the public pages are answered from the Workers Cache API,
 * so a page that is shared widely is rendered about once a minute per
 * Cloudflare data centre instead of on every view. server.ts applies it to
 * every request; `purgePublicPages` is what a feature calls after it changes
 * something a public page shows.
 *
 * Correctness rules:
 *  - only GET, only the listed public paths, never with a session cookie or an
 *    Authorization header (BYPASS: rendered, never stored, never served from the cache);
 *  - only 200 responses without Set-Cookie whose Cache-Control does not say
 *    private/no-store/no-cache are stored;
 *  - campaign tags (utm_*, fbclid…) are left out of the key, so the stored copy is
 *    always rendered from the URL without them (a tagged miss is answered as rendered
 *    and the untagged page stored in the background): a page carries its own URL
 *    (the consultation form's `source`), and one visitor's tags must not reach others;
 *  - the cookies the server reads to render a public page (the accepted
 *    disclaimer) are part of the key; other cookies are ignored;
 *  - the key contains a content version kept in D1 (the `counters` row
 *    `public_pages_version`). Every purge raises it, so every data centre's
 *    entries stop matching at once: the Cache API's own delete only reaches the
 *    local data centre. Each isolate re-reads the version at most every
 *    VERSION_MAX_AGE_MS, in the background, so a cached view does not wait for D1;
 *  - a stored page keeps its CSP nonce; each hit gets a fresh one, so a nonce is
 *    never reused across responses. The page is stored with its nonce and the
 *    byte offsets where it occurs, and a hit writes the fresh nonce (the same
 *    length) over those bytes; an entry whose bytes there are not its nonce is
 *    not served (docs/decisions/112-percentile-intervals-and-cached-nonces.md);
 *  - a page stored by another release of the app (another build: its HTML names
 *    that build's script and style files, which a deploy removes) is never
 *    served: it counts as a miss and is replaced.
 *
 * Responses say what happened in `X-Cache`: HIT, STALE (served while a fresh
 * copy is rendered in the background), MISS (rendered; stored when allowed) or BYPASS.
 *
 * This is also the one place that makes every response to a signed-in request
 * `private, no-store` (`privateForSignedIn`), since every request passes here.
 */
import { eq, sql } from "drizzle-orm";
import { counters } from "../../db/schema";
import type { Db } from "./db.server";
import type { AppEnv } from "./env.server";
import { logError, logRequest } from "./log.server";
import { requestCookies } from "./cookies";
import { withHeaders } from "./response.server";
import { createNonce } from "./security-headers.server";

/** A stored page is served as is for this long… */
export const EDGE_FRESH_SECONDS = 60;
/** …then, for this long, served once more while a fresh copy is rendered in the background. */
export const EDGE_STALE_SECONDS = 3600;
/** How old this isolate's idea of the content version may get before it is re-read (in the background). */
export const VERSION_MAX_AGE_MS = 5_000;

export const CACHE_STATUS_HEADER = "X-Cache";
export type CacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

const VERSION_COUNTER = "public_pages_version";
const CACHE_NAME = "public-pages";
const STORED_AT_HEADER = "X-Edge-Stored-At";
const RELEASE_HEADER = "X-Edge-Release";
const CLIENT_CACHE_CONTROL_HEADER = "X-Edge-Client-Cache-Control";
/** The stored page's CSP nonce, and the byte offsets in its body where it occurs ("12,3456"). */
const NONCE_HEADER = "X-Edge-Nonce";
const NONCE_OFFSETS_HEADER = "X-Edge-Nonce-Offsets";

/**
 * The public pages (docs/decisions/010-public-site.md): the same for every
 * anonymous visitor. Not here: forms that answer a submission (/consultation,
 * /join-us), sign-in pages, /admin, /dashboard, /quiz, /api, uploads (R2
 * serves them with their own caching headers).
 */
const STATIC_PAGES = [
  "/about",
  "/addedcost",
  "/blog",
  "/blogs",
  "/careers",
  "/contact",
  "/disclaimer",
  "/faculty1",
  "/founders",
  "/leave",
  "/myra",
  "/pay-dues",
  "/practice-areas",
  "/pricing",
  "/privacy",
  "/proposal",
  "/service",
  "/services",
  "/team",
  "/terms",
  "/testimonial",
  "/update",
  "/usereducer",
  "/whatsapp",
  "/sitemap.xml",
  "/robots.txt",
];
const SEGMENT = "[A-Za-z0-9._~%-]+";
const PAGE_PATTERNS: RegExp[] = [
  /^\/$/,
  new RegExp(`^(${STATIC_PAGES.map((path) => path.replace(/\./g, "\\.")).join("|")})$`),
  new RegExp(`^/blogs/${SEGMENT}$`), // an article, and /blogs/rss.xml
  new RegExp(`^/practice-areas/${SEGMENT}$`),
  new RegExp(`^/services/${SEGMENT}$`),
];

/** Query parameters that never change a page (campaign tags on shared links): left out of the key. */
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid)$/i;

/** The page a URL renders: single-fetch data URLs (`/blogs.data`, `/_root.data`) belong to their page. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function isCacheablePath(pathname: string): boolean {
  const path = pagePath(pathname);
  return PAGE_PATTERNS.some((pattern) => pattern.test(path));
}

export type EdgeCacheOptions = {
  /** Cookies that mean "signed in": their presence bypasses the cache. */
  sessionCookies: readonly string[];
  /** Cookies the server reads to render a public page: their values become part of the key. */
  keyCookies: readonly string[];
};

/** The request's cookies, read as the page and the session read them (app/lib/cookies.ts). */
export const cookiePairs = requestCookies;

/** Whether the request carries a sign-in: a session cookie or an Authorization header. */
export function carriesSignIn(request: Request, options: Pick<EdgeCacheOptions, "sessionCookies">): boolean {
  if (request.headers.has("Authorization")) return true;
  const cookies = cookiePairs(request);
  return options.sessionCookies.some((name) => cookies.has(name));
}

export const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/**
 * Every response to a signed-in request says `Cache-Control: private, no-store`, whatever the route
 * set: it may show the user's name, role or data, and a shared computer's back button or a proxy must
 * not show it again. The one exception is a file the same for everyone that says it never
 * changes (`immutable`: public uploads), which keeps its long cache.
 */
export function privateForSignedIn(response: Response): Response {
  if (/(^|[\s,])immutable([\s,]|$)/i.test(response.headers.get("Cache-Control") ?? "")) return response;
  return withHeaders(response, (headers) => headers.set("Cache-Control", SIGNED_IN_CACHE_CONTROL));
}

/** Why this request must not use the shared cache, or null when it may. */
export function bypassReason(request: Request, options: EdgeCacheOptions): string | null {
  if (request.method !== "GET") return "method";
  if (!isCacheablePath(new URL(request.url).pathname)) return "path";
  if (request.headers.has("Authorization")) return "authorization";
  const cookies = cookiePairs(request);
  if (options.sessionCookies.some((name) => cookies.has(name))) return "session";
  return null;
}

/**
 * The cache key: the request's origin (the Cache API is per zone), a path
 * prefix no visitor can request, the content version, the key cookies, the
 * page path and its query without campaign tags, sorted.
 */
export function cacheKey(request: Request, version: number, options: EdgeCacheOptions): string {
  const url = new URL(request.url);
  const params = [...url.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const cookies = cookiePairs(request);
  const variant = options.keyCookies
    .filter((name) => cookies.has(name))
    .map((name) => `${name}=${cookies.get(name)}`)
    .join("&");
  const query = new URLSearchParams(params).toString();
  return `${url.origin}/__edge-cache/v${version}/${encodeURIComponent(variant || "-")}${url.pathname}${query ? `?${query}` : ""}`;
}

/* ------------------------------------------------------------------ the content version */

type VersionState = {
  version: number | null;
  checkedAt: number;
  /** Bumped by every purge in this isolate, so an older background read never overwrites a newer write. */
  writes: number;
  pending: Promise<number> | null;
};

// On globalThis, not in this module: server.ts and the Remix bundle each carry a copy of this module.
const STATE_KEY = Symbol.for("lawfirm.edge-cache.version");

function versionState(): VersionState {
  const global = globalThis as typeof globalThis & { [STATE_KEY]?: VersionState };
  return (global[STATE_KEY] ??= { version: null, checkedAt: 0, writes: 0, pending: null });
}

async function readVersion(db: Db): Promise<number> {
  const row = await db.query.counters.findFirst({
    where: eq(counters.name, VERSION_COUNTER),
    columns: { value: true },
  });
  return row?.value ?? 0;
}

function refreshVersion(db: Db): Promise<number> {
  const state = versionState();
  if (state.pending) return state.pending;
  const writesBefore = state.writes;
  state.pending = readVersion(db)
    .then((version) => {
      if (state.writes === writesBefore) {
        state.version = version;
        state.checkedAt = Date.now();
      }
      return state.version ?? version;
    })
    .finally(() => {
      state.pending = null;
    });
  return state.pending;
}

/** This isolate's content version: read once, then refreshed in the background when older than VERSION_MAX_AGE_MS. */
export async function currentVersion(db: Db, waitUntil: (promise: Promise<unknown>) => void): Promise<number> {
  const state = versionState();
  if (state.version === null) return refreshVersion(db);
  if (Date.now() - state.checkedAt > VERSION_MAX_AGE_MS && !state.pending) {
    waitUntil(
      refreshVersion(db).catch((error) => logError(error, { where: "edge cache: reading the content version" })),
    );
  }
  return state.version;
}

type PurgeContext = { db: Db; env: Pick<AppEnv, "LOG_LEVEL"> };

/**
 * After a change to something public pages show: every cached public page, in
 * every data centre, stops being served (the content version in the key
 * changes). `paths` names the pages the change touched, for the log; the
 * whole site is invalidated because the layout, the home page and the lists
 * share data, and changes are rare next to views.
 *
 * Never throws: the change itself is saved, and if the version cannot be
 * raised the pages catch up within EDGE_FRESH_SECONDS. The failure is logged.
 */
export async function purgePublicPages(ctx: PurgeContext, paths: readonly string[]): Promise<void> {
  const state = versionState();
  try {
    const now = Date.now();
    const [row] = await ctx.db
      .insert(counters)
      .values({ name: VERSION_COUNTER, value: now })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`max(${counters.value} + 1, ${now})` } })
      .returning({ value: counters.value });
    state.writes += 1;
    state.version = row!.value;
    state.checkedAt = Date.now();
    if (ctx.env.LOG_LEVEL === "info")
      console.log(JSON.stringify({ level: "info", type: "purge", paths, version: state.version }));
  } catch (error) {
    logError(error, { where: `edge cache: purging ${paths.join(", ")}` });
  }
}

/* ------------------------------------------------------------------ serving */

export type EdgeCacheRequest = EdgeCacheOptions & {
  db: Db;
  /** A fresh nonce for this response (a cached page's nonce is replaced by it). */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * Render the page (the Remix handler) with this CSP nonce: the visitor's own (`nonce` above) for the
   * visitor's request, a fresh one for a background render.
   */
  render: (request: Request, nonce: string) => Promise<Response>;
  /** This build of the app (the client assets' version): pages stored by another build are not served. */
  release: string;
  /** For the STALE background render's log line. */
  logLevel?: AppEnv["LOG_LEVEL"];
};

/** Background re-renders under way in this isolate, so a burst of stale hits renders once. */
const revalidating = new Set<string>();

export async function serveWithEdgeCache(
  request: Request,
  options: EdgeCacheRequest,
): Promise<{ response: Response; status: CacheStatus }> {
  if (carriesSignIn(request, options)) {
    const response = privateForSignedIn(await options.render(request, options.nonce));
    return { response: withCacheStatus(response, "BYPASS"), status: "BYPASS" };
  }
  if (bypassReason(request, options)) {
    return { response: withCacheStatus(await options.render(request, options.nonce), "BYPASS"), status: "BYPASS" };
  }
  let version: number;
  try {
    version = await currentVersion(options.db, options.waitUntil);
  } catch (error) {
    logError(error, { where: "edge cache: reading the content version" });
    return { response: withCacheStatus(await options.render(request, options.nonce), "BYPASS"), status: "BYPASS" };
  }
  const key = cacheKey(request, version, options);
  const cache = await caches.open(CACHE_NAME);
  const found = await cache.match(key);
  const cached = found?.headers.get(RELEASE_HEADER) === options.release ? found : undefined;
  if (found && !cached) await found.body?.cancel();
  if (cached) {
    const ageSeconds = Math.max(0, (Date.now() - Number(cached.headers.get(STORED_AT_HEADER) ?? 0)) / 1000);
    const status: CacheStatus = ageSeconds <= EDGE_FRESH_SECONDS ? "HIT" : "STALE";
    const served = await fromCache(cached, status, ageSeconds, options.nonce);
    // An entry whose nonce cannot be replaced is not served: the page is rendered and stored again below.
    if (served) {
      if (status === "STALE" && !revalidating.has(key)) {
        revalidating.add(key);
        options.waitUntil(
          revalidate(untrackedRequest(request), key, cache, options).finally(() => revalidating.delete(key)),
        );
      }
      return { response: served, status };
    }
  }
  const response = await options.render(request, options.nonce);
  if (isStorable(response)) {
    // The stored copy is served to every URL of its key: it must be the page of the URL without campaign
    // tags, or the first visitor's tags would ride on everyone's consultation form (its `source`).
    const shared = untrackedRequest(request);
    if (shared.url === request.url) {
      // Read once, then the visitor and the cache each get the bytes: no tee of the body, whose
      // stored branch would wait on a visitor who reads slowly or never (and a tee costs CPU).
      const body = await response.arrayBuffer();
      options.waitUntil(store(cache, key, new Response(body, response), options.release, options.nonce));
      return { response: withCacheStatus(new Response(body, response), "MISS"), status: "MISS" };
    }
    options.waitUntil(revalidate(shared, key, cache, options));
  }
  return { response: withCacheStatus(response, "MISS"), status: "MISS" };
}

/** The request without the campaign tags the cache key leaves out (the same request when it has none). */
function untrackedRequest(request: Request): Request {
  const url = new URL(request.url);
  const tags = [...url.searchParams.keys()].filter((name) => TRACKING_PARAM.test(name));
  if (tags.length === 0) return request;
  for (const name of tags) url.searchParams.delete(name);
  return new Request(url.toString(), { headers: request.headers });
}

async function revalidate(request: Request, key: string, cache: Cache, options: EdgeCacheRequest) {
  const started = Date.now();
  try {
    const nonce = createNonce();
    const response = await options.render(new Request(request.url, { headers: request.headers }), nonce);
    if (isStorable(response)) await store(cache, key, response, options.release, nonce);
    else await response.body?.cancel();
    logRequest(options.logLevel ?? "info", {
      method: "GET",
      route: "edge-cache:revalidate",
      path: new URL(request.url).pathname,
      status: response.status,
      ms: Date.now() - started,
      cache: "REVALIDATE",
    });
  } catch (error) {
    logError(error, { where: "edge cache: background re-render", path: new URL(request.url).pathname });
  }
}

/** Only a complete, public, cookie-free 200 is shared. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = (response.headers.get("Cache-Control") ?? "").toLowerCase();
  return !/(^|[\s,])(private|no-store|no-cache)([\s,=]|$)/.test(cacheControl);
}

async function store(cache: Cache, key: string, response: Response, release: string, nonce: string) {
  try {
    const headers = new Headers(response.headers);
    const clientCacheControl = headers.get("Cache-Control");
    if (clientCacheControl) headers.set(CLIENT_CACHE_CONTROL_HEADER, clientCacheControl);
    headers.set("Cache-Control", `public, max-age=${EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS}`);
    headers.set(STORED_AT_HEADER, String(Date.now()));
    headers.set(RELEASE_HEADER, release);
    // Buffered: the Cache API needs a known length, and a render that fails half-way must not be stored.
    const body = await response.arrayBuffer();
    headers.set(NONCE_HEADER, nonce);
    headers.set(NONCE_OFFSETS_HEADER, occurrences(new Uint8Array(body), ascii(nonce)).join(","));
    await cache.put(key, new Response(body, { status: response.status, headers }));
  } catch (error) {
    logError(error, { where: "edge cache: storing a page" });
  }
}

/**
 * The stored page as this response serves it, with this response's nonce, or null when the entry's
 * nonce cannot be replaced (its bytes at the recorded offsets are not its nonce).
 */
async function fromCache(
  cached: Response,
  status: CacheStatus,
  ageSeconds: number,
  nonce: string,
): Promise<Response | null> {
  const headers = new Headers(cached.headers);
  const clientCacheControl = headers.get(CLIENT_CACHE_CONTROL_HEADER);
  if (clientCacheControl) headers.set("Cache-Control", clientCacheControl);
  else headers.delete("Cache-Control");
  for (const name of [
    CLIENT_CACHE_CONTROL_HEADER,
    STORED_AT_HEADER,
    RELEASE_HEADER,
    NONCE_HEADER,
    NONCE_OFFSETS_HEADER,
    "CF-Cache-Status",
  ])
    headers.delete(name);
  headers.set("Age", String(Math.floor(ageSeconds)));
  headers.set(CACHE_STATUS_HEADER, status);
  // The page was stored with the nonce of the request that rendered it; this response has its own.
  const body = new Uint8Array(await cached.arrayBuffer());
  if (!replaceNonce(body, cached.headers.get(NONCE_HEADER), cached.headers.get(NONCE_OFFSETS_HEADER), nonce))
    return null;
  return new Response(body, { status: cached.status, headers });
}

/**
 * Writes `fresh` over the stored nonce at each recorded offset, after checking every one of them holds
 * it; false (and the body untouched) when the record is missing or wrong, or the lengths differ.
 */
export function replaceNonce(body: Uint8Array, stored: string | null, offsets: string | null, fresh: string) {
  if (stored == null || offsets == null || stored.length !== fresh.length || stored.length === 0) return false;
  const old = ascii(stored);
  const at = offsets === "" ? [] : offsets.split(",").map(Number);
  const holdsNonce = (offset: number) =>
    Number.isInteger(offset) &&
    offset >= 0 &&
    offset + old.length <= body.length &&
    old.every((byte, index) => body[offset + index] === byte);
  if (!at.every(holdsNonce)) return false;
  const replacement = ascii(fresh);
  for (const offset of at) body.set(replacement, offset);
  return true;
}

/** Every offset where `needle` starts in `haystack`, left to right, not overlapping. */
export function occurrences(haystack: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  if (needle.length === 0) return found;
  for (let at = haystack.indexOf(needle[0]!); at !== -1 && at + needle.length <= haystack.length;) {
    if (needle.every((byte, index) => haystack[at + index] === byte)) {
      found.push(at);
      at = haystack.indexOf(needle[0]!, at + needle.length);
    } else at = haystack.indexOf(needle[0]!, at + 1);
  }
  return found;
}

/** A nonce's bytes (base64: ASCII, so one byte a character in the UTF-8 page). */
function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

function withCacheStatus(response: Response, status: CacheStatus): Response {
  return withHeaders(response, (headers) => headers.set(CACHE_STATUS_HEADER, status));
}
