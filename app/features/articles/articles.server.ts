/** Legal-insight articles: queries and rules (the only place their SQL lives). */
import { and, count, desc, eq, lte } from "drizzle-orm";
import { articles } from "../../../db/schema";
import type { Db } from "~/lib/db.server";

export type ArticleListOptions = { page?: number; limit?: number; now?: Date };

const publishedBy = (now: Date) => and(eq(articles.status, "published"), lte(articles.publishedAt, now));

/** Published articles whose date has come, newest first, a page at a time. */
export async function listPublishedArticles(db: Db, { page = 1, limit = 9, now = new Date() }: ArticleListOptions = {}) {
  const safeLimit = Math.min(Math.max(Math.trunc(limit) || 9, 1), 50);
  const where = publishedBy(now);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(articles).where(where);
  const pages = Math.max(1, Math.ceil(total / safeLimit));
  const safePage = Math.min(Math.max(Math.trunc(page) || 1, 1), pages);
  const items = await db
    .select()
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(safeLimit)
    .offset((safePage - 1) * safeLimit);
  return { items, total, page: safePage, pages };
}
