/**
 * The audit log (decision 084): every staff change writes one row (who, what entity, which action,
 * when, a short before/after summary). `auditStatement` is the row's insert, and it always goes in
 * the same D1 batch (one transaction) as the change it records (decision 100): both are saved or
 * neither. There is no lone audit write. /admin/activity reads it through `listActivity`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, desc, eq, getTableColumns, getTableName, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_KINDS,
  articles,
  auditLog,
  consultationRequests,
  faculty,
  invoicePayments,
  invoices,
  quizzes,
  services,
  siteImages,
  subServices,
  teacherApplications,
  testimonials,
  trashItems,
  users,
  type AuditAction,
  type AuditEntityKind,
} from "../../db/schema";
import { failBatchIfChanged, guardRefusal, insertOnlyIf, runRawBatch, type RawStatement } from "./db.server";

type Ctx = Pick<AppLoadContext, "db">;

/** Who made the change; the scheduled job has no account (id null). */
export type AuditActor = { id: string | null; email: string };

export type AuditEntry = {
  kind: AuditEntityKind;
  id: string;
  action: AuditAction;
  summary?: string;
};

const MAX_VALUE = 60;
const SUMMARY_LIMIT = 500;

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  return JSON.stringify(text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);
}

/** `title: "Old" → "New"; path: "a" → "b"` for the fields that changed (or "no changes"). */
export function changeSummary<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]) {
  const parts = fields
    .filter((field) => show(before[field]) !== show(after[field]))
    .map((field) => `${String(field)}: ${show(before[field])} → ${show(after[field])}`);
  return parts.length ? parts.join("; ") : "no changes";
}

/** `title: "New"` for a created item's main fields. */
export function createdSummary<T extends Record<string, unknown>>(row: T, fields: readonly (keyof T)[]) {
  return fields.map((field) => `${String(field)}: ${show(row[field])}`).join("; ");
}

function values(actor: AuditActor, entry: AuditEntry, now: Date) {
  return {
    at: now,
    actorId: actor.id,
    actorEmail: actor.email,
    entityKind: entry.kind,
    entityId: entry.id,
    action: entry.action,
    summary: (entry.summary ?? "").slice(0, SUMMARY_LIMIT),
  };
}

/** The audit row's insert, to batch with the change it records. */
export function auditStatement(ctx: Ctx, actor: AuditActor, entry: AuditEntry, now = new Date()) {
  return ctx.db.insert(auditLog).values(values(actor, entry, now));
}

/**
 * Edit one row by id and write its audit row ("edit" unless `action` says otherwise) in the same D1 batch, the audit row only while the
 * row exists (decision 100): both or neither. True when the row was there, so was changed and audited.
 * `unchangedSince`: the row's `updated_at` as this request read it; when another save has changed it
 * by the time the batch runs, nothing is written and the edit is refused with 409 (decision 105).
 * `also`: more statements of the same change, run after the audit row in the same batch.
 */
export async function updateWithAudit<T extends SQLiteTable & { id: SQLiteColumn }>(
  ctx: Ctx,
  actor: AuditActor,
  {
    table,
    id,
    set,
    kind,
    action = "edit",
    summary,
    unchangedSince,
    also = [],
  }: {
    table: T;
    id: string;
    set: SQLiteUpdateSetSource<T>;
    kind: AuditEntityKind;
    /** The audit row's action: an edit, or a moderator's approve / reject. */
    action?: AuditAction;
    summary: string;
    unchangedSince?: { column: SQLiteColumn; readAt: Date; message: string };
    also?: RawStatement[];
  },
): Promise<boolean> {
  const guard = unchangedSince
    ? [failBatchIfChanged(ctx.db, table, id, unchangedSince.column, unchangedSince.readAt).toSQL()]
    : [];
  try {
    const results = await runRawBatch(ctx.db, [
      ...guard,
      ctx.db.update(table).set(set).where(eq(table.id, id)).toSQL(),
      insertOnlyIf(auditStatement(ctx, actor, { kind, id, action, summary }).toSQL(), {
        sql: `exists (select 1 from "${getTableName(table)}" where id = ?)`,
        params: [id],
      }),
      ...also,
    ]);
    return Boolean(results[guard.length]?.meta.changes);
  } catch (error) {
    throw unchangedSince ? guardRefusal(error, unchangedSince.message) : error;
  }
}

export { AUDIT_ACTIONS, AUDIT_ENTITY_KINDS };

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityFilters = { actor?: string; kind?: AuditEntityKind; action?: AuditAction; page: number };

/** Filters from the query string; nonsense values are ignored (never an error). */
export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  const actor = params.get("actor")?.trim().toLowerCase().slice(0, 200) || undefined;
  const kindParam = params.get("kind") ?? "";
  const actionParam = params.get("action") ?? "";
  const kind = (AUDIT_ENTITY_KINDS as readonly string[]).includes(kindParam)
    ? (kindParam as AuditEntityKind)
    : undefined;
  const action = (AUDIT_ACTIONS as readonly string[]).includes(actionParam) ? (actionParam as AuditAction) : undefined;
  const pageNumber = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, 100_000) : 1;
  return { actor, kind, action, page };
}

/** One page of the log, newest first, with the total for the pager. */
export async function listActivity(ctx: Ctx, filters: ActivityFilters, pageSize = ACTIVITY_PAGE_SIZE) {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditLog.actorEmail, filters.actor));
  if (filters.kind) conditions.push(eq(auditLog.entityKind, filters.kind));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...getTableColumns(auditLog), actorName: users.fullName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const pages = Math.max(1, Math.ceil((total?.value ?? 0) / pageSize));
  return { rows, total: total?.value ?? 0, pages };
}

/** The emails that appear in the log, for the actor filter. */
export async function activityActors(ctx: Ctx) {
  const rows = await ctx.db
    .selectDistinct({ email: auditLog.actorEmail })
    .from(auditLog)
    .orderBy(auditLog.actorEmail)
    .limit(200);
  return rows.map((row) => row.email);
}

/** Where each kind's rows keep their name: the table, its id and the column the office knows it by. */
const NAMED_BY = {
  article: [articles, articles.id, articles.title],
  testimonial: [testimonials, testimonials.id, testimonials.clientName],
  service: [services, services.id, services.title],
  "sub-service": [subServices, subServices.id, subServices.title],
  founder: [faculty, faculty.id, faculty.name],
  quiz: [quizzes, quizzes.id, quizzes.title],
  application: [teacherApplications, teacherApplications.id, teacherApplications.fullName],
  "site-image": [siteImages, siteImages.id, siteImages.caption],
  invoice: [invoices, invoices.id, invoices.clientName],
  payment: [invoicePayments, invoicePayments.id, invoicePayments.reference],
  consultation: [consultationRequests, consultationRequests.id, consultationRequests.name],
} as const satisfies Partial<Record<AuditEntityKind, readonly [SQLiteTable, SQLiteColumn, SQLiteColumn]>>;

/**
 * What the log's rows are about, by name: `kind:id` → the item's title or name today, else the label it
 * had when it went to the trash; a role's email and a setting are named from their ids. An id with no
 * name left (deleted for good) is missing, and the page shows the id.
 */
export async function activityEntityNames(ctx: Ctx, rows: { entityKind: AuditEntityKind; entityId: string }[]) {
  const names = new Map<string, string>();
  const key = (kind: string, id: string) => `${kind}:${id}`;
  for (const row of rows) {
    if (row.entityKind === "role") {
      const [role, ...email] = row.entityId.split(":");
      names.set(key(row.entityKind, row.entityId), `${email.join(":")} (${role})`);
    } else if (row.entityKind === "site-setting") names.set(key(row.entityKind, row.entityId), "Site settings");
  }
  const lookups = Object.entries(NAMED_BY).map(async ([kind, [table, idColumn, nameColumn]]) => {
    const ids = [...new Set(rows.filter((row) => row.entityKind === kind).map((row) => row.entityId))];
    if (!ids.length) return;
    const found = await ctx.db.select({ id: idColumn, name: nameColumn }).from(table).where(inArray(idColumn, ids));
    for (const item of found) if (item.name) names.set(key(kind, String(item.id)), String(item.name));
  });
  await Promise.all(lookups);
  const missing = rows.filter((row) => !names.has(key(row.entityKind, row.entityId))).map((row) => row.entityId);
  if (missing.length) {
    const trashed = await ctx.db
      .select({ kind: trashItems.kind, id: trashItems.entityId, label: trashItems.label })
      .from(trashItems)
      .where(inArray(trashItems.entityId, [...new Set(missing)]));
    for (const item of trashed) names.set(key(item.kind, item.id), item.label);
  }
  return names;
}
