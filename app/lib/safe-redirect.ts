/**
 * The one rule for every place the app sends a visitor back to (`redirectTo`, `returnTo`): only a
 * path on this site. A browser reads `//evil.example`, `/\evil.example` and `/\t/evil.example` as
 * another site, and percent-encoding or dot segments can turn a harmless-looking value into one of
 * those after decoding or normalising (`/..//evil.example` becomes `//evil.example`). So:
 *  - a string of at most 2,000 characters that starts with exactly one `/`;
 *  - no backslash and no control character, neither as typed nor after percent-decoding;
 *  - no encoded slash or backslash (`%2F`, `%5C`) in the path, however often encoded;
 *  - the result is the path as the URL parser normalises it (dot segments resolved), checked again.
 * Anything else gives the fallback. Plain (no `.server`): the login form uses it for its hidden field.
 */
const MAX_LENGTH = 2000;

/** C0 and C1 control characters (the URL parser drops tab and newline, so "/\t/x" would become "//x"). */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Percent-decode until nothing changes (at most a few rounds); null when the encoding is malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isSafeLocalPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !hasControlCharacter(value);
}

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !isSafeLocalPath(value)) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === null || !isSafeLocalPath(decoded)) return fallback;
  // An encoded slash in the path is never needed by this site's routes, and some servers and
  // browsers decode it: refuse it rather than guess.
  const path = value.split(/[?#]/, 1)[0]!;
  if (/%(25)*(2f|5c)/i.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://same.site");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same.site") return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Normalising resolves dot segments: "/..//evil.example" is "//evil.example" now.
  return isSafeLocalPath(result) ? result : fallback;
}
