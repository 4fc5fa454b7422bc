/** /sitemap.xml and /robots.txt. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { firm } from "~/config/firm";
import { listPublishedArticleUrls } from "~/features/articles/index.server";
import { listServices } from "~/features/services/index.server";
import { escapeXml } from "~/lib/xml";
import { PUBLIC_PAGES } from "./public-pages";

const absolute = (path: string) => new URL(path, firm.siteUrl).toString();
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function sitemapXml({ db }: Pick<AppLoadContext, "db">, now = new Date()): Promise<string> {
  const [articles, services] = await Promise.all([listPublishedArticleUrls(db, { now }), listServices(db)]);
  const urls: string[] = PUBLIC_PAGES.map(
    (page) =>
      `<url><loc>${escapeXml(absolute(page.path))}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
  );
  for (const service of services) {
    urls.push(
      `<url><loc>${escapeXml(absolute(`/services/${encodeURIComponent(service.path)}`))}</loc><changefreq>monthly</changefreq><priority>0.4</priority></url>`,
    );
  }
  for (const article of articles) {
    const modified = article.updatedAt > article.publishedAt ? article.updatedAt : article.publishedAt;
    urls.push(
      `<url><loc>${escapeXml(absolute(`/blogs/${encodeURIComponent(article.slug)}`))}</loc><lastmod>${day(modified)}</lastmod><changefreq>monthly</changefreq><priority>0.7</priority></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /quiz/",
    "Disallow: /dashboard",
    "Disallow: /oauth-success",
    "Disallow: /login/continue",
    "Disallow: /reset-password/",
    "Allow: /",
    "",
    `Sitemap: ${absolute("/sitemap.xml")}`,
    "",
  ].join("\n");
}
