import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pdfResponse } from "~/features/invoices/api.server";
import { invoiceFor } from "~/features/invoices/invoices.server";
import { HttpError } from "~/lib/http.server";
import { getSignedInViewer } from "~/lib/permissions.server";

// The invoice as a PDF for the browser: the same check as its page (its client, staff, or the mailed link).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getSignedInViewer(request, context);
  try {
    return await pdfResponse(
      await invoiceFor(context, viewer, params.id ?? "", new URL(request.url).searchParams.get("key")),
    );
  } catch (error) {
    if (error instanceof HttpError)
      return new Response(error.message, { status: error.status, headers: { "Cache-Control": "private, no-store" } });
    throw error;
  }
}
