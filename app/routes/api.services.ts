import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ServiceSchema } from "~/features/services/schema";
import { apiService, createService, listServices } from "~/features/services/services.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute, methodNotAllowed, parseApiPayload, readJsonObject } from "~/lib/http.server";

// GET /api/services → the list
export const loader = ({ context }: LoaderFunctionArgs) =>
  apiRoute(async () => Response.json((await listServices(context.db)).map(apiService)), "Failed to fetch services");

// POST /api/services {title, path, levels, icon} (admin, teacher) → 201 the service
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(async () => {
    const user = await requireApiPermission(request, context, "service:manage");
    const input = await parseApiPayload(ServiceSchema, await readJsonObject(request));
    return Response.json(apiService(await createService(context, user, input)), { status: 201 });
  }, "Service creation failed");
}
