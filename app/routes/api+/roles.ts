import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listRoles } from "~/features/accounts/roles.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { apiRoute } from "~/lib/http.server";

// GET /api/roles → { admin: [emails], teacher: [emails] } (admins only)
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    await requireApiPermission(request, context, "role:manage");
    return Response.json(await listRoles(context), { headers: { "Cache-Control": "no-store" } });
  });
}
