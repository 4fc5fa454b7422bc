/** The URL of a stored file: R2 keys are served under /uploads/, absolute URLs are used as they are. */
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `/uploads/${value.replace(/^\/+/, "").replace(/^uploads\//, "")}`;
}

/** "12 Mar 2026": the short month format of docs/product.md#constants. */
export function shortDate(value: Date | string | number): string {
  return new Date(value).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });
}
