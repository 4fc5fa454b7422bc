/**
 * Publishing testimonials: the testimonial kind of the shared publishing rules
 * (features/moderation: any signed-in user submits, pending until an admin approves; admins
 * edit, delete and review), plus the API list. Pages and /api/testimonials call these.
 */
import { savedMeanwhileMessage } from "~/lib/schema-fields";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, or } from "drizzle-orm";
import { testimonials } from "../../../db/schema";
import type { AuthUser } from "~/lib/auth.server";
import { can } from "~/lib/permissions";
import { containsText } from "~/lib/search.server";
import { publishing, type PublishingKind } from "~/features/moderation/index.server";
import type { TestimonialInput } from "./schema";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** The public pages that show testimonials. */
const TESTIMONIAL_PAGES = ["/", "/testimonial"];

export const apiTestimonial = (row: typeof testimonials.$inferSelect) => ({ _id: row.id, ...row });

/** Testimonials as a publishable kind: what the shared rules need to know about them. */
export const TESTIMONIAL_KIND: PublishingKind<typeof testimonials, TestimonialInput> = {
  table: testimonials,
  kind: "testimonial",
  trashTable: "testimonials",
  submit: "testimonial:submit",
  moderate: "testimonial:moderate",
  notFound: "Testimonial not found",
  reviewPath: "/admin/testimonials",
  savedMeanwhile: savedMeanwhileMessage("testimonial"),
  image: { column: "photo", fileField: "photo", urlField: "photoUrl", prefix: "testimonials", noun: "photo" },
  pages: () => TESTIMONIAL_PAGES,
  name: (row) => row.clientName,
  trashLabel: (row) => `${row.clientName}: ${row.message.slice(0, 60)}`,
  createdFields: ["clientName", "status"],
  editedFields: ["clientName", "message", "submittedBy", "photo"],
  newColumns: async (_ctx, input) => ({
    clientName: input.clientName,
    message: input.message,
    submittedBy: input.submittedBy ?? null,
  }),
  changedColumns: async (_ctx, _existing, input) => ({
    clientName: input.clientName,
    message: input.message,
    submittedBy: input.submittedBy,
  }),
  search: (term) => or(containsText(testimonials.clientName, term), containsText(testimonials.message, term)),
};

/** The shared publishing rules for testimonials (submit, edit, remove the photo, trash, review, admin lists). */
export const testimonialPublishing = publishing(TESTIMONIAL_KIND);

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
