import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser, type AuthUser } from "~/lib/auth.server";

export const ACCESS_DENIED = "❌ Access Denied";

/** Quiz staff pages (create, manage, edit): admins and teachers; others get the 403 page with '❌ Access Denied'. */
export async function requireQuizStaff(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env">,
): Promise<AuthUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin" && user.role !== "teacher") throw new Response(ACCESS_DENIED, { status: 403 });
  return user;
}
