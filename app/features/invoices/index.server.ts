/** What other areas and the routes may use of invoices. */
export * from "./invoices.server";
export * from "./api.server";
export { invoicePdf } from "./pdf.server";
