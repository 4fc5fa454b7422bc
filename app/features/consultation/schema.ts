/**
 * The consultation request's rules: ONE schema for the form (Conform, in the
 * browser too, loaded on first use: form-check.ts), the page action and the
 * JSON API, so they cannot drift.
 * Messages are the product's (docs/product.md#messages) where it gives one.
 */
import { z } from "zod";
import { lfLineBreaks } from "~/lib/schema-fields";
import { startOfDayInIndia } from "~/lib/media";
import type { ConsultationStatus } from "../../../db/schema";
import { LIMITS, MISSING, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "./constants";

export {
  CHANNEL_HEADER,
  CONSULTATION_CONSTRAINT,
  HONEYPOT_FIELD,
  LIMITS,
  MESSAGES,
  MISSING,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  summaryMessage,
  type ConsultationChannel,
} from "./constants";

/** The inbox statuses (db/schema.ts; repeated here so the browser bundle never pulls in the database schema). */
export const STATUSES = ["new", "contacted", "closed"] as const satisfies readonly ConsultationStatus[];
type _StatusesAreComplete = ConsultationStatus extends (typeof STATUSES)[number] ? true : never;
export const statusesAreComplete: _StatusesAreComplete = true;

/** Single-line text: trimmed, inner runs of whitespace (tabs, newlines) made one space. */
const singleLine = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    .overwrite((value) => value.replace(/\s+/g, " ").trim())
    .min(1, { error: missing, abort: true })
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-IN")} characters.`, abort: true });

const phone = singleLine(MISSING.phone, LIMITS.phone, "Phone number").refine(
  (value) => {
    const digits = value.replace(/\D/g, "").length;
    return /^\+?[\d\s().-]+$/.test(value) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
  },
  { error: `Please enter a valid phone number (digits only, at least ${PHONE_MIN_DIGITS}).` },
);

const email = singleLine(MISSING.email, LIMITS.email, "Email address").pipe(
  z.email({ error: "Please enter a valid email address." }),
);

/**
 * The request as any client sends it: the spec's five fields (section 7) and
 * the optional page it was sent from. Other fields are ignored.
 */
export const ConsultationApiSchema = z.object({
  name: singleLine(MISSING.name, LIMITS.name, "Name"),
  email,
  phone,
  /** A practice area; a value preselected through the link (not in the list) is accepted too. */
  service: singleLine(MISSING.service, LIMITS.service, "Practice area"),
  message: z
    .string({ error: "The message must be text." })
    .overwrite(lfLineBreaks)
    .trim()
    .max(LIMITS.message, { error: `Message must be at most ${LIMITS.message.toLocaleString("en-IN")} characters.` })
    .optional(),
  /** The page the form was sent from (path and query, including utm_* parameters). Never rejects a request. */
  source: z.string().max(LIMITS.source).optional().catch(undefined),
});

/**
 * The site's own form: the same fields plus consent to the privacy notice
 * (DPDP Act 2023), which the form asks for. An API client shows its own
 * consent notice, so the API does not require it (docs/api.md).
 */
export const ConsultationSchema = ConsultationApiSchema.extend({
  /** The form's checkbox ("on"), or `true` in the enhanced form's JSON. */
  consent: z.literal(true, { error: MISSING.consent }),
});

export type ConsultationInput = z.output<typeof ConsultationApiSchema>;

/** The longest internal note on a status change. */
export const NOTE_MAX = 2000;

/** Admin: change a request's status, with an optional internal note (kept in its status history). */
export const ConsultationStatusChangeSchema = z.object({
  id: z.string({ error: "Request id is required" }).min(1).max(64),
  status: z.enum(STATUSES, { error: "Status must be new, contacted or closed" }),
  /** The status the form showed (a hidden field): a change from a form the request has moved on from is refused. */
  from: z.enum(STATUSES, { error: "from must be new, contacted or closed" }).optional(),
  note: z
    .string({ error: "The note must be text." })
    // Line breaks count once, as in the browser's maxlength (lfLineBreaks).
    .overwrite(lfLineBreaks)
    .trim()
    .max(NOTE_MAX, { error: `The note must be at most ${NOTE_MAX.toLocaleString("en-IN")} characters.` })
    .optional()
    .default(""),
});

/** A calendar day (YYYY-MM-DD) that exists; anything else is ignored. */
const day = z
  .string()
  .refine((value) => startOfDayInIndia(value) !== null)
  .optional()
  .catch(undefined);

/** Admin: the inbox's filters (query string); bad values fall back to "all". */
export const InboxQuerySchema = z.object({
  status: z.enum(STATUSES).optional().catch(undefined),
  service: z.string().trim().max(LIMITS.service).optional().catch(undefined),
  /** Any text (app/lib/search.server.ts trims and bounds it); the page shows it back as typed. */
  q: z.string().optional().catch(undefined),
  /** Received on or after this day / on or before this day (India time, as the inbox shows dates). */
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export type InboxQuery = z.output<typeof InboxQuerySchema>;

/** The inbox's filters as a query string (what the list, the CSV link and the detail's way back share). */
export function inboxFilterParams(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["q", "status", "service", "from", "to"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params;
}
