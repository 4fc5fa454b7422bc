/**
 * The islands bundle: what a page that does not hydrate React (a route with `handle = NO_HYDRATION`,
 * app/lib/hydration.ts) needs of JavaScript, as small vanilla enhancers of the server-rendered markup.
 * Each does what the React component's effects do on a hydrated page; everything else on those pages
 * works without JavaScript (links, <details> disclosures, plain form posts).
 *
 * Plain DOM code only: importing React or anything from app/components here would defeat its purpose.
 */
import { enhanceGallery } from "./gallery";
import { enhanceReveal } from "./reveal";

/** SiteHeader (app/components/site-header.tsx): Escape closes the open menu and focuses its toggle. */
function enhanceMenu(menu: HTMLDetailsElement) {
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
}

/** ContactDial (app/components/contact-dial.tsx): Escape, wherever focus is, closes the dial and returns focus. */
function enhanceContactDial(dial: HTMLDetailsElement) {
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && dial.open) {
      dial.open = false;
      dial.querySelector("summary")?.focus();
    }
  });
}

document.querySelectorAll<HTMLDetailsElement>("details.menu").forEach(enhanceMenu);
document.querySelectorAll<HTMLDetailsElement>("details.contact-dial").forEach(enhanceContactDial);
document.querySelectorAll<HTMLElement>("ul.gallery").forEach(enhanceGallery);
document.querySelectorAll<HTMLAnchorElement>("a[data-reveal]").forEach(enhanceReveal);

// The consultation form's island is larger than all the others together: fetched only where the form is.
const consultationForms = document.querySelectorAll<HTMLFormElement>("form.consultation-form");
const loading =
  consultationForms.length > 0
    ? import("./consultation-form").then(({ enhanceConsultationForm }) =>
        consultationForms.forEach(enhanceConsultationForm),
      )
    : Promise.resolve();

// For tests and monitoring: the enhancers are attached (as React's props on elements say for hydration),
// the loaded ones too. If one cannot be fetched its page works without it (a plain form post).
void loading
  .catch(() => undefined)
  .then(() => {
    document.documentElement.dataset.islands = "ready";
  });
