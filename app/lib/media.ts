/** The URL of a stored file: R2 keys are served under /uploads/, absolute URLs are used as they are. */
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `/uploads/${value.replace(/^\/+/, "").replace(/^uploads\//, "")}`;
}

let shortDateFormat: Intl.DateTimeFormat | undefined;

/**
 * "12 Mar 2026": the short month format of docs/product.md#constants. One formatter for every
 * call (`toLocaleDateString` builds a new one each time: 2.5 % of the home page's render, one per
 * card; docs/decisions/092-render-cpu.md); the same text, "Invalid Date" included.
 */
export function shortDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  shortDateFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });
  return shortDateFormat.format(date);
}
