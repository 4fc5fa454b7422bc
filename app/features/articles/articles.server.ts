/** Legal-insight articles: queries and rules (the only place their SQL lives). */
import { and, count, desc, eq, lte } from "drizzle-orm";
import { articles } from "../../../db/schema";
import type { Db } from "~/lib/db.server";

export type ArticleListOptions = { page?: number; limit?: number; now?: Date };

/** Articles per page of the public list. */
export const ARTICLES_PER_PAGE = 6;

const publishedBy = (now: Date) => and(eq(articles.status, "published"), lte(articles.publishedAt, now));

/** The columns an article card shows: never the Markdown body, which can be long. */
const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  category: articles.category,
  summary: articles.summary,
  highlight: articles.highlight,
  author: articles.author,
  image: articles.image,
  publishedAt: articles.publishedAt,
};

export type ArticleCard = {
  id: string;
  slug: string;
  title: string;
  category: string | null;
  summary: string;
  highlight: string;
  author: string | null;
  image: string | null;
  publishedAt: Date;
};

/** Published articles whose date has come, newest first, a page at a time (card columns only). */
export async function listPublishedArticles(
  db: Db,
  { page = 1, limit = ARTICLES_PER_PAGE, now = new Date() }: ArticleListOptions = {},
): Promise<{ items: ArticleCard[]; total: number; page: number; pages: number }> {
  const safeLimit = Math.min(Math.max(Math.trunc(limit) || ARTICLES_PER_PAGE, 1), 50);
  const where = publishedBy(now);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(articles).where(where);
  const pages = Math.max(1, Math.ceil(total / safeLimit));
  const safePage = Math.min(Math.max(Math.trunc(page) || 1, 1), pages);
  const items = await db
    .select(cardColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(safeLimit)
    .offset((safePage - 1) * safeLimit);
  return { items, total, page: safePage, pages };
}

/** The newest published articles, for the home page's "Legal Insights" block. */
export async function listLatestArticles(db: Db, { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return db
    .select(cardColumns)
    .from(articles)
    .where(publishedBy(now))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(Math.min(Math.max(Math.trunc(limit) || 3, 1), 12));
}

/** Slug and last change of every published article, for /sitemap.xml. */
export async function listPublishedArticleUrls(db: Db, { now = new Date() }: { now?: Date } = {}) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
    .from(articles)
    .where(publishedBy(now))
    .orderBy(desc(articles.publishedAt));
}
