/** Service payloads, shared by the /admin/services and /dashboard forms and /api/services. */
import { z } from "zod";
import { SERVICE_ICONS } from "../../../db/enums";
import { savedMeanwhileMessage, VersionField } from "~/lib/schema-fields";

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, { error: "Title is required" })
  .max(120, { error: "Title is at most 120 characters" });

/** Video links: a JSON list from the API, or one link per line from the form. */
const videoLinks = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z
        .string()
        .trim()
        .url({ error: "Each video must be a link" })
        .max(300, { error: "A video link is at most 300 characters" }),
    )
    .max(20, { error: "List at most 20 videos" }),
);

export const ServiceSchema = z.object({
  title,
  path: z
    .string({ error: "Path is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Path is required" })
    .max(60, { error: "Path is at most 60 characters" })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: "Path may use lowercase letters, digits and single hyphens (no spaces or slashes)",
    }),
  levels: z
    .string({ error: "Levels are required" })
    .trim()
    .min(1, { error: "Levels are required" })
    .max(200, { error: "Levels are at most 200 characters" }),
  icon: z.enum(SERVICE_ICONS, { error: "Choose one of the listed icons" }),
  youtubeVideos: videoLinks.optional(),
  /** An edit's version (decision 105): the page's form and an API client that read it send it back. */
  version: VersionField,
});
export type ServiceInput = z.output<typeof ServiceSchema>;

/** The dashboard's quick create: only the title is required (docs/product.md#validation); the path is derived from it. */
export const QuickServiceSchema = z.object({ title });
/** The quick create through POST /api/services: the title, and the video list when a client sends one. */
export const QuickServiceApiSchema = ServiceSchema.pick({ title: true, youtubeVideos: true });
export type QuickServiceInput = z.output<typeof QuickServiceApiSchema>;

export const EnrolSchema = z.object({
  serviceId: z.string({ error: "Choose a service" }).trim().min(1, { error: "Choose a service" }).max(64),
});

export const SERVICE_MESSAGES = {
  confirmDelete: "Move this service and its sub-services to the trash?",
  empty: "No services yet.",
  savedMeanwhile: savedMeanwhileMessage("service"),
} as const;
