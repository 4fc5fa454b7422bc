/**
 * The islands bundle: what a page that does not hydrate React (a route with `handle = NO_HYDRATION`,
 * app/lib/hydration.ts) needs of JavaScript, as small vanilla enhancers of the server-rendered markup.
 * Each does what the React component's effects do on a hydrated page; everything else on those pages
 * works without JavaScript (links, <details> disclosures, plain form posts).
 *
 * Plain DOM code only: importing React or anything from app/components here would defeat its purpose.
 */
import { enhanceConsultationForm } from "./consultation-form";
import { enhanceCounters } from "./counters";
import { closeOnEscape } from "./disclosure";
import { enhanceDisclaimer } from "./disclaimer";
import { enhanceGallery } from "./gallery";
import { enhanceReveal } from "./reveal";

document.querySelectorAll<HTMLDetailsElement>("details.menu").forEach((menu) => closeOnEscape(menu));
document.querySelectorAll<HTMLDetailsElement>("details.contact-dial").forEach((dial) => closeOnEscape(dial, document));
document.querySelectorAll<HTMLElement>("ul.gallery").forEach(enhanceGallery);
document.querySelectorAll<HTMLAnchorElement>("a[data-reveal]").forEach(enhanceReveal);
document.querySelectorAll<HTMLElement>("ul.hero__counters").forEach(enhanceCounters);
document.querySelectorAll<HTMLElement>("div.disclaimer-overlay").forEach(enhanceDisclaimer);
// In the bundle itself, though only two pages have the form: about 2 KB gzipped, less than a second
// request would cost a visitor on a slow network, and what a first visit loads stays one file that the
// budget check and the bench can see. Its checks (zod) are fetched only when a visitor starts on it.
document.querySelectorAll<HTMLFormElement>("form.consultation-form").forEach(enhanceConsultationForm);
// For tests and monitoring: the enhancers are attached (as React's props on elements say for hydration).
document.documentElement.dataset.islands = "ready";
