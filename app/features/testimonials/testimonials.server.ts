/** Client testimonials: queries and rules. */
import { desc, eq } from "drizzle-orm";
import { testimonials } from "../../../db/schema";
import type { Db } from "~/lib/db.server";
import { pageSizeWithin } from "~/lib/pagination";

export type TestimonialCard = {
  id: string;
  clientName: string;
  message: string;
  photo: string | null;
  submittedBy: string | null;
};

/** Published testimonials, newest first (only what a card shows). */
export function listPublishedTestimonials(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return db
    .select({
      id: testimonials.id,
      clientName: testimonials.clientName,
      message: testimonials.message,
      photo: testimonials.photo,
      submittedBy: testimonials.submittedBy,
    })
    .from(testimonials)
    .where(eq(testimonials.status, "published"))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(pageSizeWithin(limit, 50, 200));
}
