/**
 * The database schema (D1 / SQLite, through Drizzle). Every entity of
 * docs/product.md#entities lives here. Ids are opaque random strings; the JSON API exposes
 * them as `_id`. Timestamps are stored as epoch milliseconds.
 *
 * Change this file, then `npm run db:generate` writes a new migration into
 * migrations/. Never edit a migration that has been released.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { newId } from "./id";
import {
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  PUBLICATION_STATUSES,
  REVIEW_POLICIES,
  SERVICE_ICONS,
  SITE_IMAGE_KINDS,
  TAX_TREATMENTS,
} from "./enums";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const ROLES = ["admin", "teacher", "client"] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ["admin", "teacher"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export { PUBLICATION_STATUSES };
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/* ------------------------------------------------------------------ accounts */

export const users = sqliteTable("users", {
  id: id(),
  /** Always stored lower-cased and trimmed. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull(),
  /** Self-describing hash ("scrypt$N$r$p$salt$hash"); null for Google-only accounts. */
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  /** Set by opening the verification link, a password reset, or Google saying so; until then the account is a client. */
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  /** API tokens and sessions issued before this instant are invalid (set by a password reset). */
  credentialsValidAfter: integer("credentials_valid_after", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Roles are lists of emails (docs/product.md#roles); anyone not listed is a client. */
export const roleAssignments = sqliteTable(
  "role_assignments",
  {
    role: text("role", { enum: ASSIGNABLE_ROLES }).notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.role, t.email] }), index("role_assignments_email_idx").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the random session id in the cookie; the id itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    /** Absolute expiry; the idle expiry is computed from lastSeenAt. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const ONE_TIME_TOKEN_PURPOSES = ["password-reset", "email-verification"] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Links mailed to a user (password reset, email verification): random, single-use, expiring. */
export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    /** SHA-256 of the token; the token itself only travels in the email. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits, keyed by purpose and subject (IP hash or email). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
});

/**
 * One-time form tokens (app/lib/form-token.server.ts): a create form carries a random token; the
 * first POST with it claims it here and records where it led, so the same form sent again (a
 * double click without JavaScript, a resend after going back) saves nothing and leads there too.
 */
export const formSubmissions = sqliteTable("form_submissions", {
  token: text("token").primaryKey(),
  /** Where the first submission led (its redirect); null while it is still being saved. */
  location: text("location"),
  createdAt: createdAt(),
});

/** Named counters (for example honeypot hits). */
export const counters = sqliteTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

/* ------------------------------------------------------------------ services */

// The icon names live in ./enums.ts, which the browser may import (it holds no Drizzle code).
export { REVIEW_POLICIES, SERVICE_ICONS, type ReviewPolicy, type ServiceIcon } from "./enums";

export const services = sqliteTable("services", {
  id: id(),
  title: text("title").notNull(),
  /** URL segment of /services/{path}; unique and URL-safe. */
  path: text("path").notNull().unique(),
  levels: text("levels").notNull().default(""),
  icon: text("icon", { enum: SERVICE_ICONS }).notNull().default("FaBookOpen"),
  /** JSON list of video links. */
  youtubeVideos: text("youtube_videos", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  /**
   * Moved on by every edit: the version an edit form carries (decision 105). Added by migration 0013,
   * whose DDL gives it a default of 0 (SQLite adds a NOT NULL column only with a constant default) and
   * then sets each row's to its `created_at`; inserts through Drizzle always write it.
   */
  updatedAt: updatedAt(),
});

/** An old /services/{path} that now lives elsewhere: the service's earlier paths answer a 301 to its current one. */
export const servicePathRedirects = sqliteTable("service_path_redirects", {
  /** The old path (unique: one old address points at one service). */
  path: text("path").primaryKey(),
  serviceId: text("service_id")
    .notNull()
    .references(() => services.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const subServices = sqliteTable(
  "sub_services",
  {
    id: id(),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** R2 object keys. */
    syllabusKey: text("syllabus_key"),
    questionKey: text("question_key"),
    videoKey: text("video_key"),
    youtubeLink: text("youtube_link"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Moved on by every edit: the version an edit form carries (decision 105; added as services' is). */
    updatedAt: updatedAt(),
  },
  (t) => [index("sub_services_service_idx").on(t.serviceId, t.createdAt)],
);

export const enrolments = sqliteTable(
  "enrolments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] }), index("enrolments_service_idx").on(t.serviceId)],
);

/* ------------------------------------------------------------------ people */

export const faculty = sqliteTable(
  "faculty",
  {
    id: id(),
    name: text("name").notNull(),
    /** R2 key or absolute URL. */
    image: text("image"),
    subject: text("subject").notNull(),
    specialization: text("specialization").notNull().default(""),
    services: text("services", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("faculty_order_idx").on(t.sortOrder, t.createdAt)],
);

/** A teacher's profile; the teacher role itself is a role assignment by email. */
export const teacherProfiles = sqliteTable("teacher_profiles", {
  email: text("email").primaryKey(),
  fullName: text("full_name").notNull(),
  subjectToTeach: text("subject_to_teach").notNull().default(""),
  educationalQualification: text("educational_qualification").notNull().default(""),
  workExperience: text("work_experience").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  applicationId: text("application_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const teacherApplications = sqliteTable(
  "teacher_applications",
  {
    id: id(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    educationalQualification: text("educational_qualification").notNull(),
    subjectToTeach: text("subject_to_teach").notNull(),
    workExperience: text("work_experience").notNull(),
    previousWorkPlace: text("previous_work_place").notNull(),
    phoneNumber: text("phone_number").notNull(),
    cvKey: text("cv_key").notNull(),
    cvName: text("cv_name").notNull(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("teacher_applications_status_idx").on(t.status, t.createdAt)],
);

/* ------------------------------------------------------------------ publishing */

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: id(),
    clientName: text("client_name").notNull(),
    message: text("message").notNull(),
    /** R2 key or absolute URL. */
    photo: text("photo"),
    submittedBy: text("submitted_by"),
    submittedByUserId: text("submitted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: PUBLICATION_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("testimonials_status_idx").on(t.status, t.createdAt)],
);

export const articles = sqliteTable(
  "articles",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category"),
    summary: text("summary").notNull(),
    highlight: text("highlight").notNull(),
    author: text("author"),
    /** R2 key or absolute URL. */
    image: text("image"),
    /** Optional Markdown body. */
    body: text("body"),
    /** Publication date; a future date schedules the article. */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: PUBLICATION_STATUSES }).notNull().default("pending"),
    submittedByUserId: text("submitted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("articles_public_idx").on(t.status, t.publishedAt),
    index("articles_category_idx").on(t.category, t.status, t.publishedAt),
  ],
);

/**
 * How many articles there are per status and category ('' for none), kept by triggers on `articles`
 * (migrations/0010_article_counts.sql) on every insert, delete and change of status or category,
 * whatever path writes. The public list's "Page 1 of N" reads it instead of counting the table, which
 * at 100,000 articles cost each request a scan of the whole index (decision 102).
 */
export const articleCounts = sqliteTable(
  "article_counts",
  {
    status: text("status", { enum: PUBLICATION_STATUSES }).notNull(),
    category: text("category").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.category] })],
);

/* ------------------------------------------------------------------ quizzes */

export const quizzes = sqliteTable(
  "quizzes",
  {
    id: id(),
    title: text("title").notNull(),
    /** Minutes; the sum of the questions' minutes. */
    totalTime: integer("total_time").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The window in which attempts may start (null: no bound); attempts never run past closesAt unless allowPastClose. */
    opensAt: integer("opens_at", { mode: "timestamp_ms" }),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    /** An attempt started before closesAt keeps its full time, even past the close (default: cut at closesAt). */
    allowPastClose: integer("allow_past_close", { mode: "boolean" }).notNull().default(false),
    /** Attempts per taker, 1 to 10; null: unlimited. */
    maxAttempts: integer("max_attempts"),
    /** Each new attempt gets its own seeded order of questions / options (stored with the attempt). */
    shuffleQuestions: integer("shuffle_questions", { mode: "boolean" }).notNull().default(false),
    shuffleOptions: integer("shuffle_options", { mode: "boolean" }).notNull().default(false),
    /** When a taker sees the correct answers and explanations of a finished attempt. */
    reviewPolicy: text("review_policy", { enum: REVIEW_POLICIES }).notNull().default("immediately"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("quizzes_created_idx").on(t.createdAt), index("quizzes_creator_idx").on(t.createdBy)],
);

export const quizQuestions = sqliteTable(
  "quiz_questions",
  {
    id: id(),
    quizId: text("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    /** Exactly four option strings. */
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    /** Index 0..3 into options. */
    correctAnswer: integer("correct_answer").notNull(),
    /** Minutes. */
    timePerQuestion: integer("time_per_question").notNull().default(1),
    /** Shown with the correct answer when the quiz's review policy allows. */
    explanation: text("explanation"),
  },
  (t) => [uniqueIndex("quiz_questions_position_idx").on(t.quizId, t.position)],
);

export const ATTEMPT_STATUSES = ["open", "finalised"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** A question as an attempt was started with (minutes per question: attempts since the API opens quizzes). */
export type AttemptQuestion = {
  text: string;
  options: string[];
  correctAnswer: number;
  timePerQuestion?: number;
  /** The question row's id when the attempt started (absent in older attempts' snapshots). */
  id?: string;
  explanation?: string | null;
};

/**
 * The order an attempt shows its questions and options in: `questions[shown] = original
 * question index`, `options[original question][shown] = original option index`. Null: the quiz's order.
 */
export type AttemptOrder = { seed: number; questions: number[]; options: number[][] };

/** An attempt is also the result once finalised (the result id is the attempt id). */
export const quizAttempts = sqliteTable(
  "quiz_attempts",
  {
    id: id(),
    quizId: text("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The questions as they were when the attempt started, so later edits never rescore it. */
    questions: text("questions", { mode: "json" }).$type<AttemptQuestion[]>().notNull(),
    /** One entry per question: the chosen option index, or null when skipped (the quiz's original order). */
    answers: text("answers", { mode: "json" }).$type<(number | null)[]>().notNull(),
    /** The shuffled order this attempt shows (null: unshuffled); fixed when the attempt starts. */
    displayOrder: text("display_order", { mode: "json" }).$type<AttemptOrder>(),
    currentQuestion: integer("current_question").notNull().default(0),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    deadline: integer("deadline", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ATTEMPT_STATUSES }).notNull().default("open"),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    score: integer("score"),
  },
  (t) => [
    uniqueIndex("quiz_attempts_one_open_idx")
      .on(t.userId, t.quizId)
      .where(sql`status = 'open'`),
    index("quiz_attempts_user_idx").on(t.userId, t.finishedAt),
    index("quiz_attempts_quiz_idx").on(t.quizId, t.status),
    index("quiz_attempts_deadline_idx").on(t.status, t.deadline),
  ],
);

/** Extra time granted to one taker on one quiz (an accommodation). */
export const quizTimeGrants = sqliteTable(
  "quiz_time_grants",
  {
    quizId: text("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    extraSeconds: integer("extra_seconds").notNull(),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.userId] })],
);

/* ------------------------------------------------------------------ consultation and mail */

export const CONSULTATION_STATUSES = ["new", "contacted", "closed"] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
export const NOTIFY_STATUSES = ["pending", "sent", "notify_failed"] as const;
/** Which channel a consultation request came through: the site's form, or another client of the JSON API. */
export const CONSULTATION_SOURCES = ["web", "api"] as const;
export type ConsultationSource = (typeof CONSULTATION_SOURCES)[number];

export const consultationRequests = sqliteTable(
  "consultation_requests",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    service: text("service").notNull(),
    message: text("message").notNull().default(""),
    sourcePage: text("source_page"),
    /** The channel (not the page): "web" for the site's form, "api" for other clients. Older rows are "web". */
    source: text("source", { enum: CONSULTATION_SOURCES }).notNull().default("web"),
    utm: text("utm", { mode: "json" }).$type<Record<string, string>>(),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    status: text("status", { enum: CONSULTATION_STATUSES }).notNull().default("new"),
    notifyStatus: text("notify_status", { enum: NOTIFY_STATUSES }).notNull().default("pending"),
    notifyAttempts: integer("notify_attempts").notNull().default(0),
    nextNotifyAt: integer("next_notify_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("consultation_requests_created_idx").on(t.createdAt),
    index("consultation_requests_status_idx").on(t.status, t.createdAt),
    index("consultation_requests_notify_idx").on(t.notifyStatus, t.nextNotifyAt),
  ],
);

/** A consultation request's status history: who changed it, from what to what, when, with an internal note. */
export const consultationStatusChanges = sqliteTable(
  "consultation_status_changes",
  {
    id: id(),
    requestId: text("request_id")
      .notNull()
      .references(() => consultationRequests.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: CONSULTATION_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: CONSULTATION_STATUSES }).notNull(),
    /** Staff only; never shown to the visitor. */
    note: text("note").notNull().default(""),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_status_changes_request_idx").on(t.requestId, t.createdAt)],
);

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;

/** Every outgoing email. In local mode this table is the mailbox (tests read it). */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The body as staff see it (/admin/outbox): one-time links in it are redacted. */
    text: text("text").notNull(),
    html: text("html"),
    /**
     * The body as it is delivered, only when it differs from `text`/`html` (it carries a one-time
     * link). Never shown; cleared once a transport has handed the mail on (app/lib/mailer.server.ts).
     */
    deliveryText: text("delivery_text"),
    deliveryHtml: text("delivery_html"),
    /** What the mail is about, e.g. "password-reset", "consultation-firm". */
    kind: text("kind").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt), index("mail_outbox_status_idx").on(t.status)],
);

/* ------------------------------------------------------------------ two-factor sign-in (TOTP) */

/** A user's TOTP authenticator. A row with `enabledAt` null is a setup waiting for its first code. */
export const userTwoFactor = sqliteTable("user_two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The base32 secret, AES-GCM encrypted with TOTP_ENCRYPTION_KEY ("v1.<iv>.<ciphertext>", base64url). */
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** The last accepted 30-second time-step: a code of this step or an earlier one is refused (no replay). */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 (they are random, so a fast hash is enough). */
export const twoFactorRecoveryCodes = sqliteTable(
  "two_factor_recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/** Half-signed-in: the password (or Google) was right, the code is still to come. Lives 10 minutes. */
export const pendingSignIns = sqliteTable(
  "pending_sign_ins",
  {
    /** SHA-256 of the random id in the short-lived cookie. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectTo: text("redirect_to").notNull().default("/"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_sign_ins_user_idx").on(t.userId), index("pending_sign_ins_expires_idx").on(t.expiresAt)],
);

/** Site-wide settings: one row, id "site". */
export const siteSettings = sqliteTable("site_settings", {
  id: text("id").primaryKey(),
  /** Staff (teachers and admins) must use two-factor sign-in: without it they reach only /account/security. */
  staffTwoFactorRequired: integer("staff_two_factor_required", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/* ------------------------------------------------------------------ site images */

/**
 * The images the firm manages at /admin/images: the gallery (home and about pages) and the accolades.
 * `image` is an R2 key (an upload), or a path under /images/ for the built-in placeholder illustrations;
 * width and height are read from the file, so pages reserve the space and keep its aspect ratio.
 */
export const siteImages = sqliteTable(
  "site_images",
  {
    id: id(),
    kind: text("kind", { enum: SITE_IMAGE_KINDS }).notNull(),
    image: text("image").notNull(),
    /** A smaller copy for grids (the placeholders have one); null: the grid uses `image`. */
    thumbnail: text("thumbnail"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The gallery's caption, or the accolade's title. */
    caption: text("caption").notNull(),
    /** The accolade's description (empty for gallery images). */
    description: text("description").notNull().default(""),
    alt: text("alt").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("site_images_kind_order_idx").on(t.kind, t.published, t.sortOrder)],
);

/**
 * Never holds a row. A batch that must change nothing when a row moved on since the request read it
 * starts with an insert of NULL here for each row that did: the NOT NULL constraint fails that
 * statement and D1 rolls the whole batch back (`failBatchWhen` in app/lib/db.server.ts).
 */
export const batchGuards = sqliteTable("batch_guards", { never: integer("never").notNull() });

/* ------------------------------------------------------------------ trash and audit log */

/** What can be put in the trash (docs/product.md#trash). */
export const TRASH_KINDS = [
  "article",
  "testimonial",
  "service",
  "sub-service",
  "founder",
  "quiz",
  "application",
] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/**
 * A deleted item waiting 30 days (decision 084): the rows it was, as SQLite stored them, so a restore
 * puts back exactly what was deleted (a service with its sub-services, a quiz with its questions and
 * attempts). Its files stay in R2 until the item is deleted forever or purged by the scheduled job.
 */
export const trashItems = sqliteTable(
  "trash_items",
  {
    id: id(),
    kind: text("kind", { enum: TRASH_KINDS }).notNull(),
    /** The id the item had (and gets back on restore). */
    entityId: text("entity_id").notNull(),
    /** What the trash list shows: the title, name or path. */
    label: text("label").notNull(),
    /** The deleted rows in insertion order: [{ table, row: { column: value } }]. */
    snapshot: text("snapshot", { mode: "json" }).$type<{ table: string; row: Record<string, unknown> }[]>().notNull(),
    /** R2 keys the item owns, deleted with it for good. */
    files: text("files", { mode: "json" }).$type<string[]>().notNull(),
    /** Public pages to purge from the edge cache on restore. */
    pages: text("pages", { mode: "json" }).$type<string[]>().notNull(),
    /** What a restore must check first: a unique value still free, or a parent row still there. */
    checks: text("checks", { mode: "json" })
      .$type<{ table: string; column: string; value: string; expect: "absent" | "present"; message: string }[]>()
      .notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }).notNull(),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("trash_items_deleted_idx").on(t.deletedAt), index("trash_items_entity_idx").on(t.kind, t.entityId)],
);

/**
 * The R2 keys of the items in the trash: `/uploads/{key}` answers 404 for them, so a trashed item's
 * files stop being served with it (a restore brings them back; deleting it for good deletes them).
 * One row per key and item, written in the batch that trashes the item, removed in the batch that restores
 * it, or after its files are deleted when it is deleted for good.
 */
export const trashedFiles = sqliteTable(
  "trashed_files",
  {
    key: text("key").notNull(),
    /** No foreign key: deleting an item for good removes these rows only once its files are gone from R2. */
    trashItemId: text("trash_item_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.trashItemId] })],
);

export const AUDIT_ACTIONS = [
  "create",
  "edit",
  "approve",
  "reject",
  "delete",
  "restore",
  "delete-forever",
  "role-grant",
  "role-remove",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITY_KINDS = [
  ...TRASH_KINDS,
  "role",
  "site-image",
  "invoice",
  "payment",
  "site-setting",
  "consultation",
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

/** Every staff change: who, what, when, and a short before/after summary (shown at /admin/activity). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's email when it happened (kept if the account goes). */
    actorEmail: text("actor_email").notNull(),
    entityKind: text("entity_kind", { enum: AUDIT_ENTITY_KINDS }).notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    /** A short before/after summary, e.g. `title: "Old" → "New"`. */
    summary: text("summary").notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_kind_idx").on(t.entityKind, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
  ],
);

/* ------------------------------------------------------------------ invoices */

/**
 * An invoice to a client (docs/product.md#invoices). Money is integer paise. A draft has no number; issuing
 * gives it the next serial of its financial year (invoice_series) in the same batch, so numbers are unique
 * and gap-free; a void invoice keeps its number. What was paid is the sum of its confirmed payments.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    /** e.g. SRA/26-27/0007 (at most 16 characters); null while a draft. */
    number: text("number").unique(),
    /** "26-27": the financial year (April to March, India's time) of the day it was issued. */
    financialYear: text("financial_year"),
    serial: integer("serial"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    /** The client's account when one has this verified email; the invoice is theirs to see. */
    clientId: text("client_id").references(() => users.id, { onDelete: "set null" }),
    clientEmail: text("client_email").notNull(),
    clientName: text("client_name").notNull(),
    clientAddress: text("client_address").notNull().default(""),
    clientGstin: text("client_gstin").notNull().default(""),
    taxTreatment: text("tax_treatment", { enum: TAX_TREATMENTS }).notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    /** YYYY-MM-DD, a day in India. */
    dueDate: text("due_date").notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }),
    /** The secret of the link mailed to the client (for a client without an account). */
    accessKey: text("access_key").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_series_idx").on(t.financialYear, t.serial),
    index("invoices_client_idx").on(t.clientId),
    index("invoices_status_idx").on(t.status, t.dueDate),
  ],
);

export const invoiceLines = sqliteTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text("description").notNull(),
    note: text("note").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPaise: integer("unit_paise").notNull(),
    amountPaise: integer("amount_paise").notNull(),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

/** The next serial of each financial year's invoice series. */
export const invoiceSeries = sqliteTable("invoice_series", {
  financialYear: text("financial_year").primaryKey(),
  nextSerial: integer("next_serial").notNull(),
});

/**
 * A payment reported by the client (or recorded by staff), or a refund; only confirmed entries count. A
 * bank or UPI reference is accepted once: the unique index holds it for every entry not rejected.
 */
export const invoicePayments = sqliteTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull().default("payment"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("reported"),
    /** The 12-digit UPI/IMPS reference or the 16-character NEFT/RTGS UTR, upper-cased. */
    reference: text("reference").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** YYYY-MM-DD, the day the client says they paid. */
    paidOn: text("paid_on").notNull(),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_payments_reference_idx")
      .on(t.reference)
      .where(sql`status <> 'rejected'`),
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.createdAt),
    index("invoice_payments_status_idx").on(t.status, t.createdAt),
  ],
);
