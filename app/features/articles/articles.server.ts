/** Legal-insight articles: queries and rules (the only place their SQL lives). */
import { and, count, desc, eq, gt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { articleCounts, articles } from "../../../db/schema";
import { micromark } from "micromark";
import { PreparedRun, preparedOnce, type Db } from "~/lib/db.server";
import { boundedCache } from "~/lib/memo";
import { pageSizeWithin } from "~/lib/pagination";
import { pageInOneTrip, type Page, type TotalQuery } from "~/lib/pagination.server";

export type ArticleListOptions = { page?: number; limit?: number; now?: Date };

/** Articles per page of the public list. */
export const ARTICLES_PER_PAGE = 6;

/** Published, and its date has come (a later date schedules it). A placeholder's value is in milliseconds. */
export const publishedBy = (now: Date | Placeholder) =>
  and(eq(articles.status, "published"), lte(articles.publishedAt, now));

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

const NOW = sql.placeholder("now");

// The public list's queries, prepared once per isolate: the blogs page (card columns) and GET /api/blogs
// without a search or a category (every column) run them on every request the edge cache does not answer.
const publishedTotal = preparedOnce((db) => articleTotal(db, { visibleAt: NOW }).prepare());
const LIMIT = sql.placeholder("limit");
const OFFSET = sql.placeholder("offset");
// The two differ only in the columns (Drizzle types each selection's builder apart).
const publishedRows = {
  card: preparedOnce((db) =>
    db
      .select(cardColumns)
      .from(articles)
      .where(publishedBy(NOW))
      .orderBy(...newestFirst)
      .limit(LIMIT)
      .offset(OFFSET)
      .prepare(),
  ),
  all: preparedOnce((db) =>
    db
      .select()
      .from(articles)
      .where(publishedBy(NOW))
      .orderBy(...newestFirst)
      .limit(LIMIT)
      .offset(OFFSET)
      .prepare(),
  ),
};

/** Published articles whose date has come, newest first, a page at a time (card columns only). */
export async function listPublishedArticles(
  db: Db,
  { page = 1, limit = ARTICLES_PER_PAGE, now = new Date() }: ArticleListOptions = {},
): Promise<Page<ArticleCard>> {
  return publishedPage(db, "card", { page, pageSize: pageSizeWithin(limit, ARTICLES_PER_PAGE, 50), now });
}

type PublishedPage = { page: number; pageSize: number; now: Date };

/** A page of the published articles from the prepared queries: card columns or every column. */
export function publishedPage(db: Db, columns: "card", options: PublishedPage): Promise<Page<ArticleCard>>;
export function publishedPage(
  db: Db,
  columns: "all",
  options: PublishedPage,
): Promise<Page<typeof articles.$inferSelect>>;
export function publishedPage(db: Db, columns: "card" | "all", { page, pageSize, now }: PublishedPage) {
  const at = now.getTime();
  const rows = publishedRows[columns](db);
  return pageInOneTrip(db, {
    total: PreparedRun.of(publishedTotal(db), { now: at }),
    rows: ({ limit, offset }) => PreparedRun.of(rows, { now: at, limit, offset }),
    requested: page,
    pageSize,
  });
}

type PageOfArticles = { where: SQL | undefined; total: TotalQuery; page: number; pageSize: number };

/**
 * A page of the articles matching `where` (every column), newest first, and their total, in one round
 * trip: the API's filtered lists and an admin's (the unfiltered public list is `publishedPage`).
 */
export function pageOfArticles(
  db: Db,
  { where, total, page, pageSize }: PageOfArticles,
): Promise<Page<typeof articles.$inferSelect>> {
  return pageInOneTrip(db, {
    total,
    rows: (window) =>
      db
        .select()
        .from(articles)
        .where(where)
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset),
    requested: page,
    pageSize,
  });
}

/**
 * How many articles a list holds, read from `article_counts` (kept by triggers on every write) instead of
 * counting the table: with `visibleAt`, the published ones whose date has come (the published count less
 * the scheduled ones, a short range of the index); without, every status. `category` narrows both.
 */
export function articleTotal(db: Db, { visibleAt, category }: { visibleAt?: Date | Placeholder; category?: string }) {
  const inCategory = category ? eq(articleCounts.category, category) : undefined;
  const counted = sql<number>`coalesce(sum(${articleCounts.n}), 0)`;
  if (!visibleAt) return db.select({ total: counted }).from(articleCounts).where(inCategory);
  const scheduled = db
    .select({ n: count() })
    .from(articles)
    .where(
      and(
        eq(articles.status, "published"),
        gt(articles.publishedAt, visibleAt),
        category ? eq(articles.category, category) : undefined,
      ),
    );
  return db
    .select({ total: sql<number>`${counted} - (${scheduled})` })
    .from(articleCounts)
    .where(and(eq(articleCounts.status, "published"), inCategory));
}

/** Counting by scanning the matching rows: for a search, which no stored count can answer. */
export function countWhere(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(articles).where(where);
}

/** Articles newest first (the order of every public list and of the API). */
export const newestFirst = [desc(articles.publishedAt), desc(articles.id)] as const;

const latestCards = preparedOnce((db) =>
  db
    .select(cardColumns)
    .from(articles)
    .where(publishedBy(NOW))
    .orderBy(...newestFirst)
    .limit(LIMIT)
    .prepare(),
);

/** The newest published articles, for the home page's "Legal Insights" block (awaited, or in a `batchPrepared`). */
export function listLatestArticles(db: Db, { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return PreparedRun.of(latestCards(db), { now: now.getTime(), limit: pageSizeWithin(limit, 3, 12) });
}

/** Slug and last change of every published article, for /sitemap.xml. */
export async function listPublishedArticleUrls(db: Db, { now = new Date() }: { now?: Date } = {}) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
    .from(articles)
    .where(publishedBy(now))
    .orderBy(desc(articles.publishedAt));
}

/** Rendered bodies of the articles read lately in this isolate, by id and last change. */
const bodyHtml = boundedCache<string>(256);

/**
 * An article's Markdown body as HTML, or null without one. micromark is safe by default: raw HTML is
 * escaped and dangerous link protocols are dropped. Rendered once per version of the article per isolate.
 */
export function articleBodyHtml(article: { id: string; body: string | null; updatedAt: Date }): string | null {
  const { body } = article;
  if (!body) return null;
  return bodyHtml(`${article.id}:${article.updatedAt.getTime()}:${body.length}`, () => micromark(body));
}
