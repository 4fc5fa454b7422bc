/**
 * The NPCI UPI deep link: any UPI app opens it with the payee, the amount and the reference filled in,
 * and the same URI is what an invoice's QR code holds.
 */
import { firm } from "~/config/firm";
import { upiAmount } from "./money";

export type UpiPayee = { vpa: string; name: string };

/** upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…; without an amount the payer types it (the general /pay-dues code). */
export function upiUri(payee: UpiPayee, payment: { amountPaise?: number; reference?: string } = {}): string {
  const params: [string, string][] = [
    ["pa", payee.vpa],
    ["pn", payee.name],
  ];
  if (payment.amountPaise !== undefined) params.push(["am", upiAmount(payment.amountPaise)]);
  params.push(["cu", "INR"]);
  if (payment.reference) params.push(["tn", `Invoice ${payment.reference}`], ["tr", payment.reference]);
  // The payee's address keeps its "@", as UPI apps print and expect it.
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%40", "@");
  return `upi://pay?${params.map(([key, value]) => `${key}=${encode(value)}`).join("&")}`;
}

/** The firm as a UPI payee. */
export const upiPayee = (): UpiPayee => ({ vpa: firm.invoicing.upiVpa, name: firm.invoicing.payeeName });
