/**
 * One page of a server-side list: count the matching rows, clamp the requested
 * page (past the end shows the last page), read that page. Every admin list
 * goes through it (with app/lib/pagination.ts and the Pager component).
 */
import { count, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./db.server";
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
