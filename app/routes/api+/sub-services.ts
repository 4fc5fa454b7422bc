import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSubService, createSubServiceFromRequest, listSubServices } from "~/features/services/sub-services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/sub-services?serviceId={id} → the service's sub-services (400 without an id, 404 unknown service)
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  apiRoute(async () => {
    return Response.json(await listSubServices(context, new URL(request.url).searchParams.get("serviceId")));
  }, "Failed to fetch sub-services");

// POST /api/sub-services (admin, teacher), multipart: title, description, syllabus, questions, video, serviceId, youtubeLink → 201
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    const { row } = await createSubServiceFromRequest(context, user, request);
    return Response.json(apiSubService(row, user.fullName), { status: 201 });
  }, "Failed to create sub-service");
}
