import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  deleteSubService,
  getSubServiceForApi,
  updateSubServiceFromRequest,
} from "~/features/services/sub-services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// PUT /api/sub-services/{id} (admin, teacher), multipart as POST /api/sub-services: edit it, a file sent replaces
// the stored one (the old file is deleted once the new one is stored) · DELETE: the sub-service and its files.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    return apiRoute(async () => {
      const user = await requireApiPermission(request, context, "service:manage");
      const { row } = await updateSubServiceFromRequest(context, user, params.id ?? "", request);
      return Response.json(await getSubServiceForApi(context, row.id));
    }, "Failed to update sub-service");
  }
  if (request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    await deleteSubService(context, user, params.id ?? "");
    return Response.json({ message: "Sub-service deleted" });
  }, "Failed to delete sub-service");
}

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);
