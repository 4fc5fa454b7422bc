/**
 * Server-side pagination shared by every list (admin lists, the consultations
 * inbox, the outbox). Pure: used by loaders and by the Pager component.
 * A page number that is not a positive whole number is page 1; a page past the
 * end shows the last page: paging and filters never fail a request.
 */

/** Rows per page of the admin lists. */
export const LIST_PAGE_SIZE = 20;

/** The requested page from a query value ("3" → 3); anything else (missing, "-1", "x", "2.5") is 1. */
export function pageNumber(value: unknown): number {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** A page size asked for (an API's `limit`): a whole number in 1…max; `fallback` when missing or not a number. */
export function pageSizeWithin(limit: number | undefined, fallback: number, max: number): number {
  return Math.min(Math.max(Math.trunc(limit ?? fallback) || fallback, 1), max);
}

export type PageWindow = { page: number; pages: number; total: number; offset: number; limit: number };

/** Which rows to show: the requested page clamped to 1…pages (at least one page, even when empty). */
export function pageWindow(requested: number | undefined, total: number, pageSize = LIST_PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.trunc(requested ?? 1) || 1, 1), pages);
  return { page, pages, total, offset: (page - 1) * pageSize, limit: pageSize };
}

/** Query parameters that describe one moment, not the list (notices, confirmations): never carried by paging links. */
const TRANSIENT = ["done", "id", "who", "what", "delete", "edit", "forever", "review"];

/** The link to page `target` of the current list: every filter kept, one-off parameters dropped. */
export function pageHref(search: string | URLSearchParams, target: number, param = "page"): string {
  const params = new URLSearchParams(search);
  for (const key of TRANSIENT) params.delete(key);
  params.delete(param);
  if (target > 1) params.set(param, String(target));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** A query value as a plain filter string: trimmed, bounded; undefined when empty or not text. */
export function filterText(value: unknown, max = 120): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim().slice(0, max);
  return text === "" ? undefined : text;
}

/** A query value that must be one of `allowed` (e.g. a status); anything else is "all" (undefined). */
export function filterChoice<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** One page of a list already in memory (small lists such as the teacher role list). */
export function pageOf<T>(items: readonly T[], requested: number | undefined, pageSize = LIST_PAGE_SIZE) {
  const window = pageWindow(requested, items.length, pageSize);
  return {
    items: items.slice(window.offset, window.offset + window.limit),
    total: items.length,
    page: window.page,
    pages: window.pages,
  };
}

/** A list's query from the URL: the search text, the status (only one of `statuses`) and the page. */
export function listQuery<T extends string>(params: URLSearchParams, statuses: readonly T[] = []) {
  return {
    q: params.get("q") ?? "",
    status: filterChoice(params.get("status"), statuses),
    page: pageNumber(params.get("page")),
  };
}
