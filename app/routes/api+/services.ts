import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiService, createServiceFromApi, listServicesForApi } from "~/features/services/services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, readJsonObject } from "~/lib/http.server";

// GET /api/services → the list, each with createdBy {_id, name}
export const loader = ({ context }: LoaderFunctionArgs) =>
  apiRoute(async () => Response.json(await listServicesForApi(context.db)), "Failed to fetch services");

// POST /api/services {title, path, levels, icon, youtubeVideos?} or only {title} (the dashboard's quick create;
// the path is made from the title) (admin, teacher) → 201 the service
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    const created = await createServiceFromApi(context, user, await readJsonObject(request));
    return Response.json(apiService(created, user.fullName), { status: 201 });
  }, "Service creation failed");
}
