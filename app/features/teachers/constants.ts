/**
 * The teacher application's messages, rules text, limits and file types: what the /join-us page
 * needs in the browser, without zod. The field rules are in schema.ts (which re-exports these).
 */

export const JOIN_MESSAGES = {
  /** The fallback for any unexpected failure (docs/product.md#messages). */
  failed: "Failed to submit request.",
  success: "Thank you for applying. We have received your application and will write to you after reviewing it.",
  rulesRequired: "Please read and accept the teacher rules to continue.",
  duplicate:
    "An application from this email is already awaiting review. We will write to you once it has been reviewed.",
  alreadyTeacher: "This email already has the teacher role. Sign in (or register with this email) to create quizzes.",
} as const;

/** The rules a teacher agrees to (docs/product.md#teacher-join). */
export const TEACHER_RULES = [
  "Fee share for individual classes: 80% to the teacher, 20% to the institution.",
  "One month's notice before leaving.",
  "Two lecture recordings to be provided.",
  "One or two free consultation classes.",
] as const;

export const JOIN_LIMITS = {
  fullName: 100,
  email: 254,
  reason: 2000,
  educationalQualification: 500,
  subjectToTeach: 200,
  workExperience: 2000,
  previousWorkPlace: 200,
  phoneNumber: 25,
} as const;

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
export const CV_EXTENSIONS = ["pdf", "doc", "docx"] as const;
export const CV_ACCEPT =
  ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The form's HTML constraints (Conform's `constraint`): what `getZodConstraint(JoinSchema)` gives,
 * written out so the page does not load zod; tests/form-constraints.node.test.ts fails when the
 * schema and this disagree.
 */
export const JOIN_CONSTRAINT = {
  fullName: { required: true },
  email: { required: true },
  reason: { required: true },
  educationalQualification: { required: true },
  subjectToTeach: { required: true },
  workExperience: { required: true },
  previousWorkPlace: { required: true },
  phoneNumber: { required: true },
  cv: { required: true },
  acceptRules: { required: true },
};

/** Under the CV field of an application sent back with errors, while the field has no file. */
export const CHOOSE_CV_AGAIN = "Choose your CV again: a form sent back cannot keep the file you chose.";
