import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ServiceSchema } from "~/features/services/schema";
import { deleteService, getServiceForApi, updateService } from "~/features/services/services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// GET /api/services/{id} → the service (public) · PUT (admin, teacher): edit it (a changed path redirects the
// old address) · DELETE (admin, teacher): the service, its sub-services and their files.
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  apiRoute(async () => Response.json(await getServiceForApi(context.db, params.id ?? "")), "Failed to fetch services");

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    return apiRoute(async () => {
      const user = await requireApiPermission(request, context, "service:manage");
      const input = await parseApiPayload(ServiceSchema, await readJsonObject(request));
      await updateService(context, user, params.id ?? "", input);
      return Response.json(await getServiceForApi(context.db, params.id ?? ""));
    }, "Failed to update service");
  }
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    await deleteService(context, user, params.id ?? "");
    return Response.json({ message: "Service deleted" });
  }, "Failed to delete service");
}
