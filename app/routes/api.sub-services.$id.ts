import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteSubService } from "~/features/services/sub-services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// DELETE /api/sub-services/{id} (admin, teacher): the sub-service and its files.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    await deleteSubService(context, user, params.id ?? "");
    return Response.json({ message: "Sub-service deleted" });
  }, "Failed to delete sub-service");
}

export const loader = () => methodNotAllowed(["DELETE"]);
