/**
 * Text fields as every form and API body in the product takes them: trimmed;
 * an empty optional field is "not given"; the messages name the field
 * ("Title is required", "Title is at most 200 characters").
 */
import { z } from "zod";

/**
 * A browser posts a textarea's line breaks as CR LF but counts each as one against its length
 * (maxlength, and what the person sees): the limits below count them once too, so a text the field
 * took is not refused as too long without JavaScript. Stored with LF line breaks.
 */
export const lfLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

const atMost = (max: number, label: string) => `${label} is at most ${max.toLocaleString("en-IN")} characters`;

export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(lfLineBreaks)
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: atMost(max, label) });

export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? lfLineBreaks(value).trim() || undefined : (value ?? undefined)),
    z
      .string()
      .max(max, { error: atMost(max, label) })
      .optional(),
  );

/**
 * An edit's `version`: the edited row's `updated_at` in milliseconds when its form was opened (a
 * hidden field; an API client sends the number it read). Optional: without it the last save wins
 * (decision 105).
 */
export const VersionField = z
  .number({ error: "version must be the number the item was loaded with" })
  .int({ error: "version must be the number the item was loaded with" })
  .nonnegative({ error: "version must be the number the item was loaded with" })
  .optional();

/**
 * VersionField in a multipart body, where every field is text (a sub-service's form and API): the
 * digits of the number; empty is "not given"; anything else is refused as VersionField refuses it.
 */
export const MultipartVersionField = z.preprocess(
  (value) => (value === "" ? undefined : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
  VersionField,
);

/** The 409 of an edit made from a form opened before someone else saved the item (decision 105). */
export const savedMeanwhileMessage = (noun: string) =>
  `Someone else saved this ${noun} after you opened it, so your changes were not saved. Open the ${noun} again to see the saved version.`;
