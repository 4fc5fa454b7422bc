import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { joinApi } from "~/features/teachers/api.server";
import { JOIN_MESSAGES } from "~/features/teachers/schema";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/join (multipart: the application's fields and cv; public; acceptRules is the page's own) → 201 {msg}
export const loader = () => methodNotAllowed(["POST"]);

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => joinApi(args), JOIN_MESSAGES.failed);
}
