import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteService } from "~/features/services/services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// DELETE /api/services/{id} (admin, teacher): the service, its sub-services and their files.
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    await deleteService(context, user, params.id ?? "");
    return Response.json({ message: "Service deleted" });
  }, "Failed to delete service");
}

export const loader = () => methodNotAllowed(["DELETE"]);
