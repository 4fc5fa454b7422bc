/**
 * CSV for the inbox export (RFC 4180: every field quoted, quotes doubled,
 * CRLF between rows, a UTF-8 BOM so spreadsheet programs read Hindi names
 * right). Fields a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) get a leading apostrophe (OWASP "CSV injection").
 */
import type { ConsultationRequest } from "./consultation.server";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return values.map(csvField).join(",");
}

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
  const lines = [csvRow(CSV_HEADER)];
  for (const row of rows) {
    lines.push(
      csvRow([
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
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
