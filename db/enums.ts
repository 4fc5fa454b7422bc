/**
 * Value lists of the schema that browser code needs too (form choices).
 * This module must stay free of Drizzle: db/schema.ts imports it, never the reverse,
 * and `npm test` fails when Drizzle reaches the client bundle.
 */

/** The icons a service may show (docs/product.md#entities). */
export const SERVICE_ICONS = [
  "FaBookOpen",
  "FaChalkboardTeacher",
  "FaGavel",
  "FaBalanceScale",
  "FaHandshake",
  "FaFileContract",
  "FaBriefcase",
  "FaUniversity",
  "FaUtensils",
  "FaBeer",
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

/** What a managed site image is for (the site_images table; /admin/images). */
export const SITE_IMAGE_KINDS = ["gallery", "accolade"] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

/** The moderation states of articles and testimonials (db/schema.ts; here so list filters in the browser can use them). */
export const PUBLICATION_STATUSES = ["pending", "published", "rejected"] as const;

/** When a quiz taker sees the correct answers and explanations (docs/product.md#entities). */
export const REVIEW_POLICIES = ["immediately", "after-close", "never"] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

/** An invoice's tax treatment (docs/product.md#invoices): reverse charge is stated on the invoice. */
export const TAX_TREATMENTS = ["unregistered", "gst", "reverse-charge"] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

export const INVOICE_STATUSES = ["draft", "issued", "part-paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice line: professional fees (taxed under GST), court fees and disbursements (passed through). */
export const INVOICE_LINE_KINDS = ["fee", "court-fee", "disbursement"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const PAYMENT_KINDS = ["payment", "refund"] as const;
export const PAYMENT_STATUSES = ["reported", "confirmed", "rejected"] as const;
