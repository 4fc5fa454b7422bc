/** The /api/testimonials handlers (thin: parse, guard, call the editor functions; the shared ones from features/moderation). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getApiViewer } from "~/lib/permissions.server";
import { publishingApi } from "~/features/moderation/index.server";
import { apiTestimonial, listTestimonialsForApi, testimonialPublishing } from "./testimonial-editor.server";
import { TestimonialSchema, TestimonialUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export async function listTestimonials({ request, context }: Args) {
  // Through the guard: staff the two-factor rule blocks get 403, not the staff view (pending items).
  const viewer = await getApiViewer(request, context);
  return Response.json(await listTestimonialsForApi(context, viewer), {
    headers: { "Cache-Control": viewer ? "private, no-store" : "public, max-age=60" },
  });
}

export const {
  create: addTestimonial,
  update: editTestimonial,
  remove: removeTestimonial,
  review: reviewTestimonial,
} = publishingApi(testimonialPublishing, {
  schema: TestimonialSchema,
  updateSchema: TestimonialUpdateSchema,
  toApi: apiTestimonial,
  deleted: "Testimonial deleted",
});
