/**
 * The home page's Bar Council of India disclaimer. Acceptance lasts for the
 * browser session: a session cookie (so the server leaves the modal out, also
 * without JavaScript) and, with JavaScript, the sessionStorage flag.
 */
import { parseCookieHeader } from "../../lib/cookies";

/** The sessionStorage flag that remembers the accepted disclaimer (docs/product.md#browser-storage). */
export const DISCLAIMER_STORAGE_KEY = "disclaimerAccepted";
export const DISCLAIMER_COOKIE = "disclaimer_accepted";

/** Set the session cookie from the browser (the JavaScript path of 'I AGREE'). */
export function acceptDisclaimerInBrowser() {
  try {
    window.sessionStorage.setItem(DISCLAIMER_STORAGE_KEY, "true");
  } catch {
    // Storage can be disabled (private modes); the cookie below still records acceptance.
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${DISCLAIMER_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}

export function disclaimerAcceptedInBrowser(): boolean {
  try {
    if (window.sessionStorage.getItem(DISCLAIMER_STORAGE_KEY) === "true") return true;
  } catch {
    // fall through to the cookie
  }
  return parseCookieHeader(document.cookie).get(DISCLAIMER_COOKIE) === "1";
}
