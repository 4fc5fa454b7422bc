import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorList, Notices } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { InvoiceDocument } from "~/features/invoices/components/invoice-document";
import { UpiPay } from "~/features/invoices/components/upi-pay";
import { indiaDay, invoiceFor, reportPayment } from "~/features/invoices/invoices.server";
import { paiseText, rupees } from "~/features/invoices/money";
import { PaymentReportSchema, paymentFormPayload } from "~/features/invoices/schema";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { NO_HYDRATION } from "~/lib/hydration";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { getSignedInViewer } from "~/lib/permissions.server";

const keyOf = (request: Request) => new URL(request.url).searchParams.get("key");

// The client's invoice: signed in as its client, or through the link mailed at issue (?key=).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getSignedInViewer(request, context);
  const key = keyOf(request);
  try {
    const view = await invoiceFor(context, viewer, params.id ?? "", key);
    const { invoice, lines, payments, totals, balancePaise, upiUri, payable } = view;
    return data(
      {
        invoice,
        lines,
        totals,
        balancePaise,
        upiUri,
        payable,
        payments: payments.map(({ id, reference, amountPaise, paidOn, status }) => ({
          id,
          reference,
          amountPaise,
          paidOn,
          status,
        })),
        key,
        today: indiaDay(new Date()),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

type ActionData = { message: string; errors?: Record<string, string[]> };

// A reported payment (reference, amount, day): staff confirm it against the bank statement.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await getSignedInViewer(request, context);
  const key = keyOf(request);
  try {
    const input = await parseApiPayload(PaymentReportSchema, paymentFormPayload(await request.formData()));
    await reportPayment(context, viewer, params.id ?? "", input, key);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const errors = (error.extra.errors ?? {}) as Record<string, string[]>;
    if (errors.amountPaise) errors.amount = errors.amountPaise;
    return data<ActionData>({ message: error.message, errors }, { status: error.status });
  }
  const query = new URLSearchParams(key ? { key, done: "reported" } : { done: "reported" });
  return redirect(`/invoices/${params.id}?${query}#payment`, 303);
}

export const handle = NO_HYDRATION;

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data: loaded }) =>
  noindexPageMeta({ title: loaded?.invoice.number ? `Invoice ${loaded.invoice.number}` : "Invoice" }),
);

const PAYMENT_STATUS: Record<string, string> = {
  reported: "Reported: the firm is checking it",
  confirmed: "Received",
  rejected: "Not found in our bank statement",
};

export default function InvoicePage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const { invoice, upiUri, payable, balancePaise, payments, key } = page;
  const keyQuery = key ? `?key=${encodeURIComponent(key)}` : "";
  const errors = actionData?.errors ?? {};
  return (
    <div className="page invoice-page">
      <h1>Invoice {invoice.number}</h1>
      <Notices
        success={
          params.get("done") === "reported"
            ? "Thank you: your payment is reported. We will mail a receipt once it reaches our account."
            : null
        }
        error={actionData && !Object.keys(errors).length ? actionData.message : null}
      />
      <InvoiceDocument data={page} />
      <p>
        <a href={`/invoices/${invoice.id}/pdf${keyQuery}`} download>
          Download the invoice (PDF)
        </a>
      </p>
      {payable && upiUri ? (
        <section aria-labelledby="pay-title" className="pay-grid">
          <h2 id="pay-title">Pay {rupees(balancePaise)}</h2>
          <div className="card">
            <h3>UPI</h3>
            <p>Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM): the amount and the reference are filled in.</p>
            <UpiPay
              uri={upiUri}
              label={`UPI QR code: pay ${rupees(balancePaise)} to ${firm.invoicing.payeeName} for invoice ${invoice.number}`}
            />
          </div>
          <div className="card">
            <h3>Bank transfer</h3>
            <dl className="bank-details">
              <dt>Account name</dt>
              <dd>{firm.bank.accountName}</dd>
              <dt>Account number</dt>
              <dd>{firm.bank.accountNumber}</dd>
              <dt>IFSC</dt>
              <dd>{firm.bank.ifsc}</dd>
              <dt>Reference to quote</dt>
              <dd>{invoice.number}</dd>
            </dl>
          </div>
        </section>
      ) : null}
      {payable ? (
        <section aria-labelledby="payment" className="card">
          <h2 id="payment">Tell us you have paid</h2>
          <Form method="post" action={`/invoices/${invoice.id}${keyQuery}`} aria-labelledby="payment">
            <div className="field">
              <label htmlFor="payment-reference">UPI or bank reference</label>
              <input
                id="payment-reference"
                name="reference"
                required
                inputMode="text"
                autoComplete="off"
                aria-describedby="payment-reference-hint payment-reference-error"
                aria-invalid={errors.reference ? true : undefined}
              />
              <p id="payment-reference-hint" className="field__hint">
                The 12-digit UPI/IMPS reference, or the 16-character NEFT/RTGS UTR.
              </p>
              <ErrorList id="payment-reference-error" errors={errors.reference} />
            </div>
            <div className="field">
              <label htmlFor="payment-amount">Amount paid (₹)</label>
              <input
                id="payment-amount"
                name="amount"
                required
                inputMode="decimal"
                defaultValue={paiseText(balancePaise).replaceAll(",", "")}
                aria-describedby="payment-amount-error"
                aria-invalid={errors.amount ? true : undefined}
              />
              <ErrorList id="payment-amount-error" errors={errors.amount} />
            </div>
            <div className="field">
              <label htmlFor="payment-day">Paid on</label>
              <input
                id="payment-day"
                name="paidOn"
                type="date"
                required
                max={page.today}
                defaultValue={page.today}
                aria-describedby="payment-day-error"
                aria-invalid={errors.paidOn ? true : undefined}
              />
              <ErrorList id="payment-day-error" errors={errors.paidOn} />
            </div>
            <button type="submit" className="button button--primary">
              Report the payment
            </button>
          </Form>
        </section>
      ) : null}
      {payments.length ? (
        <section aria-labelledby="payments-title">
          <h2 id="payments-title">Payments</h2>
          <ul>
            {payments.map((payment) => (
              <li key={payment.id}>
                {rupees(payment.amountPaise)} on {payment.paidOn}, reference {payment.reference}:{" "}
                {PAYMENT_STATUS[payment.status]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
