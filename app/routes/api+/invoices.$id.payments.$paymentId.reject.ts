import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { decidePaymentApi } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

const decide = decidePaymentApi("rejected");

// POST /api/invoices/{id}/payments/{paymentId}/reject (staff)
export const loader = () => methodNotAllowed(["POST"]);
export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(["POST"]);
  return apiRoute(() => decide(args), "Failed to reject payment");
}
