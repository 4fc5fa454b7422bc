import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { issueInvoiceApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/invoices/{id}/issue (staff): the draft gets its number and the client is mailed its link
export const loader = () => methodNotAllowed(["POST"]);
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => issueInvoiceApi(args), "Failed to issue invoice");
}
