import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { editFaculty, removeFaculty } from "~/features/faculty/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// PUT /api/faculty/{id} (multipart from the non-empty fields) · DELETE (admins)
export async function action(args: ActionFunctionArgs) {
  if (args.request.method === "PUT") return apiRoute(() => editFaculty(args), "Failed to update faculty");
  if (args.request.method === "DELETE") return apiRoute(() => removeFaculty(args), "Failed to delete faculty");
  return methodNotAllowed(["PUT", "DELETE"]);
}

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);
