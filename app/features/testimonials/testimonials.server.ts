/** Client testimonials: queries and rules. */
import { desc, eq } from "drizzle-orm";
import { testimonials } from "../../../db/schema";
import type { Db } from "~/lib/db.server";

/** Published testimonials, newest first. */
export async function listPublishedTestimonials(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return db
    .select()
    .from(testimonials)
    .where(eq(testimonials.status, "published"))
    .orderBy(desc(testimonials.createdAt))
    .limit(limit);
}
