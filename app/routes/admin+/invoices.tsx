import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { Notices } from "~/components/forms";
import { Link } from "~/components/link";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { CollectionsChart } from "~/features/invoices/components/collections-chart";
import { STATUS_LABEL } from "~/features/invoices/components/invoice-document";
import {
  decidePayment,
  isInvoiceFilter,
  listInvoices,
  receivables,
  reportedPayments,
} from "~/features/invoices/invoices.server";
import { rupees } from "~/features/invoices/money";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { pageNumber } from "~/lib/pagination";
import { requirePermission } from "~/lib/permissions.server";

const FILTERS = ["outstanding", "draft", "issued", "part-paid", "paid", "void"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const status = url.searchParams.get("status");
  const [list, report, queue] = await Promise.all([
    listInvoices(context, actor, {
      q,
      status: isInvoiceFilter(status) ? status : undefined,
      page: pageNumber(url.searchParams.get("page")),
    }),
    receivables(context, actor),
    reportedPayments(context, actor),
  ]);
  return { list, report, queue, q, status: isInvoiceFilter(status) ? status : "", done: url.searchParams.get("done") };
}

// Confirm or reject a reported payment from the queue.
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  const form = await request.formData();
  const decision = form.get("intent") === "confirm" ? "confirmed" : form.get("intent") === "reject" ? "rejected" : null;
  if (!decision) return data({ message: "Choose Confirm or Reject." }, { status: 400 });
  try {
    await decidePayment(
      context,
      actor,
      String(form.get("invoiceId") ?? ""),
      String(form.get("paymentId") ?? ""),
      decision,
    );
  } catch (error) {
    if (error instanceof HttpError) return data({ message: error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/admin/invoices?done=${decision}`, 303);
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Invoices" }));

const DONE: Record<string, string> = {
  confirmed: "Payment confirmed; the client has been mailed a receipt.",
  rejected: "Payment rejected; the client may report it again.",
};

export default function ManageInvoices() {
  const { list, report, queue, q, status, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ message: string }>();
  return (
    <section aria-labelledby="invoices-title">
      <h1 id="invoices-title">Invoices</h1>
      <Notices success={done ? DONE[done] : null} error={actionData?.message} />
      <p>
        <Link to="/admin/invoices/new" className="button button--primary">
          New invoice
        </Link>{" "}
        <a href={`/admin/invoices.csv?q=${encodeURIComponent(q)}&status=${status}`} download>
          Export as CSV
        </a>
      </p>
      <h2>Receivables</h2>
      <p>
        Outstanding: <strong>{rupees(report.outstandingPaise)}</strong>
      </p>
      <DataTable
        wrap="table-scroll"
        caption="Outstanding by age past the due date"
        headers={["Age", "Invoices", "Amount"]}
      >
        {report.buckets.map((bucket) => (
          <tr key={bucket.label}>
            <th scope="row">{bucket.label}</th>
            <td>{bucket.count}</td>
            <td>{rupees(bucket.paise)}</td>
          </tr>
        ))}
      </DataTable>
      <h2>Collections</h2>
      <CollectionsChart months={report.collections} />
      <h2>Payments to check against the bank statement</h2>
      {queue.length === 0 ? (
        <p className="empty-state">No reported payments await a check.</p>
      ) : (
        <DataTable
          wrap="table-scroll"
          caption="Reported payments"
          headers={["Invoice", "Client", "Reference", "Amount", "Paid on", "Decision"]}
        >
          {queue.map(({ payment, number, clientName }) => (
            <tr key={payment.id}>
              <th scope="row">
                <Link to={`/admin/invoices/${payment.invoiceId}`}>{number}</Link>
              </th>
              <td>{clientName}</td>
              <td>{payment.reference}</td>
              <td>{rupees(payment.amountPaise)}</td>
              <td>{payment.paidOn}</td>
              <td>
                <Form method="post" className="row-actions">
                  <input type="hidden" name="invoiceId" value={payment.invoiceId} />
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="confirm"
                    className="button"
                    aria-label={`Confirm payment ${payment.reference}`}
                  >
                    Confirm
                  </button>{" "}
                  <button
                    type="submit"
                    name="intent"
                    value="reject"
                    className="button button--ghost"
                    aria-label={`Reject payment ${payment.reference}`}
                  >
                    Reject
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2>All invoices</h2>
      <ListSearch label="Search by number, client or email" q={q} status={status} statuses={FILTERS} name="invoices" />
      {list.items.length === 0 ? (
        <p className="empty-state">{q || status ? "No invoices match these filters." : "No invoices yet."}</p>
      ) : (
        <DataTable
          wrap="table-scroll"
          caption="Invoices"
          headers={["Number", "Client", "Status", "Due", "Total", "Balance"]}
        >
          {list.items.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">
                <Link to={`/admin/invoices/${invoice.id}`}>{invoice.number ?? "Draft"}</Link>
              </th>
              <td>{invoice.clientName}</td>
              <td>{STATUS_LABEL[invoice.status]}</td>
              <td>{invoice.dueDate}</td>
              <td>{rupees(invoice.totalPaise)}</td>
              <td>{rupees(invoice.balancePaise)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="field__hint">
        {list.total} invoice{list.total === 1 ? "" : "s"}
      </p>
      <Pager page={list.page} pages={list.pages} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
