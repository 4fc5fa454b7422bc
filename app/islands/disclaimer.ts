import { acceptDisclaimerInBrowser, disclaimerAcceptedInBrowser } from "../features/disclaimer/disclaimer";
import { makeModal } from "./modal";

/**
 * The home page's disclaimer without React (DisclaimerModal in
 * app/features/disclaimer/components/disclaimer-modal.tsx, which the server renders open until the
 * session cookie says it was accepted). Accepted earlier in this tab (the sessionStorage flag) but
 * the cookie is gone: removed at once. Otherwise it is modal (the rest of the page inert, focus on
 * 'I AGREE' and kept inside; Escape does nothing, the visitor must agree or disagree), and 'I AGREE'
 * sets the flag and the cookie in the browser and closes it in place instead of posting to
 * /disclaimer, the no-JavaScript path.
 */
export function enhanceDisclaimer(overlay: HTMLElement) {
  if (disclaimerAcceptedInBrowser()) {
    overlay.remove();
    return;
  }
  const dialog = overlay.querySelector<HTMLElement>("[role='dialog']");
  const form = overlay.querySelector("form");
  if (!dialog || !form) return;
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const release = makeModal(dialog);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    acceptDisclaimerInBrowser();
    release();
    overlay.remove();
    if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
  });
}
