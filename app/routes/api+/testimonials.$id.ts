import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { editTestimonial, removeTestimonial } from "~/features/testimonials/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// PUT /api/testimonials/{id} (multipart from the non-empty fields) · DELETE (admins)
export async function action(args: ActionFunctionArgs) {
  if (args.request.method === "PUT") return apiRoute(() => editTestimonial(args), "Failed to update testimonial");
  if (args.request.method === "DELETE") return apiRoute(() => removeTestimonial(args), "Failed to delete testimonial");
  return methodNotAllowed(["PUT", "DELETE"]);
}

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);
