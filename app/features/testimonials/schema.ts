/** The testimonial form's rules, shared by /admin/testimonials (Conform) and /api/testimonials. */
import { z } from "zod";

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : (value ?? undefined)),
    z
      .string()
      .max(max, { error: `${label} is at most ${max.toLocaleString("en-IN")} characters` })
      .optional(),
  );

export const TestimonialSchema = z.object({
  clientName: z
    .string({ error: "Client name is required" })
    .trim()
    .min(1, { error: "Client name is required" })
    .max(100, { error: "Client name is at most 100 characters" }),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(2000, { error: "Message is at most 2,000 characters" }),
  submittedBy: optionalText(100, "Submitted by"),
  photoUrl: optionalText(500, "Photo link"),
});
export type TestimonialInput = z.output<typeof TestimonialSchema>;
export const TestimonialUpdateSchema = TestimonialSchema.partial();

export const TESTIMONIAL_MESSAGES = {
  confirmDelete: "Delete this testimonial?",
  empty: "No testimonials yet.",
  pending: "Thank you. Your testimonial awaits review by the firm before it is published.",
} as const;
