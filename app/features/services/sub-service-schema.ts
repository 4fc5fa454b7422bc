/**
 * The sub-service form's text fields, shared by the form on /services/{path}
 * and POST /api/sub-services (the browser uses the zod-free sub-service-rules.ts). The files (syllabus, questions, video)
 * are streamed to R2 as they arrive and checked by app/lib/uploads.server.ts.
 */
import { z } from "zod";
import { MultipartVersionField, optionalText, savedMeanwhileMessage } from "~/lib/schema-fields";
import { SUB_SERVICE_MESSAGES } from "./sub-service-rules";

export const SubServiceSchema = z.object({
  serviceId: z
    .string({ error: "serviceId is required" })
    .trim()
    .min(1, { error: "serviceId is required" })
    .max(64, { error: "Unknown service" }),
  title: z
    .string({ error: SUB_SERVICE_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: SUB_SERVICE_MESSAGES.titleRequired })
    .max(200, { error: "Title is at most 200 characters" }),
  description: optionalText(5000, "Description"),
  // Free text (docs/product.md#validation): only a recognised YouTube link is embedded.
  youtubeLink: optionalText(500, "Shared-video link"),
  /** An edit's version (decision 105): the page's form and an API client that read it send it back. */
  version: MultipartVersionField,
});

/** The 409 of an edit from a form opened before someone else saved the sub-service (decision 105). */
export const SUB_SERVICE_SAVED_MEANWHILE = savedMeanwhileMessage("sub-service");
export type SubServiceInput = z.output<typeof SubServiceSchema>;
