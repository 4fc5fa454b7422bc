import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteService, getServiceForApi } from "~/features/services/services.server";
import { requireApiRole } from "~/lib/auth.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/services/{id} → the service (public) · DELETE (admin, teacher): the service, its sub-services and their files.
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  apiRoute(async () => Response.json(await getServiceForApi(context.db, params.id ?? "")), "Failed to fetch services");

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  return apiRoute(async () => {
    const user = await requireApiRole(request, context, ["admin", "teacher"]);
    await deleteService(context, user, params.id ?? "");
    return Response.json({ message: "Service deleted" });
  }, "Failed to delete service");
}
