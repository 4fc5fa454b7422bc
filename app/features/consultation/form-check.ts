/**
 * The consultation form's own check in the browser: the same zod schema as the page action and
 * the API, through Conform. The form's island (app/islands/consultation-form.ts) imports this module
 * only when a visitor starts on the form (focus or pointer), so the page itself does not load zod
 * (docs/decisions/095-form-pages-without-zod.md).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { ConsultationSchema } from "./schema";

export type ConsultationFormValue = z.output<typeof ConsultationSchema>;

export function checkConsultationForm(formData: FormData) {
  return parseWithZod(formData, { schema: ConsultationSchema });
}
