import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { addFaculty, listFacultyApi } from "~/features/faculty/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/faculty → the founders · POST (admins; multipart, services as a JSON list or comma separated) → 201
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => listFacultyApi(args), "Failed to fetch faculty");

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(() => addFaculty(args), "Failed to add faculty");
}
