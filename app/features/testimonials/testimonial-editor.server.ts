/**
 * Publishing testimonials: any signed-in user submits (pending until an admin
 * approves), admins edit, delete and review. Pages and /api/testimonials call these.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, or } from "drizzle-orm";
import { testimonials, type PublicationStatus } from "../../../db/schema";
import { auditStatement, changeSummary, createdSummary, recordAudit } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { can } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { moveToTrash } from "~/lib/trash.server";
import { deleteUpload, withFormImage } from "~/lib/uploads.server";
import { moderationLists } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";
import type { TestimonialInput } from "./schema";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** The public pages that show testimonials. */
const TESTIMONIAL_PAGES = ["/", "/testimonial"];

export const apiTestimonial = (row: typeof testimonials.$inferSelect) => ({ _id: row.id, ...row });

export async function createTestimonial(ctx: Ctx, actor: AuthUser, input: TestimonialInput, form: FormData | null) {
  return withFormImage(
    ctx,
    form,
    { fileField: "photo", urlField: "photoUrl", prefix: "testimonials" },
    async (photo) => {
      const [row] = await ctx.db
        .insert(testimonials)
        .values({
          clientName: input.clientName,
          message: input.message,
          submittedBy: input.submittedBy ?? null,
          photo: photo ?? null,
          submittedByUserId: actor.id,
          status: can(actor, "testimonial:moderate") ? "published" : "pending",
        })
        .returning();
      await recordAudit(ctx, actor, {
        kind: "testimonial",
        id: row!.id,
        action: "create",
        summary: createdSummary(row!, ["clientName", "status"]),
      });
      if (row!.status === "published") await purgePublicPages(ctx, TESTIMONIAL_PAGES);
      return row!;
    },
  );
}

export async function updateTestimonial(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  input: Partial<TestimonialInput>,
  form: FormData | null,
) {
  assertCan(actor, "testimonial:moderate");
  const existing = await ctx.db.query.testimonials.findFirst({ where: eq(testimonials.id, id) });
  if (!existing) throw new HttpError(404, "Testimonial not found");
  const updated = await withFormImage(
    ctx,
    form,
    { fileField: "photo", urlField: "photoUrl", prefix: "testimonials" },
    async (photo) => {
      const changes = Object.fromEntries(
        Object.entries({
          clientName: input.clientName,
          message: input.message,
          submittedBy: input.submittedBy,
          photo,
        }).filter(([, value]) => value !== undefined),
      );
      const [row] = await ctx.db
        .update(testimonials)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(testimonials.id, id))
        .returning();
      return row!;
    },
  );
  await recordAudit(ctx, actor, {
    kind: "testimonial",
    id,
    action: "edit",
    summary: changeSummary(existing, updated, ["clientName", "message", "submittedBy", "photo"]),
  });
  if (updated.photo !== existing.photo) await deleteUpload(ctx, existing.photo);
  await purgePublicPages(ctx, TESTIMONIAL_PAGES);
  return updated;
}

/** Moves the testimonial to the trash (its photo stays in R2 until it is deleted for good). */
export async function deleteTestimonial(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "testimonial:moderate");
  const row = await ctx.db.query.testimonials.findFirst({ where: eq(testimonials.id, id) });
  const moved =
    row &&
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "testimonial",
        entityId: row.id,
        label: `${row.clientName}: ${row.message.slice(0, 60)}`,
        rows: [{ table: "testimonials", column: "id", value: row.id }],
        files: [row.photo],
        pages: TESTIMONIAL_PAGES,
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Testimonial not found");
}

export async function setTestimonialStatus(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  status: Exclude<PublicationStatus, "pending">,
) {
  assertCan(actor, "testimonial:moderate");
  const existing = await ctx.db.query.testimonials.findFirst({ where: eq(testimonials.id, id) });
  if (!existing) throw new HttpError(404, "Testimonial not found");
  const now = new Date();
  const [[row]] = await ctx.db.batch([
    ctx.db.update(testimonials).set({ status, updatedAt: now }).where(eq(testimonials.id, id)).returning(),
    auditStatement(
      ctx,
      actor,
      {
        kind: "testimonial",
        id,
        action: status === "published" ? "approve" : "reject",
        summary: `${existing.clientName}: status "${existing.status}" → "${status}"`,
      },
      now,
    ),
  ]);
  if (!row) throw new HttpError(404, "Testimonial not found");
  await purgePublicPages(ctx, TESTIMONIAL_PAGES);
  return row;
}

export async function getTestimonial(ctx: Ctx, id: string) {
  return ctx.db.query.testimonials.findFirst({ where: eq(testimonials.id, id) });
}

/** GET /api/testimonials: published ones; an admin sees all. */
export async function listTestimonialsForApi(ctx: Ctx, viewer: AuthUser | null) {
  const rows = await ctx.db
    .select()
    .from(testimonials)
    .where(can(viewer, "testimonial:moderate") ? undefined : eq(testimonials.status, "published"))
    .orderBy(desc(testimonials.createdAt))
    .limit(500);
  return rows.map(apiTestimonial);
}

/**
 * The management screen's lists: the pending queue (searched), then every
 * testimonial a page at a time, searched by client name or text and filtered by status.
 */
export async function listTestimonialsForAdmin(
  ctx: Ctx,
  { q, status, page }: { q?: unknown; status?: PublicationStatus; page?: number } = {},
) {
  const term = searchTerm(q);
  const search = term
    ? or(containsText(testimonials.clientName, term), containsText(testimonials.message, term))
    : undefined;
  return moderationLists(ctx.db, testimonials, testimonials.status, { search, status, page }, (where, limit, offset) =>
    ctx.db
      .select()
      .from(testimonials)
      .where(where)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit)
      .offset(offset),
  );
}
