/**
 * One page of a server-side list: count the matching rows, clamp the requested
 * page (past the end shows the last page), read that page. Every admin list
 * goes through it (with app/lib/pagination.ts and the Pager component).
 */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { batchPrepared, PreparedRun, type Db } from "./db.server";
import { LIST_PAGE_SIZE, pageWindow, type PageWindow } from "./pagination";

export type Page<T> = { items: T[]; total: number; page: number; pages: number };

export async function paginate<T>(
  db: Db,
  table: SQLiteTable,
  where: SQL | undefined,
  requested: number | undefined,
  read: (window: PageWindow) => Promise<T[]>,
  pageSize = LIST_PAGE_SIZE,
): Promise<Page<T>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const window = pageWindow(requested, total, pageSize);
  const items = total === 0 ? [] : await read(window);
  return { items, total, page: window.page, pages: window.pages };
}

/**
 * One page of a list in one round trip: `total` (a query selecting `{ total }`) and the requested page go
 * to D1 as one batch; a page past the end is read again as the last page. `rows` makes the page's query
 * for a window (limit and offset), afresh each time. Not for a join of tables that share a column name:
 * Drizzle maps a D1 batch's rows by column name, so one column overwrites the other (the teacher
 * applications' list, joined with users, lost the applicant's full_name that way; it stays on `paginate`).
 */
export async function pageInOneTrip<T>(
  db: Db,
  { total, rows, requested, pageSize }: PageInOneTrip<T>,
): Promise<Page<T>> {
  const asked = pageWindow(requested, Number.MAX_SAFE_INTEGER, pageSize);
  const [counted, first] = await totalAndRows(db, total, rows(asked));
  const window = pageWindow(requested, Number(counted[0]?.total ?? 0), pageSize);
  const items = window.page === asked.page ? first : await rows(window);
  return { items, total: window.total, page: window.page, pages: window.pages };
}

/** The total and the rows in one D1 batch. */
async function totalAndRows<T>(db: Db, total: Total, rows: Batchable<T[]> | PreparedRun<T[]>) {
  if (total instanceof PreparedRun && rows instanceof PreparedRun) return batchPrepared(db, [total, rows] as const);
  if (total instanceof PreparedRun || rows instanceof PreparedRun) {
    throw new TypeError("pageInOneTrip: the total and the rows are both prepared, or neither");
  }
  return (await db.batch([total, rows])) as [{ total: number }[], T[]];
}

type Batchable<R> = BatchItem<"sqlite"> & PromiseLike<R>;
/** A list's total for `pageInOneTrip`: a query selecting `{ total }`, not yet sent. */
export type TotalQuery = Batchable<{ total: number }[]>;
type Total = TotalQuery | PreparedRun<{ total: number }[]>;
type PageInOneTrip<T> = {
  /** Query builders, or runs of prepared queries (both the total and the rows). */
  total: Total;
  rows: (window: PageWindow) => Batchable<T[]> | PreparedRun<T[]>;
  requested: number | undefined;
  pageSize: number;
};

/** The most items a review queue shows at once (newest first). */
export const REVIEW_QUEUE_MAX = 50;

/**
 * The lists of a moderated area (articles, testimonials): the pending queue
 * (searched), then every item a page at a time, searched and filtered by status.
 * `read` selects the area's rows for a condition, newest first.
 */
export async function moderationLists<T>(
  db: Db,
  table: SQLiteTable,
  statusColumn: SQLiteColumn,
  { search, status, page }: { search: SQL | undefined; status?: string; page?: number },
  read: (where: SQL | undefined, limit: number, offset: number) => Promise<T[]>,
) {
  const where = and(search, status ? eq(statusColumn, status) : undefined);
  const [pending, all] = await Promise.all([
    read(and(search, eq(statusColumn, "pending")), REVIEW_QUEUE_MAX, 0),
    paginate(db, table, where, page, (window) => read(where, window.limit, window.offset)),
  ]);
  return { pending, all };
}
