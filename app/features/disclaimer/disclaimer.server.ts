import { requestCookies } from "~/lib/cookies";
import type { AppEnv } from "~/lib/env.server";
import { DISCLAIMER_COOKIE } from "./disclaimer";

/** Has this browser accepted the disclaimer in this session? */
export function hasAcceptedDisclaimer(request: Request): boolean {
  // The same reading as the edge-cache key's, so the page and its cache entry agree.
  return requestCookies(request).get(DISCLAIMER_COOKIE) === "1";
}

/** A session cookie (no Max-Age/Expires): it ends when the browser session ends. */
export function disclaimerCookieHeader(env: Pick<AppEnv, "isLocal">): string {
  return `${DISCLAIMER_COOKIE}=1; Path=/; SameSite=Lax${env.isLocal ? "" : "; Secure"}`;
}
