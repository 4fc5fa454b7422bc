/** The /api/testimonials handlers (thin: parse, guard, call the editor functions). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getApiUser, requireApiUser } from "~/lib/auth.server";
import { requireApiPermission } from "~/lib/permissions.server";
import { nonEmptyFields, parseApiPayload, readFormFields } from "~/lib/http.server";
import {
  apiTestimonial,
  createTestimonial,
  deleteTestimonial,
  listTestimonialsForApi,
  setTestimonialStatus,
  updateTestimonial,
} from "./testimonial-editor.server";
import { TestimonialSchema, TestimonialUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export async function listTestimonials({ request, context }: Args) {
  const viewer = await getApiUser(request, context);
  return Response.json(await listTestimonialsForApi(context, viewer), {
    headers: { "Cache-Control": viewer ? "private, no-store" : "public, max-age=60" },
  });
}

export async function addTestimonial({ request, context }: Args) {
  const user = await requireApiUser(request, context);
  const { form, fields } = await readFormFields(request);
  const input = await parseApiPayload(TestimonialSchema, fields);
  return Response.json(apiTestimonial(await createTestimonial(context, user, input, form)), { status: 201 });
}

export async function editTestimonial({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "testimonial:moderate");
  const { form, fields } = await readFormFields(request);
  const input = await parseApiPayload(TestimonialUpdateSchema, nonEmptyFields(fields));
  return Response.json(apiTestimonial(await updateTestimonial(context, user, params.id ?? "", input, form)));
}

export async function removeTestimonial({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "testimonial:moderate");
  await deleteTestimonial(context, user, params.id ?? "");
  return Response.json({ message: "Testimonial deleted" });
}

export async function reviewTestimonial({ request, context, params }: Args, status: "published" | "rejected") {
  const user = await requireApiPermission(request, context, "testimonial:moderate");
  return Response.json(apiTestimonial(await setTestimonialStatus(context, user, params.id ?? "", status)));
}
