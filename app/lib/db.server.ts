import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, fillPlaceholders, ne, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { PreparedQueryConfig, SQLiteColumn, SQLitePreparedQuery, SQLiteTable } from "drizzle-orm/sqlite-core";
import { HttpError } from "./http.server";
import * as schema from "../../db/schema";

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

// A Drizzle client works out its relational schema when it is made (a fifth of a cached page's
// CPU when made per request: docs/decisions/092-render-cpu.md), so one is kept per D1 binding:
// workerd hands an isolate the same `env` (and binding) on every request. The client holds no
// per-request state: each query goes to this request's D1 session (below) when one is open, else
// to the binding.
const clients = new WeakMap<D1Database, Db>();

/** This request's D1 session (read replication, docs/decisions/094-d1-read-replicas.md). */
const currentSession = new AsyncLocalStorage<D1DatabaseSession>();

/**
 * A statement that finds this request's D1 session when it runs, not when it is prepared: a Drizzle
 * query prepared once per isolate (its SQL built once) then runs in each request's session.
 */
class SessionStatement {
  constructor(
    private readonly query: string,
    private readonly target: () => D1Database | D1DatabaseSession,
    private readonly values: unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new SessionStatement(this.query, this.target, values);
  }
  resolve(): D1PreparedStatement {
    const statement = this.target().prepare(this.query);
    return this.values.length ? statement.bind(...this.values) : statement;
  }
  first<T>(column?: string) {
    return column === undefined ? this.resolve().first<T>() : this.resolve().first<T>(column);
  }
  all<T>() {
    return this.resolve().all<T>();
  }
  raw<T>(options?: { columnNames?: boolean }) {
    return this.resolve().raw<T>(options as { columnNames: true });
  }
  run<T>() {
    return this.resolve().run<T>();
  }
}

/** The binding as Drizzle sees it: `prepare` and `batch` (all Drizzle's D1 driver calls) go to the open session. */
function sessionRouted(d1: D1Database): D1Database {
  const target = () => currentSession.getStore() ?? d1;
  const real = (statement: D1PreparedStatement) =>
    statement instanceof SessionStatement ? statement.resolve() : statement;
  return {
    prepare: (query: string) => new SessionStatement(query, target) as unknown as D1PreparedStatement,
    batch: <T = unknown>(statements: D1PreparedStatement[]) => target().batch<T>(statements.map(real)),
    exec: (query: string) => d1.exec(query),
    withSession: (constraintOrBookmark?: string) => d1.withSession(constraintOrBookmark),
    dump: () => d1.dump(),
  } as D1Database;
}

/** The Drizzle client over a D1 binding (one per binding, reused across requests). */
export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(sessionRouted(d1), { schema });
    clients.set(d1, db);
  }
  return db;
}

/**
 * A query prepared once per Drizzle client (its SQL built once, placeholders bound on each run), made
 * on first use: `const byId = preparedOnce((db) => db.select()…where(eq(t.id, sql.placeholder("id"))).prepare())`,
 * then `byId(ctx.db).execute({ id })`. Each run still goes to the request's D1 session (SessionStatement).
 */
export function preparedOnce<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const queries = new WeakMap<Db, Q>();
  return (db) => {
    let query = queries.get(db);
    if (query === undefined) {
      query = prepare(db);
      queries.set(db, query);
    }
    return query;
  };
}

/** What Drizzle's `.prepare()` gives on D1. */
type Prepared = SQLitePreparedQuery<PreparedQueryConfig & { type: "async" }>;

/**
 * One run of a query prepared once (`preparedOnce`) with its placeholders' values: awaited, it reads
 * its rows (as the query's `.all()`); given to `batchPrepared` with others, they all go to D1 in one
 * round trip. The public pages' reads are these: their SQL is built once per isolate, not per request.
 */
export class PreparedRun<R> implements PromiseLike<R> {
  private constructor(
    private readonly query: Prepared,
    private readonly values: Record<string, unknown>,
  ) {}
  /** `query` (from `preparedOnce`) with these values for its `sql.placeholder`s. */
  static of<Q extends Prepared>(query: Q, values: Record<string, unknown> = {}): PreparedRun<RowsOfQuery<Q>> {
    return new PreparedRun(query, values);
  }
  /** The bound statement, for a batch (it runs in the request's D1 session: SessionStatement). */
  statement(db: Db): D1PreparedStatement {
    const { sql: text, params } = this.query.getQuery();
    return db.$client.prepare(text).bind(...fillPlaceholders(params, this.values));
  }
  /** This run's rows from its result in a batch, mapped as `.all()` maps them. */
  fromBatch(result: D1Result): R {
    return this.query.mapAllResult(result, true) as R;
  }
  then<A = R, B = never>(
    onfulfilled?: ((value: R) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return (this.query.all(this.values) as Promise<R>).then(onfulfilled, onrejected);
  }
}

type RowsOfQuery<Q> = Q extends SQLitePreparedQuery<infer C> ? C["all"] : never;
type RowsOf<T> = { [K in keyof T]: T[K] extends PreparedRun<infer R> ? R : never };

/** Prepared runs in one D1 batch (one round trip), each result mapped as its `.all()` would be. */
export async function batchPrepared<T extends readonly PreparedRun<unknown>[]>(db: Db, runs: T): Promise<RowsOf<T>> {
  const results = await db.$client.batch(runs.map((run) => run.statement(db)));
  return runs.map((run, i) => run.fromBatch(results[i]!)) as RowsOf<T>;
}

/**
 * Where a request's first query may go. `primary`: the primary database (writes, and reads that must
 * see the latest state: the quiz clock). `nearest`: any replica, or one at least as new as `bookmark`
 * (the client's own last write), so a user always reads their own writes.
 */
export type SessionStart = { kind: "primary" } | { kind: "nearest"; bookmark: string | null };

/**
 * Run `fn` with every query of the shared Drizzle client in one D1 session (sequential consistency:
 * each read sees every earlier write of the session). Returns `fn`'s result and the session's
 * bookmark after it, to hand to the client for its next request (null when nothing was queried).
 */
export async function inD1Session<T>(
  d1: D1Database,
  start: SessionStart,
  fn: () => Promise<T>,
): Promise<{ result: T; bookmark: string | null }> {
  const session = d1.withSession(
    start.kind === "primary" ? "first-primary" : (start.bookmark ?? "first-unconstrained"),
  );
  const result = await currentSession.run(session, fn);
  return { result, bookmark: session.getBookmark() };
}

export { schema };

/**
 * The compare-and-swap of an edit (decision 105), first in its batch: the whole batch fails, changing
 * nothing, when row `id` of `table` no longer has the `updated_at` (`column`) this request read. It
 * inserts NULL into `batch_guards.never` for such a row (NOT NULL fails); D1 runs batches one at a
 * time, so no other save can land between the check and the writes. `guardRefusal` maps the error.
 */
export function failBatchIfChanged(
  db: Db,
  table: SQLiteTable & { id: SQLiteColumn },
  id: string,
  column: SQLiteColumn,
  readAt: Date,
) {
  return db.insert(schema.batchGuards).select(
    db
      .select({ never: sql<number>`null`.as("never") })
      .from(table)
      .where(and(eq(table.id, id), ne(column, readAt))),
  );
}

/**
 * Edits that may meet another save of the same row (decision 105). A row's version is its `updated_at`
 * in milliseconds: an edit form carries the one it was opened at, and a save from an older one is
 * refused with 409 (`message`) before anything is written or uploaded.
 */
export function assertSameVersion(sent: number | undefined, readAt: Date, message: string) {
  if (sent !== undefined && sent !== readAt.getTime()) throw new HttpError(409, message);
}

/** The `updated_at` of a save of a row read at `readAt`: now, and always later, so every save moves the version on. */
export function savedAfter(readAt: Date, now = new Date()) {
  return new Date(Math.max(now.getTime(), readAt.getTime() + 1));
}

/** A batch's error as the edit's answer: the 409 `message` when a `failBatchIfChanged` guard failed it, else itself. */
export function guardRefusal(error: unknown, message: string): unknown {
  const text = `${(error as Error)?.message ?? error} ${(error as Error)?.cause ?? ""}`;
  return text.includes("batch_guards.never") ? new HttpError(409, message) : error;
}

/** D1's refusal of a row whose unique column's value another row already has (in the error or its causes). */
export function isUniqueConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (/UNIQUE constraint failed/.test(current.message)) return true;
  }
  return false;
}

/**
 * Run `write` again (up to `attempts` times in all) while it fails on a unique conflict: for a write
 * that chooses its unique values (a free slug) before a concurrent save can take them. Each attempt
 * must choose them again; a failed batch saved nothing.
 */
export async function retryOnUniqueConflict<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueConflict(error)) throw error;
    }
  }
}

/** A statement as D1 runs it: for the batches Drizzle cannot build (raw SQL with parameters). */
export type RawStatement = { sql: string; params: unknown[] };

/** Run statements (Drizzle's `.toSQL()` or raw) as one D1 batch, one transaction, in this request's D1 session. */
export function runRawBatch(db: Db, statements: RawStatement[]) {
  const d1 = db.$client;
  return d1.batch(statements.map(({ sql, params }) => d1.prepare(sql).bind(...params)));
}

/**
 * A single-row `INSERT … VALUES (…)` (Drizzle's `.toSQL()`) that inserts nothing unless `condition`
 * holds when it runs: `INSERT … SELECT … WHERE condition`. In a batch before the write it depends on,
 * it makes the second of two requests racing for one row record nothing (its `meta.changes` is 0).
 */
export function insertOnlyIf(insert: RawStatement, condition: RawStatement): RawStatement {
  const values = / values \((.*)\)$/i.exec(insert.sql);
  if (!values) throw new Error(`not a single-row insert: ${insert.sql}`);
  return {
    sql: `${insert.sql.slice(0, values.index)} select ${values[1]} where ${condition.sql}`,
    params: [...insert.params, ...condition.params],
  };
}
