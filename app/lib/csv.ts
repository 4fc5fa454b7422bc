/**
 * CSV files (RFC 4180: every field quoted, quotes doubled, CRLF after each row). A field a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
 * apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/**
 * A CSV file for spreadsheet programs: a UTF-8 BOM first, or they read Hindi (and every other
 * non-Latin) text as mojibake.
 */
export function spreadsheetCsv(rows: unknown[][]): string {
  return `\uFEFF${toCsv(rows)}`;
}

/**
 * The Content-Disposition of a download: `filename` in ASCII (other characters as "-", for old
 * clients), and `filename*` (RFC 6266 / 5987) with the name as it is, so a Hindi title stays readable.
 */
function attachment(fileName: string) {
  const ascii = fileName
    .replace(/[^\x20-\x7e]+|["\\]/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-/, "");
  return ascii === fileName
    ? `attachment; filename="${fileName}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A CSV file to download; never stored by a cache (these files hold personal data). */
export function csvDownload(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
