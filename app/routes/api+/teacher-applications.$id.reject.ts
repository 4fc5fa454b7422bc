import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reviewApi } from "~/features/teachers/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/teacher-applications/{id}/reject (admin) → the application (409 once it was reviewed)
export const loader = () => methodNotAllowed(["POST"]);

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => reviewApi(args, "rejected"), "Failed to review the application");
}
