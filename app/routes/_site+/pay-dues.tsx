import type { MetaFunction } from "@remix-run/cloudflare";
import { QRCodeSVG } from "qrcode.react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { publicHeaders, staticPageLoader } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { NO_HYDRATION } from "~/lib/hydration";
import { pageMeta, withStatusMeta } from "~/lib/meta";

/** The QR code's size in pixels (docs/product.md#constants). */
export const QR_SIZE = 220;

export const loader = staticPageLoader;
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
  return (
    <div className="page">
      <h1>Pay Dues</h1>
      <p className="lead">
        Pay your invoice online or by bank transfer. Please quote your invoice number with every payment.
      </p>
      <div className="pay-grid">
        <section className="card" aria-labelledby="online-title">
          <h2 id="online-title">Pay online</h2>
          <p>
            <a className="button button--primary" href={firm.paymentLink} rel="noopener noreferrer">
              Open the payment link
            </a>
          </p>
          <p>Or scan this QR code with any UPI or banking app:</p>
          <div className="qr">
            <QRCodeSVG
              value={firm.paymentLink}
              size={QR_SIZE}
              level="M"
              marginSize={2}
              role="img"
              aria-label={`QR code of the payment link ${firm.paymentLink}`}
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
