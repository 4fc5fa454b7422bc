import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteService, getServiceForApi } from "~/features/services/services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/services/{id} → the service (public) · DELETE (admin, teacher): the service, its sub-services and their files.
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  apiRoute(async () => Response.json(await getServiceForApi(context.db, params.id ?? "")), "Failed to fetch services");

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    await deleteService(context, user, params.id ?? "");
    return Response.json({ message: "Service deleted" });
  }, "Failed to delete service");
}
