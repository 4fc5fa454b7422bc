import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { applicationsApi } from "~/features/teachers/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/teacher-applications (admin) → {pending: [...], reviewed: [...]}
export const loader = (args: LoaderFunctionArgs) =>
  apiRoute(() => applicationsApi(args), "Failed to fetch teacher applications");

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
