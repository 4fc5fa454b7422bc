/** The /api/blogs handlers (thin: parse, guard, call the editor functions; the shared ones from features/moderation). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getApiViewer } from "~/lib/permissions.server";
import { publishingApi } from "~/features/moderation/index.server";
import { apiArticle, articlePublishing, listArticlesForApi } from "./article-editor.server";
import { ArticleSchema, ArticleUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export async function listBlogs({ request, context }: Args) {
  // Through the guard: staff the two-factor rule blocks get 403, not the staff view (pending items).
  const viewer = await getApiViewer(request, context);
  const url = new URL(request.url);
  const result = await listArticlesForApi(context, viewer, {
    page: Number(url.searchParams.get("page") ?? 1),
    limit: Number(url.searchParams.get("limit") ?? 10),
    category: url.searchParams.get("category") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
  return Response.json(result, { headers: { "Cache-Control": viewer ? "private, no-store" : "public, max-age=60" } });
}

export const {
  create: createBlog,
  update: updateBlog,
  remove: deleteBlog,
  review: reviewBlog,
} = publishingApi(articlePublishing, {
  schema: ArticleSchema,
  updateSchema: ArticleUpdateSchema,
  toApi: apiArticle,
  deleted: "Article deleted",
});
