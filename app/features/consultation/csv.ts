/**
 * CSV for the inbox export, for spreadsheet programs (app/lib/csv.ts: a UTF-8 BOM, quoting, formula
 * guard).
 */
import { spreadsheetCsv } from "~/lib/csv";
import type { ConsultationRequest } from "./consultation.server";

/** The cell rule (quoting, formula guard), as this area's tests check it. */
export { csvField } from "~/lib/csv";

export const CSV_HEADER = [
  "Received (UTC)",
  "Name",
  "Email",
  "Phone",
  "Practice area",
  "Message",
  "Status",
  "Notification",
  "Channel",
  "Source page",
  "UTM",
  "Reference",
];

export function consultationsCsv(rows: ConsultationRequest[]): string {
  return spreadsheetCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      row.name,
      row.email,
      row.phone,
      row.service,
      row.message,
      row.status,
      row.notifyStatus,
      row.source,
      row.sourcePage,
      row.utm ? new URLSearchParams(row.utm).toString() : "",
      row.id,
    ]),
  ]);
}
