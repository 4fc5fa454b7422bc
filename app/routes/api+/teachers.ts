import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { teachersApi } from "~/features/teachers/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/teachers (admin) → [{_id, email, fullName, subjectToTeach, ...}]
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => teachersApi(args), "Failed to fetch teachers");

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
