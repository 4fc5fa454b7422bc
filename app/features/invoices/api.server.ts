/** The /api/invoices handlers: parse, guard, call invoices.server.ts (the same functions as the pages). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseApiPayload, readJsonObject } from "~/lib/http.server";
import { getApiViewer, requireApiPermission, requireApiSignedIn } from "~/lib/permissions.server";
import { pageNumber } from "~/lib/pagination";
import {
  apiInvoice,
  createInvoice,
  decidePayment,
  invoiceFor,
  isInvoiceFilter,
  issueInvoice,
  listInvoices,
  reportPayment,
  updateDraft,
  voidInvoice,
} from "./invoices.server";
import { invoicePdf } from "./pdf.server";
import { InvoiceSchema, PaymentReportSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string; paymentId?: string } };

const PRIVATE = { "Cache-Control": "private, no-store" };
const keyOf = (request: Request) => new URL(request.url).searchParams.get("key");

export async function createInvoiceApi({ request, context }: Args) {
  const actor = await requireApiPermission(request, context, "invoice:manage");
  const input = await parseApiPayload(InvoiceSchema, await readJsonObject(request));
  const row = await createInvoice(context, actor, input);
  const view = await invoiceFor(context, actor, row.id);
  return Response.json(apiInvoice(view), { status: 201, headers: PRIVATE });
}

export async function listInvoicesApi({ request, context }: Args) {
  const viewer = await requireApiSignedIn(request, context);
  const query = new URL(request.url).searchParams;
  const status = query.get("status");
  const page = await listInvoices(context, viewer, {
    q: query.get("q") ?? undefined,
    status: isInvoiceFilter(status) ? status : undefined,
    page: pageNumber(query.get("page")),
  });
  return Response.json(
    {
      ...page,
      items: page.items.map(
        ({ id, number, status, clientEmail, clientName, dueDate, totalPaise, paidPaise, balancePaise }) => ({
          _id: id,
          id,
          number,
          status,
          clientEmail,
          clientName,
          dueDate,
          totalPaise,
          paidPaise,
          balancePaise,
        }),
      ),
    },
    { headers: PRIVATE },
  );
}

export async function invoiceApi({ request, context, params }: Args) {
  const viewer = await getApiViewer(request, context);
  return Response.json(apiInvoice(await invoiceFor(context, viewer, params.id ?? "", keyOf(request))), {
    headers: PRIVATE,
  });
}

export async function updateInvoiceApi({ request, context, params }: Args) {
  const actor = await requireApiPermission(request, context, "invoice:manage");
  const input = await parseApiPayload(InvoiceSchema, await readJsonObject(request));
  await updateDraft(context, actor, params.id ?? "", input);
  return Response.json(apiInvoice(await invoiceFor(context, actor, params.id ?? "")), { headers: PRIVATE });
}

export async function invoicePdfResponse({ request, context, params }: Args) {
  const viewer = await getApiViewer(request, context);
  return pdfResponse(await invoiceFor(context, viewer, params.id ?? "", keyOf(request)));
}

export async function pdfResponse(view: Awaited<ReturnType<typeof invoiceFor>>) {
  const bytes = await invoicePdf(view);
  const name = (view.invoice.number ?? "draft").replaceAll("/", "-");
  return new Response(bytes.slice().buffer as ArrayBuffer, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${name}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      ...PRIVATE,
    },
  });
}

export async function issueInvoiceApi({ request, context, params }: Args) {
  const actor = await requireApiPermission(request, context, "invoice:manage");
  await issueInvoice(context, actor, params.id ?? "");
  return Response.json(apiInvoice(await invoiceFor(context, actor, params.id ?? "")), { headers: PRIVATE });
}

export async function voidInvoiceApi({ request, context, params }: Args) {
  const actor = await requireApiPermission(request, context, "invoice:manage");
  await voidInvoice(context, actor, params.id ?? "");
  return Response.json(apiInvoice(await invoiceFor(context, actor, params.id ?? "")), { headers: PRIVATE });
}

export async function reportPaymentApi({ request, context, params }: Args) {
  const viewer = await getApiViewer(request, context);
  const input = await parseApiPayload(PaymentReportSchema, await readJsonObject(request));
  const payment = await reportPayment(context, viewer, params.id ?? "", input, keyOf(request));
  const { id, kind, status, reference, amountPaise, paidOn } = payment;
  return Response.json({ id, kind, status, reference, amountPaise, paidOn }, { status: 201, headers: PRIVATE });
}

export function decidePaymentApi(decision: "confirmed" | "rejected") {
  return async ({ request, context, params }: Args) => {
    const actor = await requireApiPermission(request, context, "invoice:manage");
    await decidePayment(context, actor, params.id ?? "", params.paymentId ?? "", decision);
    return Response.json(apiInvoice(await invoiceFor(context, actor, params.id ?? "")), { headers: PRIVATE });
  };
}
