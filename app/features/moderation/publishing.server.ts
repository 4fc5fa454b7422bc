/**
 * The one copy of the rules that articles and testimonials share: anyone signed in
 * submits, a moderator's item is published at once and anyone else's waits as `pending`; only a
 * moderator edits (a new image replaces the old one, "remove" falls back to the kind's default
 * picture; either way the old R2 object is deleted), deletes (to the trash) and approves or
 * rejects. Every change writes its audit row and purges the public pages that show the item.
 *
 * Each publishable kind passes its differences in as a `PublishingKind` (its table, permission,
 * messages, image fields, public pages, audit and trash names, and how its form's value becomes
 * columns); articles/article-editor.server.ts and testimonials/testimonial-editor.server.ts hold
 * the two kinds.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { PublicationStatus, TrashKind } from "../../../db/schema";
import { newId } from "../../../db/id";
import { auditStatement, changeSummary, createdSummary, updateWithAudit } from "~/lib/audit.server";
import { assertSameVersion, retryOnUniqueConflict, runRawBatch, savedAfter } from "~/lib/db.server";
import { accountsWithPermission, type AuthUser } from "~/lib/auth.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { logError } from "~/lib/log.server";
import { sendMail } from "~/lib/mailer.server";
import { moderationLists } from "~/lib/pagination.server";
import { can, type Action } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { searchTerm } from "~/lib/search.server";
import { moveToTrash, type TrashCheck, type TrashTable } from "~/lib/trash.server";
import { deleteUpload, imageAfterEdit, withFormImage } from "~/lib/uploads.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export type AdminListQuery = { q?: unknown; status?: PublicationStatus; page?: number };

/** What every publishable row has. */
export type PublishableRow = { id: string; status: PublicationStatus; createdAt: Date; updatedAt: Date };

/** A table of publishable rows (articles, testimonials). */
export type PublishableTable = SQLiteTable & {
  $inferSelect: PublishableRow;
  id: SQLiteColumn;
  status: SQLiteColumn;
  createdAt: SQLiteColumn;
  updatedAt: SQLiteColumn;
};

type RowOf<T extends PublishableTable> = T["$inferSelect"];
type Columns<T extends PublishableTable> = Partial<T["$inferInsert"]>;

export type PublishingKind<T extends PublishableTable, Input> = {
  table: T;
  /** The item's name in the audit log and the trash. */
  kind: TrashKind & ("article" | "testimonial");
  /** The table the trash snapshots (the same table, by its SQL name). */
  trashTable: TrashTable;
  /**
   * Submitting (everyone signed in). Its guard is the one the screen and the API use, so the staff
   * two-factor rule (requirePermission) holds there too.
   */
  submit: Action;
  /** Publishing directly, editing, deleting and reviewing. */
  moderate: Action;
  /** The 404 message. */
  notFound: string;
  /** The staff screen where moderators review these items (linked from the mail about a submission). */
  reviewPath: string;
  /** The 409 of an edit made from a form opened before someone else's save (decision 105). */
  savedMeanwhile: string;
  /** The image: its column, the form's file and link fields, and the R2 key prefix. */
  /** `noun`: what the forms call it ("cover image", "photo"). */
  image: { column: keyof RowOf<T> & string; fileField: string; urlField: string; prefix: string; noun: string };
  /** The public pages that show these rows (purged after each change). */
  pages: (...rows: RowOf<T>[]) => string[];
  /** How the audit log names a row in a review. */
  name: (row: RowOf<T>) => string;
  /** How the trash lists a row. */
  trashLabel: (row: RowOf<T>) => string;
  /** What must hold for a restore from the trash (e.g. a free slug). */
  trashChecks?: (row: RowOf<T>) => TrashCheck[];
  /** The fields the audit log shows for a new row, and compares after an edit. */
  createdFields: readonly (keyof RowOf<T>)[];
  editedFields: readonly (keyof RowOf<T>)[];
  /** A new row's own columns from the form's value (image, status, submitter and dates are added here). */
  newColumns: (ctx: Ctx, input: Input, moderator: boolean, now: Date) => Promise<Columns<T>>;
  /** The columns an edit changes (undefined ones stay as they are). */
  changedColumns: (ctx: Ctx, existing: RowOf<T>, input: Partial<Input>) => Promise<Columns<T>>;
  /** The admin list's search condition for a term. */
  search: (term: string) => SQL | undefined;
};

/**
 * An edit's value: the kind's fields, and (edit form only) whether to remove the current image and the
 * version the form was opened at.
 */
export type EditInput<Input> = Partial<Input> & { removeImage?: boolean; version?: number };

/**
 * The shared rules bound to one kind: what its feature hands out (articles/article-editor.server.ts,
 * testimonials/testimonial-editor.server.ts).
 */
export function publishing<T extends PublishableTable, I>(kind: PublishingKind<T, I>) {
  const imageOf = (row: RowOf<T>) => (row as Record<string, unknown>)[kind.image.column] as string | null;

  /** One row by id, or undefined. */
  async function get(ctx: Ctx, id: string): Promise<RowOf<T> | undefined> {
    const [row] = await ctx.db.select().from(kind.table).where(eq(kind.table.id, id)).limit(1);
    return row as RowOf<T> | undefined;
  }

  async function requireExisting(ctx: Ctx, id: string) {
    const existing = await get(ctx, id);
    if (!existing) throw new HttpError(404, kind.notFound);
    return existing;
  }

  /** Any signed-in user may submit; a moderator's item is published at once, others' wait for review. */
  async function create(ctx: Ctx, actor: AuthUser, input: I, form: FormData | null, now = new Date()) {
    return withFormImage(ctx, form, kind.image, async (image) => {
      const moderator = can(actor, kind.moderate);
      const id = newId();
      // Another submission may take the unique value chosen (an article's slug) between the check and
      // the insert, e.g. two articles with one title at once: nothing was saved, choose again.
      await retryOnUniqueConflict(async () => {
        const values = {
          ...(await kind.newColumns(ctx, input, moderator, now)),
          id,
          [kind.image.column]: image ?? null,
          status: moderator ? "published" : "pending",
          submittedByUserId: actor.id,
          createdAt: now,
          updatedAt: now,
        } as T["$inferInsert"];
        // The row and its audit row in one batch: both or neither (and then the upload is deleted).
        await runRawBatch(ctx.db, [
          ctx.db.insert(kind.table).values(values).toSQL(),
          auditStatement(ctx, actor, {
            kind: kind.kind,
            id,
            action: "create",
            summary: createdSummary(values as RowOf<T>, kind.createdFields),
          }).toSQL(),
        ]);
      });
      const row = await get(ctx, id);
      if (row!.status === "published") await purgePublicPages(ctx, kind.pages(row!));
      else await notifyModerators(ctx, row!);
      return row!;
    });
  }

  /**
   * Moderators only: change the given fields. A new image (a file or a link) replaces the old one;
   * `removeImage` clears it (the kind's default picture shows). Either way the old R2 object is deleted.
   */
  async function update(ctx: Ctx, actor: AuthUser, id: string, input: EditInput<I>, form: FormData | null) {
    assertCan(actor, kind.moderate);
    const existing = await requireExisting(ctx, id);
    assertSameVersion(input.version, existing.updatedAt, kind.savedMeanwhile);
    const current = imageOf(existing);
    const updated = await withFormImage(ctx, form, kind.image, async (image) => {
      const next = imageAfterEdit({ current, sent: image, remove: input.removeImage, noun: kind.image.noun });
      // Another save may take the unique value chosen (an article's new slug) between the check and the
      // write: nothing was saved, choose again (as create does).
      const edited = await retryOnUniqueConflict(async () => {
        const changes = Object.fromEntries(
          Object.entries({
            ...(await kind.changedColumns(ctx, existing, input)),
            [kind.image.column]: next,
          }).filter(([, value]) => value !== undefined),
        );
        return updateWithAudit(ctx, actor, {
          table: kind.table,
          id,
          set: { ...changes, updatedAt: savedAfter(existing.updatedAt) } as SQLiteUpdateSetSource<T>,
          kind: kind.kind,
          summary: changeSummary(existing, { ...existing, ...changes } as RowOf<T>, kind.editedFields),
          unchangedSince: { column: kind.table.updatedAt, readAt: existing.updatedAt, message: kind.savedMeanwhile },
        });
      });
      const row = edited ? await get(ctx, id) : undefined;
      if (!row) throw new HttpError(404, kind.notFound);
      return row;
    });
    // Purge first: the edit is saved, and a failed delete of the old image must not leave the pages stale.
    await purgePublicPages(ctx, kind.pages(existing, updated));
    if (imageOf(updated) !== current) await deleteUpload(ctx, current);
    return updated;
  }

  /**
   * A mail to each moderator (the accounts the permissions table lets moderate this kind) that a
   * submission awaits review: its name and a link, nothing else of what was sent. Through the outbox:
   * a failed delivery is retried by the scheduled job, and a failure here never refuses the submission.
   */
  async function notifyModerators(ctx: Ctx, row: RowOf<T>) {
    try {
      const link = `${ctx.env.APP_ORIGIN}${kind.reviewPath}`;
      for (const moderator of await accountsWithPermission(ctx, kind.moderate)) {
        await sendMail(ctx, {
          to: moderator.email,
          kind: "review-pending",
          subject: `A new ${kind.kind} awaits review: ${kind.name(row)}`,
          text: [
            `Dear ${moderator.fullName},`,
            "",
            `A new ${kind.kind} awaits review: “${kind.name(row)}”.`,
            `Review it at ${link}`,
          ].join("\n"),
        });
      }
    } catch (error) {
      logError(error, { where: `could not mail the moderators about ${kind.kind} ${row.id}` });
    }
  }

  /** How many items wait for review (the staff home page's count). */
  async function pendingCount(ctx: Ctx) {
    const [row] = await ctx.db.select({ value: count() }).from(kind.table).where(eq(kind.table.status, "pending"));
    return row?.value ?? 0;
  }

  /** Moves the item to the trash (its image stays in R2 until it is deleted for good). */
  async function remove(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
    assertCan(actor, kind.moderate);
    const row = await get(ctx, id);
    const moved =
      row &&
      (await moveToTrash(
        ctx,
        actor,
        {
          kind: kind.kind,
          entityId: row.id,
          label: kind.trashLabel(row),
          rows: [{ table: kind.trashTable, column: "id", value: row.id }],
          files: [imageOf(row)],
          pages: kind.pages(row),
          ...(kind.trashChecks ? { checks: kind.trashChecks(row) } : {}),
        },
        now,
      ));
    if (!moved) throw new HttpError(404, kind.notFound);
  }

  /**
   * Approve (published) or reject: the change and its audit row in one batch, the audit row only while
   * the item exists (one trashed meanwhile is a 404 that logs nothing).
   */
  async function review(ctx: Ctx, actor: AuthUser, id: string, status: Exclude<PublicationStatus, "pending">) {
    assertCan(actor, kind.moderate);
    const existing = await requireExisting(ctx, id);
    const reviewed = await updateWithAudit(ctx, actor, {
      table: kind.table,
      id,
      set: { status, updatedAt: savedAfter(existing.updatedAt) } as SQLiteUpdateSetSource<T>,
      kind: kind.kind,
      action: status === "published" ? "approve" : "reject",
      summary: `${kind.name(existing)}: status "${existing.status}" → "${status}"`,
    });
    const row = reviewed ? await get(ctx, id) : undefined;
    if (!row) throw new HttpError(404, kind.notFound);
    await purgePublicPages(ctx, kind.pages(row));
    return row;
  }

  /**
   * The management screen's lists: the pending queue (searched), then every item a page at a time,
   * searched and filtered by status, newest first.
   */
  async function listForAdmin(ctx: Ctx, { q, status, page }: AdminListQuery = {}) {
    const term = searchTerm(q);
    const search = term ? kind.search(term) : undefined;
    return moderationLists(
      ctx.db,
      kind.table,
      kind.table.status,
      { search, status, page },
      async (where, limit, offset) =>
        (await ctx.db
          .select()
          .from(kind.table)
          .where(where)
          .orderBy(desc(kind.table.createdAt), desc(kind.table.id))
          .limit(limit)
          .offset(offset)) as RowOf<T>[],
    );
  }

  return { kind, get, create, update, remove, review, listForAdmin, pendingCount };
}

export type Publishing<T extends PublishableTable, I> = ReturnType<typeof publishing<T, I>>;
