import type { AppEnv } from "~/lib/env.server";
import { DISCLAIMER_COOKIE } from "./disclaimer";

/** Has this browser accepted the disclaimer in this session? */
export function hasAcceptedDisclaimer(request: Request): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(/;\s*/).includes(`${DISCLAIMER_COOKIE}=1`);
}

/** A session cookie (no Max-Age/Expires): it ends when the browser session ends. */
export function disclaimerCookieHeader(env: Pick<AppEnv, "isLocal">): string {
  return `${DISCLAIMER_COOKIE}=1; Path=/; SameSite=Lax${env.isLocal ? "" : "; Secure"}`;
}
