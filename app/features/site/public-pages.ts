/**
 * The public site's pages, for /sitemap.xml (with the published articles and
 * the services from the database). Aliases (/blog) and hand-over pages
 * (/whatsapp) are left out: the sitemap lists canonical URLs only.
 */
export type SitemapEntry = { path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number };

export const PUBLIC_PAGES: SitemapEntry[] = [
  { path: "/", changefreq: "daily", priority: 1.0 },
  { path: "/blogs", changefreq: "daily", priority: 0.9 },
  { path: "/practice-areas", changefreq: "monthly", priority: 0.9 },
  { path: "/practice-areas/corporate-commercial", changefreq: "monthly", priority: 0.8 },
  { path: "/practice-areas/tax", changefreq: "monthly", priority: 0.8 },
  { path: "/practice-areas/licensing", changefreq: "monthly", priority: 0.8 },
  { path: "/practice-areas/disputes", changefreq: "monthly", priority: 0.8 },
  { path: "/consultation", changefreq: "yearly", priority: 0.9 },
  { path: "/about", changefreq: "monthly", priority: 0.7 },
  { path: "/testimonial", changefreq: "weekly", priority: 0.6 },
  { path: "/contact", changefreq: "yearly", priority: 0.8 },
  { path: "/team", changefreq: "monthly", priority: 0.6 },
  { path: "/founders", changefreq: "monthly", priority: 0.6 },
  { path: "/faculty1", changefreq: "monthly", priority: 0.4 },
  { path: "/careers", changefreq: "monthly", priority: 0.5 },
  { path: "/services", changefreq: "weekly", priority: 0.6 },
  { path: "/join-us", changefreq: "yearly", priority: 0.4 },
  { path: "/service", changefreq: "yearly", priority: 0.4 },
  { path: "/pricing", changefreq: "yearly", priority: 0.4 },
  { path: "/proposal", changefreq: "yearly", priority: 0.3 },
  { path: "/addedcost", changefreq: "yearly", priority: 0.3 },
  { path: "/pay-dues", changefreq: "yearly", priority: 0.3 },
  { path: "/myra", changefreq: "yearly", priority: 0.3 },
  { path: "/usereducer", changefreq: "yearly", priority: 0.2 },
  { path: "/update", changefreq: "weekly", priority: 0.2 },
  { path: "/leave", changefreq: "yearly", priority: 0.2 },
  { path: "/privacy", changefreq: "yearly", priority: 0.3 },
  { path: "/terms", changefreq: "yearly", priority: 0.3 },
  { path: "/disclaimer", changefreq: "yearly", priority: 0.3 },
];
