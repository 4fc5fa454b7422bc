import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Db = DrizzleD1Database<typeof schema>;

/** A Drizzle client over the request's D1 binding (cheap: create one per request). */
export function createDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}

export { schema };
