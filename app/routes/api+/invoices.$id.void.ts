import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { voidInvoiceApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/invoices/{id}/void (staff): the invoice keeps its number and takes no more payments
export const loader = () => methodNotAllowed(["POST"]);
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => voidInvoiceApi(args), "Failed to void invoice");
}
