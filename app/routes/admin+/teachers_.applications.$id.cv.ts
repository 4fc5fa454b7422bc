import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cvKeyForAdmin } from "~/features/teachers/teachers.server";
import { serveObject } from "~/lib/uploads.server";
import { getSignedInViewer } from "~/lib/permissions.server";

// GET /admin/teachers/applications/{id}/cv: the applicant's CV as a download, for admins only.
// Anyone else, and an unknown application, gets the same 404 (no hint that it exists).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getSignedInViewer(request, context);
  const key = await cvKeyForAdmin(context, viewer, params.id ?? "");
  if (!key)
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" },
    });
  return serveObject(context.env.UPLOADS, key, request, { download: true });
}
