/**
 * Money as integer paise (docs/product.md#invoices): typed rupees are read digit by digit, never through
 * a float, and shown in Indian grouping (₹1,23,456.00).
 */

/** The largest amount one line or invoice may carry: ₹10 crore. */
export const MAX_PAISE = 100_000_000_00;

/** "1,23,456.5" → 12345650; null for anything that is not a non-negative amount with at most two decimals. */
export function rupeesToPaise(text: string): number | null {
  const plain = text.trim().replace(/^₹\s*/, "").replaceAll(",", "");
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(paise) ? paise : null;
}

const grouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** 12345650 → "1,23,456.50" (no float: the rupees and the paise are formatted apart). */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.abs(paise);
  return `${sign}${grouping.format(Math.trunc(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
}

/** 12345650 → "₹1,23,456.50". */
export const rupees = (paise: number) => `₹${paiseText(paise)}`;

/** 12345650 → "123456.50": the amount a UPI link carries. */
export const upiAmount = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

/** A share of an amount in whole paise, rounded half up (GST at 18 % of ₹0.05 is ₹0.01). */
export const percentOf = (paise: number, percent: number) => Math.floor((paise * percent + 50) / 100);
