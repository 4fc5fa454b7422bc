/**
 * The admin form's rules for a site image (/admin/images, shared by the page's client validation and
 * its action). Apart from site-images.ts so the public pages that only show images ship no zod.
 */
import { z } from "zod";
import { SITE_IMAGE_KINDS } from "../../../db/enums";
import { lfLineBreaks, savedMeanwhileMessage, VersionField } from "~/lib/schema-fields";

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is at most ${max} characters` });

/** The admin form (the file itself is checked by the server: type by content, size, dimensions). */
export const SiteImageSchema = z.object({
  kind: z.enum(SITE_IMAGE_KINDS, { error: "Choose where the image is shown" }),
  caption: text("Caption", 200),
  description: z.preprocess(
    (value) => (typeof value === "string" ? lfLineBreaks(value).trim() : value),
    z.string().max(600, { error: "Description is at most 600 characters" }).optional(),
  ),
  alt: text("Alt text", 300),
  sortOrder: z
    .number({ error: "Order must be a whole number" })
    .int({ error: "Order must be a whole number" })
    .min(0, { error: "Order is 0 or more" })
    .max(9999, { error: "Order is at most 9999" })
    .optional(),
  published: z.boolean().optional(),
  /** An edit's version (decision 105), carried by the form. */
  version: VersionField,
});

/** The 409 of an edit from a form opened before someone else saved the image (decision 105). */
export const SITE_IMAGE_SAVED_MEANWHILE = savedMeanwhileMessage("image");
export type SiteImageInput = z.output<typeof SiteImageSchema>;
