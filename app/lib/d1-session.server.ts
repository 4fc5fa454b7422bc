/**
 * D1 read replication (docs/decisions/094-d1-read-replicas.md): which database a request's queries
 * start on, and the bookmark handed back so the client's next request reads its own writes.
 *
 * - A write (any method but GET/HEAD/OPTIONS) and everything of the quiz portal (the server-owned
 *   clock: /quiz…, /api/quiz…) start on the primary.
 * - Any other read starts on the nearest replica, or one at least as new as the client's bookmark:
 *   the `X-D1-Bookmark` request header (API clients) or the `d1_bookmark` cookie (pages). A signed-in
 *   read without a bookmark starts on the primary: the spec's own client sends no bookmark, and its
 *   user must still see the account it registered a moment ago.
 * - The bookmark after the request goes back as the `X-D1-Bookmark` response header on /api, and as
 *   the cookie after a page's write only (a cookie on a read would keep it out of the edge cache).
 */
import type { SessionStart } from "./db.server";
import { cookiePairs } from "./edge-cache.server";
import { isApiPath } from "./http.server";
import { withHeaders } from "./response.server";

export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const BOOKMARK_COOKIE = "d1_bookmark";
/** Long enough for any replica to have caught up with the write; a stale cookie only costs a primary read. */
const COOKIE_MAX_AGE_SECONDS = 300;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PRIMARY_PATHS = /^\/(api\/)?quiz(\/|$)/;
/** D1 bookmarks are hex groups joined by dashes; anything else from a client is ignored. */
const BOOKMARK_SHAPE = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,8}$/i;

const isWrite = (request: Request) => !READ_METHODS.has(request.method);

/** Where this request's D1 session starts (`signedIn`: it carries a session cookie or a token). */
export function sessionStart(request: Request, pathname: string, { signedIn }: { signedIn: boolean }): SessionStart {
  if (isWrite(request) || PRIMARY_PATHS.test(pathname)) return { kind: "primary" };
  const given = request.headers.get(BOOKMARK_HEADER) ?? cookiePairs(request).get(BOOKMARK_COOKIE) ?? null;
  const bookmark = given && BOOKMARK_SHAPE.test(given) ? given : null;
  if (!bookmark && signedIn) return { kind: "primary" };
  return { kind: "nearest", bookmark };
}

/** The response with the session's bookmark for the client's next request (see the module comment). */
export function withBookmark(
  response: Response,
  request: Request,
  pathname: string,
  bookmark: string | null,
  options: { isLocal: boolean },
): Response {
  if (!bookmark || !BOOKMARK_SHAPE.test(bookmark)) return response;
  const api = isApiPath(pathname);
  if (!api && !isWrite(request)) return response;
  return withHeaders(response, (headers) => {
    if (api) headers.set(BOOKMARK_HEADER, bookmark);
    else
      headers.append(
        "Set-Cookie",
        `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.isLocal ? "" : "; Secure"}`,
      );
  });
}
