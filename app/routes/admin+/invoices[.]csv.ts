import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isInvoiceFilter, listInvoices } from "~/features/invoices/invoices.server";
import { paiseText } from "~/features/invoices/money";
import { csvDownload, toCsv } from "~/lib/csv";
import { requirePermission } from "~/lib/permissions.server";

const upTo = 10_000;

// GET /admin/invoices.csv?q=&status= : the filtered invoices for an accountant (amounts in rupees, two decimals).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const list = await listInvoices(context, actor, {
    q: url.searchParams.get("q") ?? undefined,
    status: isInvoiceFilter(status) ? status : undefined,
    pageSize: upTo,
  });
  const amount = (paise: number) => paiseText(paise).replaceAll(",", "");
  const rows = [
    [
      "Number",
      "Issued",
      "Due date",
      "Client",
      "Email",
      "GSTIN",
      "Tax treatment",
      "Subtotal",
      "Tax",
      "Total",
      "Paid",
      "Balance",
      "Status",
    ],
    ...list.items.map((invoice) => [
      invoice.number ?? "",
      invoice.issuedAt ? new Date(invoice.issuedAt).toISOString().slice(0, 10) : "",
      invoice.dueDate,
      invoice.clientName,
      invoice.clientEmail,
      invoice.clientGstin,
      invoice.taxTreatment,
      amount(invoice.subtotalPaise),
      amount(invoice.taxPaise),
      amount(invoice.totalPaise),
      amount(invoice.paidPaise),
      amount(invoice.balancePaise),
      invoice.status,
    ]),
  ];
  return csvDownload(toCsv(rows), `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
}
