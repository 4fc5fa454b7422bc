import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";
import { addedMessage, addRole, ALREADY_HAS_ROLE, removeRole } from "./roles.server";
import { RoleChangeSchema } from "./schema";

/**
 * POST /api/roles/add {role, email} → { data: roles, added, message? }: 200 either way, so the spec's
 * client (which reads data.data) keeps working; the message names the role ('Added x as teacher.'),
 * and an email that already had the role gets `added: false` and 'Already a teacher: x.'. The role
 * is required. An API client names the role itself, so an admin grant is not asked twice here.
 */
export async function addRoleAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const actor = await requireApiPermission(request, context, "role:manage");
    const input = await parseApiPayload(RoleChangeSchema, await readJsonObject(request));
    const { roles, added } = await addRole(context, actor, input);
    if (!input.email) return Response.json({ data: roles, added });
    return Response.json({
      data: roles,
      added,
      message: added ? addedMessage(input) : `${ALREADY_HAS_ROLE[input.role]}: ${input.email}.`,
    });
  });
}

/** POST /api/roles/remove {role, email} → { data: roles } */
export async function removeRoleAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const actor = await requireApiPermission(request, context, "role:manage");
    const input = await parseApiPayload(RoleChangeSchema, await readJsonObject(request));
    return Response.json({ data: await removeRole(context, actor, input) });
  });
}
