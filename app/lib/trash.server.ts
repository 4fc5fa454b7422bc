/**
 * The trash (decision 084). Deleting an article, testimonial, service, sub-service, founder, quiz or
 * teacher application moves its rows (with the rows that hang off it: a service's sub-services and
 * enrolments, a quiz's questions, attempts and time grants) into one `trash_items` row, as SQLite
 * stored them, in the same D1 batch as the delete and its audit row. Nothing that reads the live
 * tables has to know about the trash: the public pages and the API simply no longer find the item.
 * Its files stay in R2 but are no longer served (`trashed_files`: `/uploads/{key}` answers 404). An admin
 * restores it (after checking its unique path/slug is still free and its parent still there) or
 * deletes it forever; the scheduled job purges what has waited 30 days, and only then deletes its files.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { trashedFiles, trashItems, users, type TrashKind } from "../../db/schema";
import { newId } from "../../db/id";
import { paginate } from "./pagination.server";
import { containsText, searchTerm } from "./search.server";
import { auditStatement, type AuditActor } from "./audit.server";
import { purgePublicPages } from "./edge-cache.server";
import { HttpError } from "./http.server";
import type { Actor } from "./permissions";
import { assertCan } from "./permissions.server";
import { deleteUpload } from "./uploads.server";
import { insertOnlyIf, runRawBatch, type RawStatement } from "./db.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;
export type { TrashKind };
type Statement = RawStatement;
const runBatch = (ctx: Ctx, statements: Statement[]) => runRawBatch(ctx.db, statements);

/** How long an item waits in the trash before the scheduled job deletes it for good. */
export const TRASH_RETENTION_DAYS = 30;
const RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 3600_000;

/** The tables whose rows may be snapshotted (table names are spliced into SQL: only these). */
const TRASH_TABLES = [
  "articles",
  "testimonials",
  "services",
  "sub_services",
  "enrolments",
  "faculty",
  "quizzes",
  "quiz_questions",
  "quiz_attempts",
  "quiz_time_grants",
  "teacher_applications",
] as const;
export type TrashTable = (typeof TRASH_TABLES)[number];

export type TrashCheck = {
  table: TrashTable;
  column: string;
  value: string;
  /** "absent": no live row may have this value (a unique path); "present": the parent must exist. */
  expect: "absent" | "present";
  /** Why a restore is refused when the check fails. */
  message: string;
};

export type TrashSpec = {
  kind: TrashKind;
  entityId: string;
  label: string;
  /** The item's own row first, then the rows that depend on it (inserted back in this order). */
  rows: { table: TrashTable; column: string; value: string }[];
  files: (string | null | undefined)[];
  /** Public pages to purge when it comes back. */
  pages: string[];
  checks?: TrashCheck[];
};

function assertTable(table: string): asserts table is TrashTable {
  if (!(TRASH_TABLES as readonly string[]).includes(table)) throw new Error(`not a trashable table: ${table}`);
}

const ident = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`bad identifier: ${name}`);
  return sql.identifier(name);
};
/** A checked identifier, quoted for SQL text. */
const quoted = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`bad identifier: ${name}`);
  return `"${name}"`;
};

/**
 * Move an item to the trash: snapshot its rows, then in one batch store the snapshot, delete the rows
 * and write the audit row. Returns false when the item's own row does not exist (the caller's 404),
 * also when another request deleted it between the snapshot and the batch (two deletes at once: D1
 * runs one batch after the other, and the second stores and records nothing).
 */
export async function moveToTrash(ctx: Ctx, actor: AuditActor, spec: TrashSpec, now = new Date()): Promise<boolean> {
  const snapshot: { table: string; row: Record<string, unknown> }[] = [];
  for (const [index, { table, column, value }] of spec.rows.entries()) {
    assertTable(table);
    const rows = await ctx.db.all<Record<string, unknown>>(
      sql`SELECT * FROM ${ident(table)} WHERE ${ident(column)} = ${value}`,
    );
    if (index === 0 && rows.length === 0) return false;
    for (const row of rows) snapshot.push({ table, row });
  }
  const own = spec.rows[0]!;
  const trashId = newId();
  const files = [...new Set(spec.files.filter((key): key is string => Boolean(key)))];
  const deletes = [...spec.rows].reverse().map(({ table, column, value }) => ({
    sql: `DELETE FROM ${quoted(table)} WHERE ${quoted(column)} = ?`,
    params: [value],
  }));
  const [stored] = await runBatch(ctx, [
    whileRowExists(
      ctx.db
        .insert(trashItems)
        .values({
          id: trashId,
          kind: spec.kind,
          entityId: spec.entityId,
          label: spec.label.slice(0, 200),
          snapshot,
          files,
          pages: spec.pages,
          checks: spec.checks ?? [],
          deletedAt: now,
          deletedBy: actor.id,
        })
        .toSQL(),
      own,
    ),
    whileRowExists(
      auditStatement(
        ctx,
        actor,
        { kind: spec.kind, id: spec.entityId, action: "delete", summary: spec.label },
        now,
      ).toSQL(),
      own,
    ),
    // Its files stop being served with it: read from the row just stored, so nothing when this request
    // stored none (as migration 0011 lists the files already in the trash).
    {
      sql: "INSERT INTO trashed_files (key, trash_item_id) SELECT json_each.value, trash_items.id FROM trash_items, json_each(trash_items.files) WHERE trash_items.id = ?",
      params: [trashId],
    },
    ...deletes,
  ]);
  if (!stored?.meta.changes) return false;
  await purgePublicPages(ctx, spec.pages);
  return true;
}

/** An insert that inserts nothing once the row is gone (two requests deleting one row at once). */
const whileRowExists = (
  insert: Statement,
  { table, column, value }: { table: string; column: string; value: string },
) =>
  insertOnlyIf(insert, { sql: `exists (select 1 from ${quoted(table)} where ${quoted(column)} = ?)`, params: [value] });

/**
 * One page of the trash, newest first, with who deleted each item and when it will be purged:
 * searched by its label, filtered by kind (a page past the end is the last page).
 */
export async function listTrash(ctx: Ctx, { q, kind, page }: { q?: unknown; kind?: TrashKind; page?: number } = {}) {
  const term = searchTerm(q);
  const where = and(
    term ? containsText(trashItems.label, term) : undefined,
    kind ? eq(trashItems.kind, kind) : undefined,
  );
  const found = await paginate(ctx.db, trashItems, where, page, (window) =>
    ctx.db
      .select({
        id: trashItems.id,
        kind: trashItems.kind,
        entityId: trashItems.entityId,
        label: trashItems.label,
        deletedAt: trashItems.deletedAt,
        deletedByEmail: users.email,
        files: trashItems.files,
        snapshot: trashItems.snapshot,
      })
      .from(trashItems)
      .leftJoin(users, eq(users.id, trashItems.deletedBy))
      .where(where)
      .orderBy(desc(trashItems.deletedAt), asc(trashItems.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return {
    ...found,
    items: found.items.map(({ snapshot, files, ...row }) => ({
      ...row,
      purgeAt: new Date(row.deletedAt.getTime() + RETENTION_MS),
      fileCount: files.length,
      /** Rows besides the item's own (sub-services, questions...). */
      dependentCount: snapshot.length - 1,
    })),
  };
}

export async function getTrashItem(ctx: Ctx, id: string) {
  return (await ctx.db.query.trashItems.findFirst({ where: eq(trashItems.id, id) })) ?? null;
}

const NOT_IN_TRASH = "This item is no longer in the trash";

/** Put an item back as it was. Refused (409, nothing written) when its path/slug is taken or its parent gone. */
export async function restoreFromTrash(ctx: Ctx, actor: AuditActor, id: string, now = new Date()) {
  const item = await getTrashItem(ctx, id);
  if (!item) throw new HttpError(404, NOT_IN_TRASH);
  // A failed check or batch is a conflict (409, `message`), unless another restore of the item (another
  // tab) got there first: then the path it finds taken is its own, and the answer is that it is back.
  const refusal = async (message: string) =>
    (await getTrashItem(ctx, id)) ? new HttpError(409, message) : new HttpError(404, NOT_IN_TRASH);
  for (const check of item.checks) {
    assertTable(check.table);
    const found = await ctx.db.all(
      sql`SELECT 1 FROM ${ident(check.table)} WHERE ${ident(check.column)} = ${check.value} LIMIT 1`,
    );
    if (found.length > 0 !== (check.expect === "present")) throw await refusal(check.message);
  }
  const inserts = item.snapshot.map(({ table, row }): Statement => {
    assertTable(table);
    const columns = Object.keys(row);
    return {
      sql: `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      params: columns.map((column) => row[column]),
    };
  });
  try {
    await runBatch(ctx, [
      ctx.db.delete(trashItems).where(eq(trashItems.id, id)).toSQL(),
      ctx.db.delete(trashedFiles).where(eq(trashedFiles.trashItemId, id)).toSQL(),
      ...inserts,
      auditStatement(
        ctx,
        actor,
        { kind: item.kind, id: item.entityId, action: "restore", summary: item.label },
        now,
      ).toSQL(),
    ]);
  } catch (error) {
    // A path taken (or a parent removed) between the checks and the batch: the batch changed nothing.
    if (/constraint/i.test(String((error as Error)?.message ?? error) + String((error as Error)?.cause ?? ""))) {
      throw await refusal(item.checks[0]?.message ?? "This item cannot be restored: what it refers to is gone");
    }
    throw error;
  }
  await purgePublicPages(ctx, item.pages);
  return item;
}

/**
 * The Undo of a delete's notice: the newest trash item of the entity, restored for whoever may undo it
 * (trash:undo: an admin, or the staff member who moved it there). 404 when it is no longer in the trash.
 */
export async function undoDelete(ctx: Ctx, actor: AuditActor & Actor, entityId: string, now = new Date()) {
  const [item] = await ctx.db
    .select({ id: trashItems.id, deletedBy: trashItems.deletedBy })
    .from(trashItems)
    .where(eq(trashItems.entityId, entityId))
    .orderBy(desc(trashItems.deletedAt))
    .limit(1);
  if (!item) throw new HttpError(404, NOT_IN_TRASH);
  assertCan(actor, "trash:undo", { ownerId: item.deletedBy });
  return restoreFromTrash(ctx, actor, item.id, now);
}

/** Delete a trash item for good, then its files; false when another request got there first. */
async function destroy(ctx: Ctx, actor: AuditActor, item: typeof trashItems.$inferSelect, now: Date, summary: string) {
  const audit = auditStatement(
    ctx,
    actor,
    { kind: item.kind, id: item.entityId, action: "delete-forever", summary },
    now,
  ).toSQL();
  const [recorded] = await runBatch(ctx, [
    whileRowExists(audit, { table: "trash_items", column: "id", value: item.id }),
    ctx.db.delete(trashItems).where(eq(trashItems.id, item.id)).toSQL(),
  ]);
  if (!recorded?.meta.changes) return false;
  const kept: string[] = [];
  for (const key of item.files) if (!(await deleteUpload(ctx, key))) kept.push(key);
  // Only now, and not for a file R2 refused to delete: that one stays hidden.
  await ctx.db
    .delete(trashedFiles)
    .where(and(eq(trashedFiles.trashItemId, item.id), kept.length ? notInArray(trashedFiles.key, kept) : undefined));
  return true;
}

/** Whether a stored file belongs to an item in the trash (then it is not served). */
export async function isTrashedFile(ctx: Ctx, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ key: trashedFiles.key })
    .from(trashedFiles)
    .where(eq(trashedFiles.key, key))
    .limit(1);
  return row !== undefined;
}

/** Delete an item and its files for good. */
export async function deleteForever(ctx: Ctx, actor: AuditActor, id: string, now = new Date()) {
  const item = await getTrashItem(ctx, id);
  if (!item || !(await destroy(ctx, actor, item, now, item.label))) throw new HttpError(404, NOT_IN_TRASH);
  return item;
}

/** The scheduled job: delete for good what has waited in the trash for 30 days, with its files. */
export async function purgeExpiredTrash(ctx: Ctx, now: Date) {
  const expired = await ctx.db
    .select()
    .from(trashItems)
    .where(lt(trashItems.deletedAt, new Date(now.getTime() - RETENTION_MS)))
    .orderBy(asc(trashItems.deletedAt))
    .limit(100);
  const job: AuditActor = { id: null, email: "scheduled job" };
  let purged = 0;
  for (const item of expired) {
    if (await destroy(ctx, job, item, now, `${item.label} (${TRASH_RETENTION_DAYS} days in the trash)`)) purged += 1;
  }
  return purged;
}
