/** Client testimonials: queries and rules. */
import { desc, eq, sql } from "drizzle-orm";
import { testimonials } from "../../../db/schema";
import { PreparedRun, preparedOnce, type Db } from "~/lib/db.server";
import { pageSizeWithin } from "~/lib/pagination";

export type TestimonialCard = {
  id: string;
  clientName: string;
  message: string;
  photo: string | null;
  submittedBy: string | null;
};

const publishedTestimonials = preparedOnce((db) =>
  db
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
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/** Published testimonials, newest first (only what a card shows): awaited, or in a `batchPrepared`. */
export function listPublishedTestimonials(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return PreparedRun.of(publishedTestimonials(db), { limit: pageSizeWithin(limit, 50, 200) });
}
