/**
 * Publishing legal-insight articles: the article kind of the shared publishing rules
 * (features/moderation: submissions wait for review, moderators edit, delete and review), plus
 * what only articles have: slugs, scheduling by date, and the paged API list.
 * The /admin/blogs page and the /api/blogs routes call these functions.
 */
import { savedMeanwhileMessage } from "~/lib/schema-fields";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, or, sql } from "drizzle-orm";
import { articles } from "../../../db/schema";
import { preparedOnce } from "~/lib/db.server";
import type { AuthUser } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { can } from "~/lib/permissions";
import { containsText, searchTerm } from "~/lib/search.server";
import { publishing, type PublishingKind } from "~/features/moderation/index.server";
import type { ArticleInput } from "./schema";
import { pageSizeWithin } from "~/lib/pagination";
import { articleTotal, countWhere, matchesSearch, pageOfArticles, publishedBy, publishedPage } from "./articles.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** The public pages that show an article: its page, the list, the home page, the feeds. */
const articlePages = (...slugs: string[]) => [
  "/",
  "/blogs",
  ...slugs.map((slug) => `/blogs/${slug}`),
  "/blogs/rss.xml",
  "/sitemap.xml",
];

export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "article";
}

/** The slug itself when free, else slug-2, slug-3, … */
async function uniqueSlug(ctx: Ctx, base: string, exceptId?: string) {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await ctx.db.query.articles.findFirst({
      where: exceptId ? and(eq(articles.slug, candidate), ne(articles.id, exceptId)) : eq(articles.slug, candidate),
      columns: { id: true },
    });
    if (!taken) return candidate;
  }
  throw new HttpError(409, "Could not find a free slug for this title");
}

export function apiArticle(row: typeof articles.$inferSelect) {
  return { _id: row.id, ...row };
}

/** Articles as a publishable kind: what the shared rules need to know about them. */
export const ARTICLE_KIND: PublishingKind<typeof articles, ArticleInput> = {
  table: articles,
  kind: "article",
  trashTable: "articles",
  submit: "article:submit",
  moderate: "article:moderate",
  notFound: "Article not found",
  reviewPath: "/admin/blogs",
  savedMeanwhile: savedMeanwhileMessage("article"),
  image: { column: "image", fileField: "image", urlField: "imageUrl", prefix: "articles", noun: "cover image" },
  pages: (...rows) => articlePages(...new Set(rows.map((row) => row.slug))),
  name: (row) => row.title,
  trashLabel: (row) => row.title,
  trashChecks: (row) => [
    {
      table: "articles",
      column: "slug",
      value: row.slug,
      expect: "absent",
      message: `Cannot restore: the slug "${row.slug}" is now used by another article`,
    },
  ],
  createdFields: ["title", "slug", "status"],
  editedFields: [
    "title",
    "slug",
    "category",
    "summary",
    "highlight",
    "author",
    "image",
    "body",
    "publishedAt",
    "status",
  ],
  // Only a moderator chooses the slug; anyone else's comes from the title.
  newColumns: async (ctx, input, moderator, now) => ({
    slug: await uniqueSlug(ctx, moderator && input.slug ? input.slug : slugify(input.title)),
    title: input.title,
    summary: input.summary,
    highlight: input.highlight,
    author: input.author ?? null,
    category: input.category ?? null,
    body: input.body ?? null,
    publishedAt: input.publishedAt ?? now,
  }),
  changedColumns: async (ctx, existing, input) => ({
    title: input.title,
    summary: input.summary,
    highlight: input.highlight,
    author: input.author,
    category: input.category,
    body: input.body,
    publishedAt: input.publishedAt,
    slug: input.slug && input.slug !== existing.slug ? await uniqueSlug(ctx, input.slug, existing.id) : existing.slug,
  }),
  search: (term) => or(containsText(articles.title, term), containsText(articles.slug, term)),
};

/** The shared publishing rules for articles (submit, edit, remove the image, trash, review, admin lists). */
export const articlePublishing = publishing(ARTICLE_KIND);

const publishedBySlug = preparedOnce((db) =>
  db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, sql.placeholder("slug")), publishedBy(sql.placeholder("now"))))
    .limit(1)
    .prepare(),
);

/** A published article whose date has come, by slug (the article page). */
export async function getPublishedArticleBySlug(ctx: Ctx, slug: string, now = new Date()) {
  const [article] = await publishedBySlug(ctx.db).all({ slug, now: now.getTime() });
  return article;
}

/**
 * GET /api/blogs: {items, total, page, pages}. Visitors see published, due
 * articles; an admin sees every article (any status, scheduled ones too).
 */
export async function listArticlesForApi(
  ctx: Ctx,
  viewer: AuthUser | null,
  {
    page = 1,
    limit = 10,
    category,
    q,
    now = new Date(),
  }: { page?: number; limit?: number; category?: string; q?: string; now?: Date },
) {
  const search = searchTerm(q);
  const pageSize = pageSizeWithin(limit, 10, 50);
  if (!search && !category && !can(viewer, "article:moderate")) {
    // The common request (a visitor's list, no filter): the prepared queries.
    const { items, ...paging } = await publishedPage(ctx.db, "all", { page, pageSize, now });
    return { items: items.map(apiArticle), ...paging };
  }
  const where = and(
    can(viewer, "article:moderate") ? undefined : publishedBy(now),
    category ? eq(articles.category, category) : undefined,
    search ? matchesSearch(search) : undefined,
  );
  const { items, ...paging } = await pageOfArticles(ctx.db, {
    where,
    total: search
      ? countWhere(ctx.db, where)
      : articleTotal(ctx.db, { visibleAt: can(viewer, "article:moderate") ? undefined : now, category }),
    page,
    pageSize,
  });
  return { items: items.map(apiArticle), ...paging };
}
