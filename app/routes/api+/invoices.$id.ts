import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoiceApi, updateInvoiceApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/invoices/{id} (with `upiUri`) · PUT /api/invoices/{id} (staff; drafts only)
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => invoiceApi(args), "Failed to fetch invoice");

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return apiRoute(() => updateInvoiceApi(args), "Failed to update invoice");
}
