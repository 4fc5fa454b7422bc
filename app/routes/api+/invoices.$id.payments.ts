import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { reportPaymentApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// POST /api/invoices/{id}/payments: the client reports a payment (reference, amountPaise, paidOn)
export const loader = () => methodNotAllowed(["POST"]);
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => reportPaymentApi(args), "Failed to report payment");
}
