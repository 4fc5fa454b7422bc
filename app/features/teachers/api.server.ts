/** The teachers' API handlers (thin: parse, guard, call teachers.server.ts). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireApiPermission } from "~/lib/permissions.server";
import { HttpError, parseApiPayload, readFormFields } from "~/lib/http.server";
import { JoinApiSchema, ReviewSchema } from "./schema";
import {
  apiApplication,
  apiTeacher,
  assertJoinBodySize,
  listApplications,
  listTeachers,
  reviewApplication,
  submitApplication,
} from "./teachers.server";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

/** POST /api/join (multipart, public; the spec's fields and cv, other fields ignored) → 201 {msg}. */
export async function joinApi({ request, context }: Args) {
  try {
    assertJoinBodySize(request);
    const { form, fields } = await readFormFields(request);
    const input = await parseApiPayload(JoinApiSchema, { ...fields, cv: form.get("cv") ?? undefined });
    const { msg } = await submitApplication(context, request, input);
    return Response.json({ msg }, { status: 201 });
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      const response = error.toResponse();
      response.headers.set("Retry-After", String(error.extra.retryAfterSeconds ?? 60));
      return response;
    }
    throw error;
  }
}

/** GET /api/teachers (admin) → the teachers. */
export async function teachersApi({ request, context }: Args) {
  await requireApiPermission(request, context, "teacher:manage");
  const teachers = await listTeachers(context);
  return Response.json(teachers.map(apiTeacher), { headers: { "Cache-Control": "private, no-store" } });
}

/** GET /api/teacher-applications (admin) → {pending, reviewed}. */
export async function applicationsApi({ request, context }: Args) {
  await requireApiPermission(request, context, "teacher:manage");
  // API clients get one unpaged list, so it is capped at 500 reviewed applications.
  const { pending, reviewed } = await listApplications(context, { pageSize: 500 });
  return Response.json(
    { pending: pending.map(apiApplication), reviewed: reviewed.map(apiApplication) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** POST /api/teacher-applications/{id}/approve|reject (admin) → the application. */
export async function reviewApi({ request, context, params }: Args, decision: "approved" | "rejected") {
  const actor = await requireApiPermission(request, context, "teacher:manage");
  const input = await parseApiPayload(ReviewSchema, { id: params.id, decision });
  return Response.json(apiApplication(await reviewApplication(context, actor, input.id, input.decision)));
}
