/** Legal-insight articles: queries and rules (the only place their SQL lives). */
import { and, asc, count, desc, eq, gt, lte, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { articleCounts, articles } from "../../../db/schema";
import { micromark } from "micromark";
import { PreparedRun, preparedOnce, type Db } from "~/lib/db.server";
import { boundedCache } from "~/lib/memo";
import { pageSizeWithin } from "~/lib/pagination";
import { pageInOneTrip, type Page, type TotalQuery } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";

/** The public list's filter (?q= and ?category=), both already bounded: see `articleFilter`. */
export type ArticleFilter = { q: string | null; category: string | null };

export type ArticleListOptions = { page?: number; limit?: number; now?: Date } & Partial<ArticleFilter>;

/** The longest category an article may have (schema.ts), so the longest a filter needs. */
export const CATEGORY_MAX_LENGTH = 60;

/**
 * The list's filter from the URL, whatever a visitor typed: the search as `searchTerm` makes it (at most
 * 100 characters) and the category cut to the longest one can be; empty values are no filter.
 */
export function articleFilter(params: URLSearchParams): ArticleFilter {
  const category = Array.from((params.get("category") ?? "").trim())
    .slice(0, CATEGORY_MAX_LENGTH)
    .join("");
  return { q: searchTerm(params.get("q")), category: category || null };
}

/** "The title or the summary contains the search": the public list's and the API's one rule. */
export function matchesSearch(term: string): SQL | undefined {
  return or(containsText(articles.title, term), containsText(articles.summary, term));
}

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
  { page = 1, limit = ARTICLES_PER_PAGE, now = new Date(), q = null, category = null }: ArticleListOptions = {},
): Promise<Page<ArticleCard>> {
  const pageSize = pageSizeWithin(limit, ARTICLES_PER_PAGE, 50);
  if (!q && !category) return publishedPage(db, "card", { page, pageSize, now });
  // Filtered: a search is counted over the matching rows; a category alone from the stored counts.
  const where = and(
    publishedBy(now),
    category ? eq(articles.category, category) : undefined,
    q ? matchesSearch(q) : undefined,
  );
  return pageInOneTrip(db, {
    total: q ? countWhere(db, where) : articleTotal(db, { visibleAt: now, category: category ?? undefined }),
    rows: (window) =>
      db
        .select(cardColumns)
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
 * The categories a visitor can filter the list by: those with a published article, read from the stored
 * counts (a scan of the articles would grow with them); a category whose only articles are still
 * scheduled is offered too, and then lists none.
 */
export async function listArticleCategories(db: Db): Promise<string[]> {
  const rows = await db
    .select({ category: articleCounts.category })
    .from(articleCounts)
    .where(and(eq(articleCounts.status, "published"), gt(articleCounts.n, 0), ne(articleCounts.category, "")))
    .orderBy(asc(articleCounts.category));
  return rows.map((row) => row.category);
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

/** How many articles an article page suggests to read next. */
export const RELATED_ARTICLES = 2;

/**
 * What to read after an article: the newest other published articles of its category, then the newest
 * others, `RELATED_ARTICLES` in all; two short reads of the indexes in one round trip.
 */
export async function relatedArticles(
  db: Db,
  article: { id: string; category: string | null },
  { now = new Date() }: { now?: Date } = {},
): Promise<ArticleCard[]> {
  const others = and(publishedBy(now), ne(articles.id, article.id));
  const newest = (where: SQL | undefined, limit: number) =>
    db
      .select(cardColumns)
      .from(articles)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit);
  const category = article.category?.trim();
  const [same, latest] = await db.batch([
    newest(and(others, eq(articles.category, category || "")), category ? RELATED_ARTICLES : 0),
    // Enough to fill up after the ones of the category, which may be among them.
    newest(others, RELATED_ARTICLES * 2),
  ]);
  const picked = [...same];
  for (const row of latest) {
    if (picked.length >= RELATED_ARTICLES) break;
    if (!picked.some((chosen) => chosen.id === row.id)) picked.push(row);
  }
  return picked.slice(0, RELATED_ARTICLES);
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
