/** The /api/blogs handlers (thin: parse, guard, call the editor functions). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getApiUser, requireApiUser } from "~/lib/auth.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { nonEmptyFields, parseApiPayload, readFormFields as readForm } from "~/lib/http.server";
import {
  apiArticle,
  createArticle,
  deleteArticle,
  listArticlesForApi,
  setArticleStatus,
  updateArticle,
} from "./article-editor.server";
import { ArticleSchema, ArticleUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export async function listBlogs({ request, context }: Args) {
  const viewer = await getApiUser(request, context);
  const url = new URL(request.url);
  const result = await listArticlesForApi(context, viewer, {
    page: Number(url.searchParams.get("page") ?? 1),
    limit: Number(url.searchParams.get("limit") ?? 10),
    category: url.searchParams.get("category") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
  return Response.json(result, { headers: { "Cache-Control": viewer ? "private, no-store" : "public, max-age=60" } });
}

export async function createBlog({ request, context }: Args) {
  const user = await requireApiUser(request, context);
  const { form, fields } = await readForm(request);
  const input = await parseApiPayload(ArticleSchema, fields);
  const row = await createArticle(context, user, input, form);
  return Response.json(apiArticle(row), { status: 201 });
}

export async function updateBlog({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "article:moderate");
  const { form, fields } = await readForm(request);
  const input = await parseApiPayload(ArticleUpdateSchema, nonEmptyFields(fields));
  return Response.json(apiArticle(await updateArticle(context, user, params.id ?? "", input, form)));
}

export async function deleteBlog({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "article:moderate");
  await deleteArticle(context, user, params.id ?? "");
  return Response.json({ message: "Article deleted" });
}

export async function reviewBlog({ request, context, params }: Args, status: "published" | "rejected") {
  const user = await requireApiPermission(request, context, "article:moderate");
  return Response.json(apiArticle(await setArticleStatus(context, user, params.id ?? "", status)));
}
