import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reviewBlog } from "~/features/articles/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/blogs/{id}/reject (admins): keep a submitted article off the site.
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? apiRoute(() => reviewBlog(args, "rejected")) : methodNotAllowed(["POST"]);
export const loader = () => methodNotAllowed(["POST"]);
