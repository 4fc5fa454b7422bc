/** Paying by UPI: the QR code of the deep link (any UPI app), and on a phone the link itself. */
import { QRCodeSVG } from "qrcode.react";

/** The QR code's size in pixels (docs/product.md#constants). */
export const QR_SIZE = 220;

export function UpiPay({ uri, label }: { uri: string; label: string }) {
  return (
    <div className="upi-pay">
      <div className="qr">
        <QRCodeSVG value={uri} size={QR_SIZE} level="M" marginSize={2} role="img" aria-label={label} />
      </div>
      <p>
        <a className="button button--primary" href={uri}>
          Pay with a UPI app
        </a>
      </p>
    </div>
  );
}
