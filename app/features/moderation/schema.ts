/** The edit forms' shared field: "Remove image" (page only; the API's PUT has no such field, docs/api.md). */
import { z } from "zod";

/**
 * A kind's form schema with the "Remove image" checkbox: the page's form and its action parse with
 * it; the API parses with the kind's own schema, which drops the field.
 */
export function withImageRemoval<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({ removeImage: z.boolean({ error: "Remove image must be on or off" }).optional() });
}
