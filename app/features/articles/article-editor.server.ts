/**
 * Publishing legal-insight articles: submissions (pending until an admin
 * approves them), admin edits and deletions, slugs, scheduling and images.
 * The /admin/blogs page and the /api/blogs routes call these functions.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, desc, eq, lte, ne, or } from "drizzle-orm";
import { articles, type PublicationStatus } from "../../../db/schema";
import { auditStatement, changeSummary, createdSummary, recordAudit } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { can } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { moveToTrash } from "~/lib/trash.server";
import { deleteUpload, withFormImage } from "~/lib/uploads.server";
import { moderationLists } from "~/lib/pagination.server";
import type { ArticleInput } from "./schema";

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

/** Any signed-in user may submit; an admin's article is published at once, others' wait for review. */
export async function createArticle(
  ctx: Ctx,
  actor: AuthUser,
  input: ArticleInput,
  form: FormData | null,
  now = new Date(),
) {
  return withFormImage(ctx, form, { fileField: "image", urlField: "imageUrl", prefix: "articles" }, async (image) => {
    const slug = await uniqueSlug(
      ctx,
      can(actor, "article:moderate") && input.slug ? input.slug : slugify(input.title),
    );
    const [row] = await ctx.db
      .insert(articles)
      .values({
        slug,
        title: input.title,
        summary: input.summary,
        highlight: input.highlight,
        author: input.author ?? null,
        category: input.category ?? null,
        body: input.body ?? null,
        image: image ?? null,
        publishedAt: input.publishedAt ?? now,
        status: can(actor, "article:moderate") ? "published" : "pending",
        submittedByUserId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(ctx, actor, {
      kind: "article",
      id: row!.id,
      action: "create",
      summary: createdSummary(row!, ["title", "slug", "status"]),
    });
    if (row!.status === "published") await purgePublicPages(ctx, articlePages(row!.slug));
    return row!;
  });
}

const ARTICLE_FIELDS = [
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
] as const;

/** Admins only: change the given fields; a new image replaces (and deletes) the old one. */
export async function updateArticle(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  input: Partial<ArticleInput>,
  form: FormData | null,
) {
  assertCan(actor, "article:moderate");
  const existing = await ctx.db.query.articles.findFirst({ where: eq(articles.id, id) });
  if (!existing) throw new HttpError(404, "Article not found");
  const updated = await withFormImage(
    ctx,
    form,
    { fileField: "image", urlField: "imageUrl", prefix: "articles" },
    async (image) => {
      const slug = input.slug && input.slug !== existing.slug ? await uniqueSlug(ctx, input.slug, id) : existing.slug;
      const changes = Object.fromEntries(
        Object.entries({
          title: input.title,
          summary: input.summary,
          highlight: input.highlight,
          author: input.author,
          category: input.category,
          body: input.body,
          publishedAt: input.publishedAt,
          image,
        }).filter(([, value]) => value !== undefined),
      );
      const [row] = await ctx.db
        .update(articles)
        .set({ ...changes, slug, updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning();
      return row!;
    },
  );
  await recordAudit(ctx, actor, {
    kind: "article",
    id,
    action: "edit",
    summary: changeSummary(existing, updated, ARTICLE_FIELDS),
  });
  if (updated.image !== existing.image) await deleteUpload(ctx, existing.image);
  await purgePublicPages(ctx, articlePages(...new Set([existing.slug, updated.slug])));
  return updated;
}

/** Moves the article to the trash (its image stays in R2 until it is deleted for good). */
export async function deleteArticle(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "article:moderate");
  const row = await ctx.db.query.articles.findFirst({ where: eq(articles.id, id) });
  const moved =
    row &&
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "article",
        entityId: row.id,
        label: row.title,
        rows: [{ table: "articles", column: "id", value: row.id }],
        files: [row.image],
        pages: articlePages(row.slug),
        checks: [
          {
            table: "articles",
            column: "slug",
            value: row.slug,
            expect: "absent",
            message: `Cannot restore: the slug "${row.slug}" is now used by another article`,
          },
        ],
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Article not found");
}

export async function setArticleStatus(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  status: Exclude<PublicationStatus, "pending">,
) {
  assertCan(actor, "article:moderate");
  const existing = await ctx.db.query.articles.findFirst({ where: eq(articles.id, id) });
  if (!existing) throw new HttpError(404, "Article not found");
  const now = new Date();
  const [[row]] = await ctx.db.batch([
    ctx.db.update(articles).set({ status, updatedAt: now }).where(eq(articles.id, id)).returning(),
    auditStatement(
      ctx,
      actor,
      {
        kind: "article",
        id,
        action: status === "published" ? "approve" : "reject",
        summary: `${existing.title}: status "${existing.status}" → "${status}"`,
      },
      now,
    ),
  ]);
  if (!row) throw new HttpError(404, "Article not found");
  await purgePublicPages(ctx, articlePages(row.slug));
  return row;
}

/** A published article whose date has come, by slug (the article page). */
export async function getPublishedArticleBySlug(ctx: Ctx, slug: string, now = new Date()) {
  return ctx.db.query.articles.findFirst({
    where: and(eq(articles.slug, slug), eq(articles.status, "published"), lte(articles.publishedAt, now)),
  });
}

export async function getArticle(ctx: Ctx, id: string) {
  return ctx.db.query.articles.findFirst({ where: eq(articles.id, id) });
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
  const safeLimit = Math.min(Math.max(Math.trunc(limit) || 10, 1), 50);
  const search = searchTerm(q);
  const where = and(
    can(viewer, "article:moderate") ? undefined : and(eq(articles.status, "published"), lte(articles.publishedAt, now)),
    category ? eq(articles.category, category) : undefined,
    search ? or(containsText(articles.title, search), containsText(articles.summary, search)) : undefined,
  );
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(articles).where(where);
  const pages = Math.max(1, Math.ceil(total / safeLimit));
  const safePage = Math.min(Math.max(Math.trunc(page) || 1, 1), pages);
  const rows = await ctx.db
    .select()
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(safeLimit)
    .offset((safePage - 1) * safeLimit);
  return { items: rows.map(apiArticle), total, page: safePage, pages };
}

/**
 * The management screen's lists: the pending queue (searched), then every
 * article a page at a time, searched by title or slug and filtered by status.
 */
export async function listArticlesForAdmin(
  ctx: Ctx,
  { q, status, page }: { q?: unknown; status?: PublicationStatus; page?: number } = {},
) {
  const term = searchTerm(q);
  const search = term ? or(containsText(articles.title, term), containsText(articles.slug, term)) : undefined;
  return moderationLists(ctx.db, articles, articles.status, { search, status, page }, (where, limit, offset) =>
    ctx.db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(limit)
      .offset(offset),
  );
}
