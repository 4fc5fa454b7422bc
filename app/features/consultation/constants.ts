/**
 * The consultation form's messages, limits and field names: what the browser needs
 * without zod. The rules themselves are in schema.ts (which re-exports these), used by the page
 * action, the JSON API and, loaded when a visitor starts on the form, the form's own check
 * (app/islands/consultation-form.ts).
 */

export const MESSAGES = {
  sending: "Sending your request…",
  success: "Request sent successfully. We'll contact you shortly.",
  required: "Please fill all required fields.",
  noSuccess: "Something went wrong. Please try again.",
  serverError: "Server error. Please try again later.",
} as const;

/** Under the success message, after the words 'What happens next:' (and the firm's phone for urgent matters). */
export const SENT_NEXT_STEPS =
  "we have emailed you a copy of your request, and a lawyer from the practice you chose will call or email you, usually within one working day.";

export const LIMITS = { name: 100, email: 254, phone: 25, service: 120, message: 5000, source: 2000 } as const;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** Each required field's own "missing" message; any of them means the form says MESSAGES.required. */
export const MISSING = {
  name: "Please enter your name.",
  email: "Please enter your email address.",
  phone: "Please enter your phone number.",
  service: "Please choose a practice area.",
  consent: "Please agree to the privacy notice.",
} as const;

const MISSING_MESSAGES = new Set<string>(Object.values(MISSING));

/**
 * Which channel a request came through: the site's form (with or without
 * JavaScript) or another API client. The enhanced form marks its JSON request
 * with this header; it is then held to the form's schema (consent included).
 */
export const CHANNEL_HEADER = "X-Consultation-Channel";
export type ConsultationChannel = "web" | "api";

/** The hidden field that only bots fill. */
export const HONEYPOT_FIELD = "company";

/**
 * The form-level message for a set of field errors: the product's 'Please fill
 * all required fields.' when any required field (or the consent) is missing,
 * otherwise the first field's own message.
 */
export function summaryMessage(errors: Record<string, readonly string[] | null | undefined>): string | null {
  const all = Object.values(errors).flatMap((messages) => messages ?? []);
  if (all.length === 0) return null;
  return all.some((message) => MISSING_MESSAGES.has(message)) ? MESSAGES.required : all[0]!;
}

/**
 * The form's HTML constraints (Conform's `constraint`): what `getZodConstraint(ConsultationSchema)`
 * gives, written out so the page does not load zod to render the form; tests/form-constraints.node.test.ts
 * fails when the schema and this disagree.
 */
export const CONSULTATION_CONSTRAINT = {
  name: { required: true },
  email: { required: true },
  phone: { required: true },
  service: { required: true },
  message: { required: false },
  source: { required: true },
  consent: { required: true },
};
