/**
 * The invoice as a PDF (pdf-lib, pure JavaScript, so it runs on the Worker). The standard fonts cannot
 * draw the rupee sign, so amounts read "Rs. 1,23,456.00".
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { firm } from "~/config/firm";
import { paiseText } from "./money";
import type { InvoiceView } from "./invoices.server";

const money = (paise: number) => `Rs. ${paiseText(paise)}`;
const LINE_KIND: Record<string, string> = {
  fee: "Professional fees",
  "court-fee": "Court fees",
  disbursement: "Disbursement",
};

export const REVERSE_CHARGE_NOTE = "Tax is payable on reverse charge basis: Yes (GST payable by the recipient).";

export async function invoicePdf(view: InvoiceView): Promise<Uint8Array> {
  const { invoice, lines, totals, balancePaise } = view;
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number ?? "draft"}`);
  doc.setAuthor(firm.name);
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const text = (value: string, x: number, size = 10, font: PDFFont = regular) =>
    page.drawText(drawable(value), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, x: number, size = 10, font: PDFFont = regular) =>
    page.drawText(drawable(value), { x: x - font.widthOfTextAtSize(drawable(value), size), y, size, font });
  const next = (step = 14) => (y -= step);

  text(firm.name, 40, 16, bold);
  next(18);
  text(firm.tagline, 40);
  const office = firm.offices[0]!;
  next();
  text(`${office.street}, ${office.locality} ${office.postalCode}`, 40);
  next();
  text(`${firm.email} · ${firm.phone.display}`, 40);
  if (firm.invoicing.gstin) {
    next();
    text(`GSTIN: ${firm.invoicing.gstin}`, 40);
  }
  if (firm.invoicing.pan) {
    next();
    text(`PAN: ${firm.invoicing.pan}`, 40);
  }
  next(28);
  text(invoice.taxTreatment === "gst" ? "TAX INVOICE" : "INVOICE", 40, 14, bold);
  next(18);
  text(`Invoice number: ${invoice.number ?? "DRAFT"}`, 40, 10, bold);
  right(`Due date: ${invoice.dueDate}`, 555);
  next();
  if (invoice.issuedAt) text(`Issued: ${new Date(invoice.issuedAt).toISOString().slice(0, 10)}`, 40);
  next(22);
  text("Bill to", 40, 10, bold);
  next();
  text(invoice.clientName, 40);
  for (const part of [
    invoice.clientAddress,
    invoice.clientGstin ? `GSTIN: ${invoice.clientGstin}` : "",
    invoice.clientEmail,
  ]) {
    if (!part) continue;
    next();
    text(part, 40);
  }
  next(26);
  text("Description", 40, 10, bold);
  right("Qty", 380, 10, bold);
  right("Unit", 470, 10, bold);
  right("Amount", 555, 10, bold);
  rule(page, y - 4);
  for (const line of lines) {
    next(18);
    text(`${line.description} (${LINE_KIND[line.kind] ?? line.kind})`.slice(0, 70), 40);
    right(String(line.quantity), 380);
    right(money(line.unitPaise), 470);
    right(money(line.amountPaise), 555);
    if (line.note) {
      next(12);
      text(line.note.slice(0, 90), 48, 8);
    }
  }
  rule(page, y - 6);
  next(22);
  right(`Subtotal: ${money(totals.subtotalPaise)}`, 555);
  if (invoice.taxTreatment === "gst") {
    next();
    right(`GST ${firm.invoicing.gstRatePercent}% on professional fees: ${money(totals.taxPaise)}`, 555);
  }
  next();
  right(`Total: ${money(invoice.totalPaise)}`, 555, 11, bold);
  next();
  right(`Paid: ${money(invoice.paidPaise)}`, 555);
  next();
  right(`Balance due: ${money(balancePaise)}`, 555, 11, bold);
  if (invoice.taxTreatment === "reverse-charge") {
    next(24);
    text(REVERSE_CHARGE_NOTE, 40, 10, bold);
    next();
    text(`GST ${firm.invoicing.gstRatePercent}% payable by the recipient: ${money(totals.reverseChargePaise)}`, 40);
  }
  next(30);
  text("How to pay", 40, 11, bold);
  next();
  text(
    `UPI: ${firm.invoicing.upiVpa} (${firm.invoicing.payeeName}); the invoice page has a QR code with the amount.`,
    40,
    9,
  );
  next();
  text(
    `Bank transfer (NEFT, RTGS, IMPS): ${firm.bank.accountName}, ${firm.bank.bankName}, account ${firm.bank.accountNumber}, IFSC ${firm.bank.ifsc}.`,
    40,
    9,
  );
  next();
  text(`Please quote ${invoice.number ?? "the invoice number"} as the reference with your payment.`, 40, 9, bold);
  return doc.save();
}

/** The standard fonts draw Latin-1 only: other letters (a name in Devanagari) become "?" rather than failing. */
const drawable = (value: string) => value.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?");

function rule(page: PDFPage, y: number) {
  page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
}
