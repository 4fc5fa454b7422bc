import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteBlog, updateBlog } from "~/features/articles/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// PUT /api/blogs/{id} (multipart, admins) · DELETE /api/blogs/{id} (admins)
export async function action(args: ActionFunctionArgs) {
  if (args.request.method === "PUT") return apiRoute(() => updateBlog(args), "Failed to update blog");
  if (args.request.method === "DELETE") return apiRoute(() => deleteBlog(args), "Failed to delete blog");
  return methodNotAllowed(["PUT", "DELETE"]);
}

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);
