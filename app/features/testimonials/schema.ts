/** The testimonial form's rules, shared by /admin/testimonials (Conform) and /api/testimonials. */
import { z } from "zod";
import { optionalText, requiredText } from "~/lib/schema-fields";
import { withEditFields } from "~/features/moderation";

export const TestimonialSchema = z.object({
  clientName: requiredText(100, "Client name"),
  message: requiredText(2000, "Message"),
  submittedBy: optionalText(100, "Submitted by"),
  photoUrl: optionalText(500, "Photo link"),
});
export type TestimonialInput = z.output<typeof TestimonialSchema>;
/** The /admin/testimonials form: the same rules, and "Remove photo" on an edit (page only). */
export const TestimonialFormSchema = withEditFields(TestimonialSchema);
export const TestimonialUpdateSchema = TestimonialSchema.partial();

export const TESTIMONIAL_MESSAGES = {
  confirmDelete: "Move this testimonial to the trash?",
  empty: "No testimonials yet.",
  pending: "Thank you. Your testimonial awaits review by the firm before it is published.",
} as const;
