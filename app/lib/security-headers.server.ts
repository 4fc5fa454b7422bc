/**
 * Security headers for every response the Worker produces (documents, data
 * requests and resource routes). Static files get theirs from public/_headers.
 */
import { withHeaders } from "./response.server";

export type SecurityHeaderOptions = {
  nonce: string;
  isLocal: boolean;
  /** Extra origins for script/frame/connect/form-action (e.g. the Google sign-in origin). */
  googleOrigins?: string[];
};

export function contentSecurityPolicy({ nonce, googleOrigins = [] }: SecurityHeaderOptions): string {
  const google = googleOrigins.join(" ");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    "script-src": `'self' 'nonce-${nonce}' ${google}`,
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: https:",
    "media-src": "'self'",
    "font-src": "'self'",
    "connect-src": `'self' ${google}`,
    "frame-src": `https://www.youtube-nocookie.com ${google}`,
    "form-action": `'self' ${google}`,
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value.replace(/\s+/g, " ").trim()}`)
    .join("; ");
}

export function applySecurityHeaders(response: Response, options: SecurityHeaderOptions): Response {
  const policy = contentSecurityPolicy(options);
  return withHeaders(response, (headers) => {
    headers.set("Content-Security-Policy", policy);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (!options.isLocal) {
      headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  });
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The origins Google sign-in needs, only when it is configured. */
export function googleOrigins(env: { GOOGLE_CLIENT_ID: string; GOOGLE_AUTH_URL: string }): string[] {
  if (!env.GOOGLE_CLIENT_ID) return [];
  const origins = new Set<string>([new URL(env.GOOGLE_AUTH_URL).origin]);
  // The one-tap script and its iframe always come from Google's accounts host.
  if (new URL(env.GOOGLE_AUTH_URL).hostname.endsWith("google.com")) origins.add("https://accounts.google.com");
  return [...origins];
}

/** Paths that receive cross-site POSTs by design and check their own CSRF token. */
const CROSS_SITE_POST_PATHS = new Set(["/api/auth/google"]);

/**
 * A state-changing request sent by another site's page. Browsers label such
 * requests (Sec-Fetch-Site, Origin); API clients that are not browsers send
 * neither and are not affected. On top of SameSite=Lax cookies.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const url = new URL(request.url);
  if (CROSS_SITE_POST_PATHS.has(url.pathname)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && origin !== url.origin) return true;
  if (origin === "null") return true;
  return false;
}
