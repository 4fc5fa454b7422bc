import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AuthUser } from "~/lib/auth.server";
import { requirePermission } from "~/lib/permissions.server";

export const ACCESS_DENIED = "❌ Access Denied";

/** Quiz staff pages (create, manage, edit): admins and teachers; others get the 403 page with '❌ Access Denied'. */
export async function requireQuizStaff(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env">,
): Promise<AuthUser> {
  return requirePermission(request, context, "quiz:create", ACCESS_DENIED);
}
