import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Db = DrizzleD1Database<typeof schema>;

// A Drizzle client works out its relational schema when it is made (a fifth of a cached page's
// CPU when made per request: docs/decisions/092-render-cpu.md), so one is kept per D1 binding:
// workerd hands an isolate the same `env` (and binding) on every request. The client holds no
// per-request state; each query runs on the binding it was made with.
const clients = new WeakMap<D1Database, Db>();

/** The Drizzle client over a D1 binding (one per binding, reused across requests). */
export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}

export { schema };
