import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createInvoiceApi, listInvoicesApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/invoices (the caller's own, or every one for staff) · POST /api/invoices (staff)
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => listInvoicesApi(args), "Failed to fetch invoices");

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return apiRoute(() => createInvoiceApi(args), "Failed to create invoice");
}
