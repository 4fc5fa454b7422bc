/**
 * Text fields as every form and API body in the product takes them: trimmed;
 * an empty optional field is "not given"; the messages name the field
 * ("Title is required", "Title is at most 200 characters").
 */
import { z } from "zod";

const atMost = (max: number, label: string) => `${label} is at most ${max.toLocaleString("en-IN")} characters`;

export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: atMost(max, label) });

export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : (value ?? undefined)),
    z
      .string()
      .max(max, { error: atMost(max, label) })
      .optional(),
  );
