/**
 * The one reading of a Cookie header, for everything that reads a cookie: the pages, the edge-cache
 * key and the sign-in cookies (RFC 6265's parsing, as the `cookie` package behind Remix's cookies does:
 * names and values trimmed, one pair of surrounding quotes dropped, the first of two same-named wins).
 * What changes a page and what changes its cache key then cannot disagree.
 */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || pairs.has(name)) continue;
    let value = part.slice(index + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    pairs.set(name, value);
  }
  return pairs;
}

export const requestCookies = (request: Request) => parseCookieHeader(request.headers.get("Cookie"));

/** The request's cookie `name` alone, as a Cookie header (for Remix's cookie parser), or null. */
export function cookieHeaderFor(request: Request, name: string): string | null {
  const value = requestCookies(request).get(name);
  return value === undefined ? null : `${name}=${value}`;
}
