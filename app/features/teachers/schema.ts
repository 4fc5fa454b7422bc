/**
 * The teacher application's rules: ONE set of field rules for the /join-us
 * form (checked on the server: its action), and POST /api/join (the
 * form's schema is the API's plus the accepted teacher rules). The CV's type by
 * content and its size are checked on the server by app/lib/uploads.server.ts
 * (a CV too large is a 413 there, not a 400 here).
 */
import { z } from "zod";
import { lfLineBreaks } from "~/lib/schema-fields";
import { CV_EXTENSIONS, JOIN_LIMITS, JOIN_MESSAGES, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "./constants";

export {
  CV_ACCEPT,
  CV_EXTENSIONS,
  JOIN_CONSTRAINT,
  JOIN_LIMITS,
  JOIN_MESSAGES,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  TEACHER_RULES,
} from "./constants";

const text = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    // Line breaks count once, as the browser's maxlength counts them (lfLineBreaks).
    .overwrite(lfLineBreaks)
    .trim()
    .min(1, { error: missing, abort: true })
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-IN")} characters.` });

/** Single-line text: inner runs of whitespace (tabs, newlines) become one space. */
const line = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    .overwrite((value) => value.replace(/\s+/g, " ").trim())
    .min(1, { error: missing, abort: true })
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-IN")} characters.` });

/** The checkbox sends "on" (or the form's value "yes"); API clients may send true. */
const accepted = z.preprocess(
  (value) => (value === true || value === "on" || value === "yes" || value === "true" ? true : undefined),
  z.literal(true, { error: JOIN_MESSAGES.rulesRequired }),
);

/**
 * The application as any client sends it (docs/api.md: POST /api/join).
 * Other fields are ignored.
 */
export const JoinApiSchema = z.object({
  fullName: line("Please enter your full name.", JOIN_LIMITS.fullName, "Full name"),
  email: line("Please enter your email address.", JOIN_LIMITS.email, "Email address")
    .pipe(z.email({ error: "Please enter a valid email address." }))
    .transform((email) => email.toLowerCase()),
  reason: text("Please tell us why you want to teach with us.", JOIN_LIMITS.reason, "Reason"),
  educationalQualification: line(
    "Please enter your educational qualification.",
    JOIN_LIMITS.educationalQualification,
    "Educational qualification",
  ),
  subjectToTeach: line("Please enter the subject you want to teach.", JOIN_LIMITS.subjectToTeach, "Subject"),
  workExperience: text("Please describe your work experience.", JOIN_LIMITS.workExperience, "Work experience"),
  previousWorkPlace: line("Please enter your previous workplace.", JOIN_LIMITS.previousWorkPlace, "Previous workplace"),
  phoneNumber: line("Please enter your phone number.", JOIN_LIMITS.phoneNumber, "Phone number").refine(
    (value) => {
      const digits = value.replace(/\D/g, "").length;
      return /^\+?[\d\s().-]+$/.test(value) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
    },
    { error: "Please enter a valid phone number, e.g. +91 98765 43210." },
  ),
  cv: z
    .instanceof(File, { error: "Please attach your CV (.pdf, .doc or .docx)." })
    .refine((file) => file.size > 0 && file.name !== "", {
      error: "Please attach your CV (.pdf, .doc or .docx).",
      abort: true,
    })
    .refine((file) => (CV_EXTENSIONS as readonly string[]).includes(file.name.toLowerCase().split(".").pop() ?? ""), {
      error: "The CV must be a .pdf, .doc or .docx file.",
    }),
});

/**
 * The /join-us form: the same fields plus the teacher rules, which the page
 * shows and asks to accept. An API client shows the rules itself.
 */
export const JoinSchema = JoinApiSchema.extend({ acceptRules: accepted });

export type JoinInput = z.output<typeof JoinApiSchema>;

/** Approve or reject an application (the page's intent; the API's path). */
export const ReviewSchema = z.object({
  id: z.string({ error: "Application id is required" }).trim().min(1, { error: "Application id is required" }).max(64),
  decision: z.enum(["approved", "rejected"], { error: "Choose approve or reject" }),
});
