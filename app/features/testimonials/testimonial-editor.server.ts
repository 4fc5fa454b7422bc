/**
 * Publishing testimonials: any signed-in user submits (pending until an admin
 * approves), admins edit, delete and review. Pages and /api/testimonials call these.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, or } from "drizzle-orm";
import { testimonials, type PublicationStatus } from "../../../db/schema";
import type { AuthUser } from "~/lib/auth.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { can } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
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
  if (updated.photo !== existing.photo) await deleteUpload(ctx, existing.photo);
  await purgePublicPages(ctx, TESTIMONIAL_PAGES);
  return updated;
}

export async function deleteTestimonial(ctx: Ctx, actor: AuthUser, id: string) {
  assertCan(actor, "testimonial:moderate");
  const [row] = await ctx.db.delete(testimonials).where(eq(testimonials.id, id)).returning();
  if (!row) throw new HttpError(404, "Testimonial not found");
  await purgePublicPages(ctx, TESTIMONIAL_PAGES);
  await deleteUpload(ctx, row.photo);
}

export async function setTestimonialStatus(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  status: Exclude<PublicationStatus, "pending">,
) {
  assertCan(actor, "testimonial:moderate");
  const [row] = await ctx.db
    .update(testimonials)
    .set({ status, updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning();
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
