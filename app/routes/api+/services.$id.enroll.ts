import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { enrolInService, getServiceForApi } from "~/features/services/services.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";
import { requireApiSignedIn } from "~/lib/permissions.server";

// POST /api/services/{id}/enroll (any signed-in user; enrolling twice is harmless) → 201 new, 200 already enrolled
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(async () => {
    const user = await requireApiSignedIn(request, context);
    const { service, alreadyEnrolled } = await enrolInService(context, user, params.id ?? "");
    return Response.json(
      {
        message: alreadyEnrolled ? "Already enrolled" : "Enrolled",
        service: await getServiceForApi(context.db, service.id),
      },
      { status: alreadyEnrolled ? 200 : 201 },
    );
  }, "Enrollment failed");
}

export const loader = () => methodNotAllowed(["POST"]);
