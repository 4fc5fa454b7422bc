import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reviewBlog } from "~/features/articles/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/blogs/{id}/approve (admins): publish a pending article.
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? apiRoute(() => reviewBlog(args, "published")) : methodNotAllowed(["POST"]);
export const loader = () => methodNotAllowed(["POST"]);
