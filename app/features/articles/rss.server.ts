/** /blogs/rss.xml: an RSS 2.0 feed of the newest published articles. */
import { firm } from "~/config/firm";
import type { Db } from "~/lib/db.server";
import { escapeXml } from "~/lib/xml";
import { listLatestArticles } from "./articles.server";

export async function articlesRss(db: Db, now = new Date()) {
  const items = await listLatestArticles(db, { limit: 12, now });
  const link = (path: string) => new URL(path, firm.siteUrl).toString();
  const entries = items
    .map(
      (article) => `<item>
<title>${escapeXml(article.title)}</title>
<link>${escapeXml(link(`/blogs/${article.slug}`))}</link>
<guid isPermaLink="true">${escapeXml(link(`/blogs/${article.slug}`))}</guid>
<description>${escapeXml(article.summary)}</description>
<author>${escapeXml(`${firm.email} (${article.author?.trim() || firm.teamLabel})`)}</author>
${article.category ? `<category>${escapeXml(article.category)}</category>` : ""}
<pubDate>${article.publishedAt.toUTCString()}</pubDate>
</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(`${firm.name}: Legal Insights`)}</title>
<link>${escapeXml(link("/blogs"))}</link>
<atom:link href="${escapeXml(link("/blogs/rss.xml"))}" rel="self" type="application/rss+xml"/>
<description>${escapeXml(`Articles on Indian law and practice by ${firm.teamLabel}.`)}</description>
<language>en-IN</language>
<lastBuildDate>${now.toUTCString()}</lastBuildDate>
${entries}
</channel>
</rss>`;
}
