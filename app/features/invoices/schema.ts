/**
 * The invoice rules shared by the staff form, its action and /api/invoices (docs/product.md#invoices).
 * The API sends amounts as integer paise; the form's rupee fields are read into the same shape first
 * (`invoiceFormPayload`), so both meet one schema and nothing is coerced from a wrong JSON type.
 */
import { z } from "zod";
import { INVOICE_LINE_KINDS, TAX_TREATMENTS } from "../../../db/enums";
import { optionalText, requiredText } from "~/lib/schema-fields";
import { MAX_PAISE, rupeesToPaise } from "./money";

export const MAX_LINES = 30;
export const FORM_LINE_ROWS = 6;

const isoDay = z
  .string({ error: "Due date is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Due date must be a date (YYYY-MM-DD)")
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: "Due date must be a real date",
    },
  );

export const InvoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS, { error: "Kind must be fee, court-fee or disbursement" }).default("fee"),
  description: requiredText(200, "Description"),
  note: optionalText(200, "Note"),
  quantity: z
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(10_000, "Quantity must be at most 10,000"),
  unitPaise: z
    .number({ error: "Unit price must be a whole number of paise" })
    .int("Unit price must be a whole number of paise")
    .min(0, "Unit price cannot be negative")
    .max(MAX_PAISE, "Unit price is too large"),
});

export const InvoiceSchema = z.object({
  clientEmail: z.email({ error: "Please enter a valid email address." }).max(254),
  clientName: requiredText(120, "Client name"),
  clientAddress: optionalText(300, "Client address"),
  clientGstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$/, "GSTIN must be 15 characters, e.g. 07AAAFS0000A1Z5")
    .optional(),
  taxTreatment: z.enum(TAX_TREATMENTS, { error: "Tax treatment must be unregistered, gst or reverse-charge" }),
  dueDate: isoDay,
  lines: z
    .array(InvoiceLineSchema, { error: "Lines must be a list" })
    .min(1, "An invoice needs at least one line")
    .max(MAX_LINES, `An invoice has at most ${MAX_LINES} lines`),
  issue: z.boolean({ error: "Issue must be true or false" }).optional(),
});
export type InvoiceInput = z.output<typeof InvoiceSchema>;

/** A reported payment: the bank's or UPI app's reference, the amount and the day. */
export const PaymentReportSchema = z.object({
  reference: z
    .string({ error: "Reference is required" })
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => /^\d{12}$/.test(value) || /^[A-Z]{4}[0-9A-Z]{12}$/.test(value), {
      message: "Reference must be the 12-digit UPI/IMPS reference or the 16-character NEFT/RTGS UTR",
    }),
  amountPaise: z
    .number({ error: "Amount must be a whole number of paise" })
    .int("Amount must be a whole number of paise")
    .min(1, "Amount must be more than zero")
    .max(MAX_PAISE, "Amount is too large"),
  paidOn: isoDay.transform((day) => day),
});
export type PaymentReport = z.output<typeof PaymentReportSchema>;

/** A form's rupee text as paise, or the text itself so the schema names the field. */
function formPaise(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return rupeesToPaise(value) ?? value;
}

function formWhole(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** The staff form's fields (lines as rows `lines.N.*`, rupees typed) in the API's shape; blank rows are left out. */
export function invoiceFormPayload(form: FormData) {
  const lines = [];
  for (let row = 0; row < MAX_LINES; row++) {
    const description = form.get(`lines.${row}.description`);
    const price = form.get(`lines.${row}.unitRupees`);
    if (description === null && price === null) continue;
    if (String(description ?? "").trim() === "" && String(price ?? "").trim() === "") continue;
    lines.push({
      kind: form.get(`lines.${row}.kind`) ?? undefined,
      description: description ?? undefined,
      note: form.get(`lines.${row}.note`) ?? undefined,
      quantity: formWhole(form.get(`lines.${row}.quantity`)) ?? 1,
      unitPaise: formPaise(price),
    });
  }
  return {
    clientEmail: form.get("clientEmail") ?? undefined,
    clientName: form.get("clientName") ?? undefined,
    clientAddress: form.get("clientAddress") ?? undefined,
    clientGstin: form.get("clientGstin") ?? undefined,
    taxTreatment: form.get("taxTreatment") ?? undefined,
    dueDate: form.get("dueDate") ?? undefined,
    lines,
    issue: form.get("intent") === "issue",
  };
}

/** The client's payment report form: the amount typed in rupees. */
export function paymentFormPayload(form: FormData) {
  return {
    reference: form.get("reference") ?? undefined,
    amountPaise: formPaise(form.get("amount")),
    paidOn: form.get("paidOn") ?? undefined,
  };
}
