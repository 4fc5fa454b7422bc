/**
 * The founder (faculty member) form's rules, shared by /admin/founders
 * (Conform) and /api/faculty. Services arrive comma separated from the form
 * ("Contracts, Arbitration") or as a JSON list from the API ('["Contracts"]');
 * both are stored as a list of trimmed, non-empty, distinct names.
 */
import { z } from "zod";
import { optionalText, requiredText, savedMeanwhileMessage, VersionField } from "~/lib/schema-fields";

const MAX_SERVICES = 20;

const JSON_LIST_ERROR = "Services must be comma separated, or a JSON list of names";

/**
 * "a, b" or '["a","b"]' → ["a","b"]. One text field (so Conform treats it as
 * text, not as a multi-value field); malformed JSON is an error, not a silent
 * empty list.
 */
const servicesList = z.string().transform((value, ctx) => {
  const text = value.trim();
  let names: unknown = text === "" ? [] : text.split(",");
  if (text.startsWith("[")) {
    try {
      names = JSON.parse(text) as unknown;
    } catch {
      names = null;
    }
  }
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) {
    ctx.addIssue({ code: "custom", message: JSON_LIST_ERROR });
    return z.NEVER;
  }
  const list = [...new Set((names as string[]).map((name) => name.trim()).filter(Boolean))];
  if (list.some((name) => name.length > 80))
    ctx.addIssue({ code: "custom", message: "Each service is at most 80 characters" });
  if (list.length > MAX_SERVICES) ctx.addIssue({ code: "custom", message: `List at most ${MAX_SERVICES} services` });
  return list;
});

export const FacultySchema = z.object({
  name: requiredText(120, "Name"),
  subject: requiredText(120, "Subject"),
  specialization: optionalText(200, "Specialization"),
  services: servicesList.optional(),
  description: optionalText(2000, "Description"),
  imageUrl: optionalText(500, "Image link"),
  /**
   * The edit form's "Remove the photo" box (API: removeImage=true): the founder goes back to the
   * silhouette the public pages show without a portrait.
   */
  removeImage: z.preprocess(
    (value) => (value === "on" || value === "true" ? true : value === "" || value === "false" ? undefined : value),
    z.literal(true, { error: "Remove photo must be on or true" }).optional(),
  ),
});
export type FacultyInput = z.output<typeof FacultySchema>;
export const FacultyUpdateSchema = FacultySchema.partial();
/** /admin/founders: the same rules, and the edited founder's version (decision 105; the API has none). */
export const FacultyFormSchema = FacultySchema.extend({ version: VersionField });

export const FACULTY_MESSAGES = {
  confirmDelete: "Move this founder to the trash?",
  empty: "No founders have been added yet.",
  savedMeanwhile: savedMeanwhileMessage("founder"),
} as const;
