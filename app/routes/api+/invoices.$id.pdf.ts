import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoicePdfResponse } from "~/features/invoices/api.server";
import { apiRoute, methodNotAllowed } from "~/lib/http.server";

// GET /api/invoices/{id}/pdf: the invoice as a PDF, through the same permission check as the invoice
export const loader = (args: LoaderFunctionArgs) => apiRoute(() => invoicePdfResponse(args), "Failed to fetch invoice");
export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
