/** The /api/blogs handlers (thin: parse, guard, call the editor functions). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getApiUser, requireApiRole, requireApiUser } from "~/lib/auth.server";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { apiArticle, createArticle, deleteArticle, listArticlesForApi, setArticleStatus, updateArticle } from "./article-editor.server";
import { ArticleSchema, ArticleUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

/** Multipart (or urlencoded) fields without the files. */
async function readForm(request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw new HttpError(415, "Send the article as multipart/form-data");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Malformed form data");
  }
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  return { form, fields };
}

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
  const user = await requireApiRole(request, context, ["admin"]);
  const { form, fields } = await readForm(request);
  const nonEmpty = Object.fromEntries(Object.entries(fields).filter(([, value]) => String(value).trim() !== ""));
  const input = await parseApiPayload(ArticleUpdateSchema, nonEmpty);
  return Response.json(apiArticle(await updateArticle(context, user, params.id ?? "", input, form)));
}

export async function deleteBlog({ request, context, params }: Args) {
  const user = await requireApiRole(request, context, ["admin"]);
  await deleteArticle(context, user, params.id ?? "");
  return Response.json({ message: "Article deleted" });
}

export async function reviewBlog({ request, context, params }: Args, status: "published" | "rejected") {
  const user = await requireApiRole(request, context, ["admin"]);
  return Response.json(apiArticle(await setArticleStatus(context, user, params.id ?? "", status)));
}
