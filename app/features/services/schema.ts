/** Service payloads, shared by the dashboard forms and /api/services. */
import { z } from "zod";
import { SERVICE_ICONS } from "../../../db/schema";

export const ServiceSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, { error: "Title is required" }).max(120, { error: "Title is at most 120 characters" }),
  path: z
    .string({ error: "Path is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Path is required" })
    .max(60, { error: "Path is at most 60 characters" })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "Path may use lowercase letters, digits and single hyphens (no spaces or slashes)" }),
  levels: z.string({ error: "Levels are required" }).trim().min(1, { error: "Levels are required" }).max(200, { error: "Levels are at most 200 characters" }),
  icon: z.enum(SERVICE_ICONS, { error: "Choose one of the listed icons" }),
  youtubeVideos: z.array(z.string().trim().url({ error: "Each video must be a link" }).max(300)).max(20).optional(),
});
export type ServiceInput = z.output<typeof ServiceSchema>;
