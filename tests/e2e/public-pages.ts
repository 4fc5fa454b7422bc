/**
 * The public pages the site-wide checks (HTML validity, the visual check) visit: every page of the
 * sitemap's fixed part, one seeded article and service, and the public pages the sitemap leaves out
 * (sign-in forms, the not-found page).
 */
import { PUBLIC_PAGES } from "../../app/features/site/public-pages";

export const SEEDED_ARTICLE = "/blogs/dpdp-act-2023-what-businesses-must-do";
export const SEEDED_SERVICE = "/services/judiciary-exam";

/** Public pages that are not in the sitemap (not canonical, or not for search engines). */
export const UNLISTED_PUBLIC_PAGES = ["/login", "/forgot-password", "/join-us?acceptRules=yes", "/no-such-page"];

export const SITE_PAGES: string[] = [
  ...PUBLIC_PAGES.map((page) => page.path),
  SEEDED_ARTICLE,
  SEEDED_SERVICE,
  ...UNLISTED_PUBLIC_PAGES,
];
