import { PRACTICE_PAGES } from "./practice-areas";

/**
 * The site's navigation. A link is labelled with its page's name (the page's <h1>), so a page has
 * one name everywhere; tests/e2e/navigation.spec.ts checks it.
 */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/blogs", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/consultation", label: "Consultation" },
  { to: "/practice-areas", label: "Practice Areas" },
  { to: "/testimonial", label: "Testimonials" },
] as const;

export const FOOTER_LINKS = {
  practice: PRACTICE_PAGES.map((page) => ({ to: `/practice-areas/${page.slug}`, label: page.title })),
  firm: [
    { to: "/about", label: "About the Firm" },
    { to: "/founders", label: "Our Founders" },
    { to: "/team", label: "Our Team" },
    { to: "/careers", label: "Careers" },
    { to: "/contact", label: "Contact Us" },
  ],
  clients: [
    { to: "/services", label: "Services" },
    { to: "/service", label: "Learning Plans and Pricing" },
    { to: "/pay-dues", label: "Pay Dues" },
    { to: "/myra", label: "Demo Quiz" },
    { to: "/join-us", label: "Join Us as a Teacher" },
  ],
  legal: [
    { to: "/privacy", label: "Privacy Notice" },
    { to: "/terms", label: "Terms of Use" },
    { to: "/disclaimer", label: "Disclaimer" },
  ],
};
