import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reviewTestimonial } from "~/features/testimonials/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/testimonials/{id}/approve (admins)
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? apiRoute(() => reviewTestimonial(args, "published")) : methodNotAllowed(["POST"]);
export const loader = () => methodNotAllowed(["POST"]);
