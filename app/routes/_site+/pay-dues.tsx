import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { QRCodeSVG } from "qrcode.react";
import { ErrorList } from "~/components/forms";
import { HttpError } from "~/lib/http.server";
import { findInvoiceByNumber } from "~/features/invoices/invoices.server";
import { upiPayee, upiUri } from "~/features/invoices/upi";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { NO_HYDRATION } from "~/lib/hydration";
import { pageMeta, withStatusMeta } from "~/lib/meta";

/** The QR code's size in pixels (docs/product.md#constants). */
export const QR_SIZE = 220;

export const loader = staticPageLoader;

const NOT_FOUND = "We could not find an invoice with that number for that email address.";

// The door to an invoice: its number and the client's email lead to its page (the same link as the mail).
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const number = String(form.get("number") ?? "").trim();
  const email = String(form.get("email") ?? "").trim();
  const errors: Record<string, string[]> = {};
  if (!number) errors.number = ["Enter the invoice number, e.g. SRA/26-27/0007."];
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = ["Enter the email address the invoice was sent to."];
  if (Object.keys(errors).length) return data({ errors, message: null }, { status: 400 });
  let found;
  try {
    found = await findInvoiceByNumber(context, request, number, email);
  } catch (error) {
    if (error instanceof HttpError) return data({ errors: {}, message: error.message }, { status: error.status });
    throw error;
  }
  if (!found) return data({ errors: {}, message: NOT_FOUND }, { status: 404 });
  return redirect(`/invoices/${found.id}?key=${found.accessKey}`, 303);
}
export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Pay Dues",
    description: `Pay ${firm.name} online through the secure payment link or its QR code, or by bank transfer (NEFT, RTGS or IMPS) to the firm's account.`,
    path: "/pay-dues",
  }),
);

export default function PayDues() {
  const { bank } = firm;
  const answer = useActionData<typeof action>();
  const errors: Record<string, string[]> = answer?.errors ?? {};
  const upi = upiUri(upiPayee());
  return (
    <div className="page">
      <h1>Pay Dues</h1>
      <p className="lead">
        Pay your invoice online or by bank transfer. Please quote your invoice number with every payment.
      </p>
      <section className="card" aria-labelledby="find-title">
        <h2 id="find-title">Pay an invoice</h2>
        <p>Enter its number and your email: you will see the invoice with a UPI code for the exact amount.</p>
        {answer?.message ? (
          <p className="alert alert--error" role="alert">
            {answer.message}
          </p>
        ) : null}
        <Form method="post" aria-labelledby="find-title">
          <div className="field">
            <label htmlFor="find-number">Invoice number</label>
            <input
              id="find-number"
              name="number"
              required
              autoComplete="off"
              aria-describedby="find-number-error"
              aria-invalid={errors.number ? true : undefined}
            />
            <ErrorList id="find-number-error" errors={errors.number} />
          </div>
          <div className="field">
            <label htmlFor="find-email">Your email</label>
            <input
              id="find-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              aria-describedby="find-email-error"
              aria-invalid={errors.email ? true : undefined}
            />
            <ErrorList id="find-email-error" errors={errors.email} />
          </div>
          <button type="submit" className="button button--primary">
            Find my invoice
          </button>
        </Form>
      </section>
      <div className="pay-grid">
        <section className="card" aria-labelledby="online-title">
          <h2 id="online-title">Pay online</h2>
          <p>
            <a className="button button--primary" href={firm.paymentLink} rel="noopener noreferrer">
              Open the payment link
            </a>
          </p>
          <p>Or pay by UPI without an invoice number: scan this code with any UPI app and enter the amount.</p>
          <div className="qr">
            <QRCodeSVG
              value={upi}
              size={QR_SIZE}
              level="M"
              marginSize={2}
              role="img"
              aria-label={`UPI QR code of ${firm.invoicing.payeeName} (${firm.invoicing.upiVpa})`}
            />
          </div>
        </section>
        <section className="card" aria-labelledby="bank-title">
          <h2 id="bank-title">Bank transfer</h2>
          <dl className="bank-details">
            <dt>Account name</dt>
            <dd>{bank.accountName}</dd>
            <dt>Bank</dt>
            <dd>{bank.bankName}</dd>
            <dt>Account number</dt>
            <dd>{bank.accountNumber}</dd>
            <dt>IFSC</dt>
            <dd>{bank.ifsc}</dd>
            <dt>Branch</dt>
            <dd>{bank.branch}</dd>
          </dl>
          <p>
            NEFT, RTGS and IMPS are accepted. Email the transaction reference to{" "}
            <a href={`mailto:${firm.email}`}>{firm.email}</a> so we can match your payment.
          </p>
        </section>
      </div>
      <p className="notice">
        We will never ask you to pay into any other account. If you receive such a request, call us on{" "}
        {firm.phone.display} before paying.
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

// The QR code is SVG drawn on the server: the page needs no React in the browser.
export const handle = NO_HYDRATION;
