/** The article form's rules, shared by /admin/blogs (Conform) and the /api/blogs routes. */
import { z } from "zod";
import { momentInIndia, startOfDayInIndia } from "~/lib/media";
import { optionalText, requiredText } from "~/lib/schema-fields";
import { withEditFields } from "~/features/moderation";

const PUBLISHED_AT_MESSAGE = "publishedAt must be a date, e.g. 2026-01-31";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ArticleSchema = z.object({
  title: requiredText(200, "Title"),
  summary: requiredText(1000, "Summary"),
  highlight: requiredText(500, "Highlight"),
  author: optionalText(100, "Author"),
  category: optionalText(60, "Category"),
  body: optionalText(50_000, "Body"),
  imageUrl: optionalText(500, "Image link"),
  publishedAt: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    // Text (the form's date field, a multipart value) read as a date. Not z.coerce.date: text that is
    // no date became an Invalid Date object, and the API's message said "must be a date, not an object".
    z.unknown().transform((value, ctx) => {
      if (value === undefined) return undefined;
      // A bare date is that day in India, from its midnight; a date and time without a zone (the form's
      // datetime-local field) is India's clock; a full timestamp is the moment it names.
      const text = typeof value === "string" ? value.trim() : null;
      const date =
        value instanceof Date
          ? value
          : text !== null
            ? (startOfDayInIndia(text) ?? momentInIndia(text) ?? new Date(text))
            : null;
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: PUBLISHED_AT_MESSAGE });
        return z.NEVER;
      }
      return date;
    }),
  ),
  slug: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : (value ?? undefined)),
    z
      .string()
      .max(120, { error: "Slug is at most 120 characters" })
      .regex(SLUG_PATTERN, { error: "Slug may use lowercase letters, digits and single hyphens" })
      .optional(),
  ),
});
export type ArticleInput = z.output<typeof ArticleSchema>;

/** The /admin/blogs form: the same rules, and "Remove image" on an edit (page only). */
export const ArticleFormSchema = withEditFields(ArticleSchema);

/** PUT: only the fields given change. */
export const ArticleUpdateSchema = ArticleSchema.partial();

export const ARTICLE_MESSAGES = {
  confirmDelete: "Delete this article permanently?",
  empty: "No articles yet.",
  pending: "Thank you. Your article awaits review by the firm before it is published.",
} as const;
