import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createBlog, listBlogs } from "~/features/articles/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/blogs?page&limit&category&q → {items, total, page, pages}
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => listBlogs(args), "Failed to load blogs");

// POST /api/blogs (multipart): any signed-in user; pending unless an admin posts it.
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(() => createBlog(args), "Failed to create blog");
}
