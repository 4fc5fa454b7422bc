/**
 * The edit forms' shared fields (page only; the API's PUT has neither, docs/api.md): "Remove image",
 * and the version the form was opened at (decision 105).
 */
import { z } from "zod";
import { VersionField } from "~/lib/schema-fields";

/**
 * A kind's form schema with the "Remove image" checkbox and the edited item's version: the page's
 * form and its action parse with it; the API parses with the kind's own schema, which drops both.
 */
export function withEditFields<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({
    removeImage: z.boolean({ error: "Remove image must be on or off" }).optional(),
    version: VersionField,
  });
}
