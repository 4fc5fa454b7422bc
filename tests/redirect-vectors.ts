// Shared by app/lib/safe-redirect.test.ts and tests/integration/redirects.test.ts.
/** Every value an attacker may put into redirectTo / returnTo. */
export const OFFSITE_REDIRECTS = [
  "//evil.example",
  "//evil.example/x",
  "/..//evil.example",
  "/./..//evil.example",
  "/%2e%2e//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https://evil.example/",
  "HTTPS://evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%255Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/%0d%0a/evil.example",
  " //evil.example",
  "/%E0%A4%A", // malformed percent-encoding
  `/${"a".repeat(2001)}`,
];

/**
 * The vectors tried against every route (the function itself is tested with all of the above):
 * the five, then an encoded backslash, a tab, a double encoding and dot segments by escape.
 */
export const ROUTE_REDIRECT_VECTORS = [
  "//evil.example",
  "/..//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/%252F%252Fevil.example",
  "/%2e%2e//evil.example",
];
