import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";
import { addRole, removeRole } from "./roles.server";
import { RoleChangeSchema } from "./schema";

/** POST /api/roles/add and /api/roles/remove {role, email} → { data: roles } */
export function roleChangeAction(change: typeof addRole | typeof removeRole) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiRoute(async () => {
      const actor = await requireApiPermission(request, context, "role:manage");
      const input = await parseApiPayload(RoleChangeSchema, await readJsonObject(request));
      return Response.json({ data: await change(context, actor, input) });
    });
  };
}
