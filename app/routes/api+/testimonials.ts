import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { addTestimonial, listTestimonials } from "~/features/testimonials/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/testimonials · POST /api/testimonials (multipart; pending unless an admin posts it)
export const loader = (args: LoaderFunctionArgs) =>
  apiRoute(() => listTestimonials(args), "Failed to fetch testimonials");

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(() => addTestimonial(args), "Failed to add testimonial");
}
