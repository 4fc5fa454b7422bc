import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Notices } from "~/components/forms";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { InvoiceDocument } from "~/features/invoices/components/invoice-document";
import { decidePayment, invoiceFor, invoiceLink, issueInvoice, voidInvoice } from "~/features/invoices/invoices.server";
import { rupees } from "~/features/invoices/money";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requirePermission } from "~/lib/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  try {
    const view = await invoiceFor(context, actor, params.id ?? "");
    const url = new URL(request.url);
    return {
      ...view,
      link: invoiceLink(context.env.APP_ORIGIN, view.invoice),
      confirmVoid: url.searchParams.get("void") === "1",
    };
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

// Issue a draft, void an invoice (after a confirmation step), or decide a reported payment.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requirePermission(request, context, "invoice:manage");
  const form = await request.formData();
  const id = params.id ?? "";
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "issue") await issueInvoice(context, actor, id);
    else if (intent === "confirm-void") return redirect(`/admin/invoices/${id}?void=1`, 303);
    else if (intent === "void") await voidInvoice(context, actor, id);
    else if (intent === "confirm" || intent === "reject")
      await decidePayment(
        context,
        actor,
        id,
        String(form.get("paymentId") ?? ""),
        intent === "confirm" ? "confirmed" : "rejected",
      );
    else return data({ message: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof HttpError) return data({ message: error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/admin/invoices/${id}?done=${intent}`, 303);
}

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data: loaded }) =>
  noindexPageMeta({ title: loaded?.invoice.number ? `Invoice ${loaded.invoice.number}` : "Draft invoice" }),
);

const DONE: Record<string, string> = {
  issued: "Invoice issued; the client has been mailed its link.",
  issue: "Invoice issued; the client has been mailed its link.",
  saved: "Draft saved.",
  void: "Invoice voided. It keeps its number.",
  confirm: "Payment confirmed; the client has been mailed a receipt.",
  reject: "Payment rejected.",
};

export default function StaffInvoice() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<{ message: string }>();
  const [params] = useSearchParams();
  const { invoice, payments, link, confirmVoid } = view;
  return (
    <section aria-labelledby="invoice-title">
      <p>
        <Link to="/admin/invoices">← Invoices</Link>
      </p>
      <h1 id="invoice-title">{invoice.number ? `Invoice ${invoice.number}` : "Draft invoice"}</h1>
      <Notices success={DONE[params.get("done") ?? ""]} error={actionData?.message} />
      <InvoiceDocument data={view} />
      <p>
        <a href={`/invoices/${invoice.id}/pdf`} download>
          Download the PDF
        </a>
        {invoice.status !== "draft" ? (
          <>
            {" "}
            · The client's link: <code>{link}</code>
          </>
        ) : null}
      </p>
      {confirmVoid ? (
        <div role="alertdialog" aria-labelledby="void-title" className="card">
          <h2 id="void-title">Void this invoice?</h2>
          <p>It keeps its number, and no payment can be reported on it any more. This cannot be undone.</p>
          <Form method="post">
            <button type="submit" name="intent" value="void" className="button button--danger">
              Void the invoice
            </button>{" "}
            <Link to={`/admin/invoices/${invoice.id}`}>Cancel</Link>
          </Form>
        </div>
      ) : null}
      <Form method="post" className="row-actions">
        {invoice.status === "draft" ? (
          <button type="submit" name="intent" value="issue" className="button button--primary">
            Issue and mail the client
          </button>
        ) : null}{" "}
        {invoice.status !== "void" && !confirmVoid ? (
          <button type="submit" name="intent" value="confirm-void" className="button button--ghost">
            Void
          </button>
        ) : null}
      </Form>
      <h2>Payments</h2>
      {payments.length === 0 ? (
        <p className="empty-state">No payments reported yet.</p>
      ) : (
        <ul>
          {payments.map((payment) => (
            <li key={payment.id}>
              {rupees(payment.amountPaise)} on {payment.paidOn}, reference {payment.reference}: {payment.status}
              {payment.status === "reported" ? (
                <Form method="post" className="row-actions">
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <button type="submit" name="intent" value="confirm" className="button">
                    Confirm
                  </button>{" "}
                  <button type="submit" name="intent" value="reject" className="button button--ghost">
                    Reject
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
