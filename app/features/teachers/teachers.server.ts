/**
 * Teachers: applications through /join-us and POST /api/join, their review at
 * /admin/teachers (and /api/teacher-applications), and the teachers list
 * (everyone on the teacher role list, with their profile). The only place
 * these tables' SQL lives.
 *
 * An application is `pending` until an admin approves or rejects it, once.
 * Approving adds the email to the teacher role with the roles manager's own
 * statements (the same grant and audit row as /admin/roles), so the applicant
 * is a teacher from their next request, with or without an account yet.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { roleAssignments, teacherApplications, teacherProfiles, users } from "../../../db/schema";
import { newId } from "../../../db/id";
import { firm } from "~/config/firm";
import { listRoles, roleGrantStatements } from "~/features/accounts/index.server";
import { grantedRoleForEmail, type AuthUser } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { can, isGrantedRole } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { sendMail, type MailMessage } from "~/lib/mailer.server";
import { clientIpKey, refundAttempt, reserveAttempt, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { auditStatement } from "~/lib/audit.server";
import { insertOnlyIf, runRawBatch, type RawStatement } from "~/lib/db.server";
import { moveToTrash } from "~/lib/trash.server";
import { deleteUpload, storeUpload } from "~/lib/uploads.server";
import { cvDownloadPath } from "./paths";
import { JOIN_MESSAGES, type JoinInput } from "./schema";
import { logError } from "~/lib/log.server";
import { LIST_PAGE_SIZE, pageWindow } from "~/lib/pagination";
import { paginate, REVIEW_QUEUE_MAX, type Page } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export type TeacherApplication = typeof teacherApplications.$inferSelect;

/** 5 applications per hour per client IP (times RATE_LIMIT_MULTIPLIER, which only local mode honours). */
export const JOIN_RATE_LIMIT = { name: "join-ip", limit: 5, windowMs: 60 * 60_000 } as const;

/** A multipart body larger than this is refused before it is read: the CV limit (10 MB) plus the text fields. */
export const MAX_JOIN_BODY_BYTES = 11 * 1024 * 1024;

/** Refuse a declared body too large for any valid application (413), before reading it. */
export function assertJoinBodySize(request: Request) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JOIN_BODY_BYTES) {
    const message = "The file is too large: the limit is 10 MB.";
    throw new HttpError(413, message, { errors: { cv: [message] } });
  }
}

/* ------------------------------------------------------------------ applying */

/**
 * Store one application (validated by JoinSchema): a slot of the rate limit, a pending
 * application or the teacher role already held (409), the CV (checked by content, stored
 * privately), then the row; the CV is deleted if the row is not saved. Then the applicant and the
 * firm are mailed through the outbox.
 *
 * Only accepted applications count toward the limit (an applicant fixing a refused CV or told
 * they already applied is not locked out): the slot is reserved atomically first, so parallel
 * requests cannot pass a full window (docs/decisions/072-atomic-throttle.md), and given back when
 * the application is refused for any reason.
 */
export async function submitApplication(
  ctx: Ctx,
  request: Request,
  input: JoinInput,
): Promise<{ msg: string; id: string }> {
  const rule = { ...JOIN_RATE_LIMIT, subject: await clientIpKey(request, ctx.env) };
  const limit = await reserveAttempt(ctx, rule);
  if (!limit.allowed) {
    throw new HttpError(429, tooManyAttemptsMessage(limit), { retryAfterSeconds: limit.retryAfterSeconds });
  }
  let id: string;
  try {
    id = await storeApplication(ctx, input);
  } catch (error) {
    await refundAttempt(ctx, rule);
    throw error;
  }
  const application = await ctx.db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, id) });
  await queueMail(ctx, [
    applicantAcknowledgement(application!),
    firmNotification(application!, ctx.env.FIRM_INBOX_EMAIL, ctx.env.APP_ORIGIN),
  ]);
  return { msg: JOIN_MESSAGES.success, id };
}

/** The checks, the CV and the row of one application: its id, or an error with nothing left stored. */
async function storeApplication(ctx: Ctx, input: JoinInput): Promise<string> {
  // The lists, not the effective role: an email already granted a role (verified or not) need not apply.
  if (isGrantedRole(await grantedRoleForEmail(ctx, input.email)))
    throw new HttpError(409, JOIN_MESSAGES.alreadyTeacher);
  if (await hasPendingApplication(ctx, input.email)) throw new HttpError(409, JOIN_MESSAGES.duplicate);

  const cvKey = await storeUpload(ctx, input.cv, { kind: "cv", field: "cv", prefix: "cv", private: true });
  const id = newId();
  const now = Date.now();
  let inserted: boolean;
  try {
    // One statement, so two concurrent applications from one email cannot both be pending.
    const result = await ctx.db.run(sql`
      INSERT INTO teacher_applications
        (id, full_name, email, reason, educational_qualification, subject_to_teach, work_experience,
         previous_work_place, phone_number, cv_key, cv_name, status, created_at)
      SELECT ${id}, ${input.fullName}, ${input.email}, ${input.reason}, ${input.educationalQualification},
        ${input.subjectToTeach}, ${input.workExperience}, ${input.previousWorkPlace}, ${input.phoneNumber},
        ${cvKey}, ${input.cv.name.slice(0, 200)}, 'pending', ${now}
      WHERE NOT EXISTS (SELECT 1 FROM teacher_applications WHERE email = ${input.email} AND status = 'pending')`);
    inserted = (result.meta.changes ?? 0) > 0;
  } catch (error) {
    await deleteUpload(ctx, cvKey);
    throw error;
  }
  if (!inserted) {
    await deleteUpload(ctx, cvKey);
    throw new HttpError(409, JOIN_MESSAGES.duplicate);
  }
  return id;
}

/** How many teacher applications wait for review (the staff home page's count). */
export async function pendingApplicationCount(ctx: Pick<Ctx, "db">) {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(teacherApplications)
    .where(eq(teacherApplications.status, "pending"));
  return row?.value ?? 0;
}

async function hasPendingApplication(ctx: Ctx, email: string) {
  const row = await ctx.db
    .select({ id: teacherApplications.id })
    .from(teacherApplications)
    .where(and(eq(teacherApplications.email, email), eq(teacherApplications.status, "pending")))
    .limit(1);
  return row.length > 0;
}

/**
 * Put the mails in the outbox (delivered now, or retried by the cron). The
 * application is already saved, so a mail problem is logged, never reported
 * to the applicant as a failed application.
 */
async function queueMail(ctx: Ctx, mails: MailMessage[]) {
  for (const mail of mails) {
    try {
      await sendMail(ctx, mail);
    } catch (error) {
      logError(error, { where: `could not queue mail ${mail.id ?? mail.kind}` });
    }
  }
}

/* ------------------------------------------------------------------ mails (plain text: every value is the applicant's own input) */

const signature = () => ["", firm.name, firm.email].join("\n");

export function applicantAcknowledgement(application: TeacherApplication): MailMessage {
  return {
    id: `teacher-application-${application.id}-ack`,
    to: application.email,
    subject: `We received your application to teach | ${firm.name}`,
    kind: "teacher-application-ack",
    text: [
      `Dear ${application.fullName},`,
      "",
      `Thank you for applying to teach ${application.subjectToTeach} with ${firm.name}. We have received your application and CV and will write to you after reviewing them.`,
      "",
      "If you did not send this application, please ignore this email.",
      signature(),
    ].join("\n"),
  };
}

/** `origin` is APP_ORIGIN: links in mail are never built from a request's Host. */
export function firmNotification(application: TeacherApplication, inboxEmail: string, origin: string): MailMessage {
  const reviewUrl = new URL("/admin/teachers", origin).toString();
  return {
    id: `teacher-application-${application.id}-firm`,
    to: inboxEmail,
    subject: `New teacher application: ${application.subjectToTeach} (${application.fullName})`.slice(0, 200),
    kind: "teacher-application-firm",
    text: [
      "A new teacher application arrived through the website.",
      "",
      `Name: ${application.fullName}`,
      `Email: ${application.email}`,
      `Phone: ${application.phoneNumber}`,
      `Subject to teach: ${application.subjectToTeach}`,
      `Educational qualification: ${application.educationalQualification}`,
      `Previous workplace: ${application.previousWorkPlace}`,
      "",
      `Review it (and download the CV) at ${reviewUrl}`,
    ].join("\n"),
  };
}

export function approvalMail(application: TeacherApplication, hasAccount: boolean, origin: string): MailMessage {
  const loginUrl = new URL("/login", origin).toString();
  const createUrl = new URL("/quiz/create", origin).toString();
  return {
    id: `teacher-application-${application.id}-approved`,
    to: application.email,
    subject: `Welcome aboard: your teacher application is approved | ${firm.name}`,
    kind: "teacher-application-approved",
    text: [
      `Dear ${application.fullName},`,
      "",
      `We are happy to tell you that your application to teach ${application.subjectToTeach} with ${firm.name} has been approved.`,
      "",
      hasAccount
        ? `Sign in at ${loginUrl} with ${application.email}: you can now create and manage quizzes at ${createUrl}. (If you have not confirmed your email yet, open the link we sent you first; your dashboard sends it again.)`
        : `Register at ${loginUrl} with this email address (${application.email}) and confirm it with the link we then send you: your account will have the teacher role, and you can then create and manage quizzes at ${createUrl}.`,
      signature(),
    ].join("\n"),
  };
}

export function rejectionMail(application: TeacherApplication): MailMessage {
  return {
    id: `teacher-application-${application.id}-rejected`,
    to: application.email,
    subject: `Your teacher application | ${firm.name}`,
    kind: "teacher-application-rejected",
    text: [
      `Dear ${application.fullName},`,
      "",
      `Thank you for your interest in teaching ${application.subjectToTeach} with ${firm.name} and for the time you took to apply.`,
      "After careful consideration we are not able to offer you a teaching role at present. We will keep your details on file and may contact you should a suitable opening arise.",
      "",
      "We wish you every success.",
      signature(),
    ].join("\n"),
  };
}

/* ------------------------------------------------------------------ reviewing */

/** A pending application's name and email (the confirmation step before reviewing it), or null. */
export async function pendingApplication(ctx: Ctx, id: string) {
  const row = await ctx.db.query.teacherApplications.findFirst({
    columns: { id: true, fullName: true, email: true },
    where: and(eq(teacherApplications.id, id), eq(teacherApplications.status, "pending")),
  });
  return row ?? null;
}

export type ReviewDecision = "approved" | "rejected";

/** The application while it is still pending: the condition of every write of its review. */
const stillPending = (id: string): RawStatement => ({
  sql: "exists (select 1 from teacher_applications where id = ? and status = 'pending')",
  params: [id],
});

/**
 * Approve or reject a pending application, once. Everything the review writes is one D1 batch (one
 * transaction), each statement only while the application is still pending and its status last: the
 * review's audit row and, on approval, the email's teacher role (with its own audit row, through the
 * roles manager) and the teacher's profile. A second review (409) or a failure of any of them writes
 * nothing. Then the applicant is mailed.
 */
export async function reviewApplication(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  decision: ReviewDecision,
): Promise<TeacherApplication> {
  assertCan(actor, "teacher:manage");
  const existing = await ctx.db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, id) });
  if (!existing) throw new HttpError(404, "Application not found");
  const reviewedAt = new Date();
  const hasAccount =
    decision === "approved" &&
    Boolean(await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, existing.email) }));
  const results = await runRawBatch(ctx.db, [
    insertOnlyIf(
      auditStatement(
        ctx,
        actor,
        {
          kind: "application",
          id,
          action: decision === "approved" ? "approve" : "reject",
          summary: `${existing.fullName} <${existing.email}>: status "pending" → "${decision}"`,
        },
        reviewedAt,
      ).toSQL(),
      stillPending(id),
    ),
    ...(decision === "approved"
      ? [
          ...roleGrantStatements(ctx, actor, { role: "teacher", email: existing.email }, stillPending(id)),
          profileStatement(ctx, id, reviewedAt).toSQL(),
        ]
      : []),
    ctx.db
      .update(teacherApplications)
      .set({ status: decision, reviewedBy: actor.id, reviewedAt })
      .where(and(eq(teacherApplications.id, id), eq(teacherApplications.status, "pending")))
      .toSQL(),
  ]);
  const claimed = results.at(-1)?.meta.changes
    ? await ctx.db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, id) })
    : undefined;
  if (!claimed) {
    const current = await ctx.db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, id) });
    throw new HttpError(409, `This application was already ${current?.status ?? existing.status}.`);
  }
  await queueMail(ctx, [
    decision === "approved" ? approvalMail(claimed, hasAccount, ctx.env.APP_ORIGIN) : rejectionMail(claimed),
  ]);
  return claimed;
}

/** Move an application to the trash (its CV stays in R2 until it is deleted for good). */
export async function deleteApplication(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "teacher:manage");
  const row = await ctx.db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, id) });
  const moved =
    row &&
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "application",
        entityId: row.id,
        label: `${row.fullName} <${row.email}> (${row.status})`,
        rows: [{ table: "teacher_applications", column: "id", value: row.id }],
        files: [row.cvKey],
        pages: [],
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Application not found");
}

/**
 * The teacher's profile, copied from their application while it is still pending (an email that
 * already has a profile gets it updated), for the approval's batch.
 */
function profileStatement(ctx: Ctx, applicationId: string, now: Date) {
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  return ctx.db
    .insert(teacherProfiles)
    .select(
      ctx.db
        .select({
          email: teacherApplications.email,
          fullName: teacherApplications.fullName,
          subjectToTeach: teacherApplications.subjectToTeach,
          educationalQualification: teacherApplications.educationalQualification,
          workExperience: teacherApplications.workExperience,
          phoneNumber: teacherApplications.phoneNumber,
          applicationId: teacherApplications.id,
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
        })
        .from(teacherApplications)
        .where(and(eq(teacherApplications.id, applicationId), eq(teacherApplications.status, "pending"))),
    )
    .onConflictDoUpdate({
      target: teacherProfiles.email,
      set: {
        fullName: excluded("full_name"),
        subjectToTeach: excluded("subject_to_teach"),
        educationalQualification: excluded("educational_qualification"),
        workExperience: excluded("work_experience"),
        phoneNumber: excluded("phone_number"),
        applicationId: excluded("application_id"),
        updatedAt: excluded("updated_at"),
      },
    });
}

/* ------------------------------------------------------------------ lists */

/** Applications: pending first (oldest first, the queue), then reviewed (newest review first). */
/**
 * /admin/teachers: the applications awaiting review (oldest first, searched; at
 * most REVIEW_QUEUE_MAX), then the reviewed ones a page at a time (newest review
 * first), searched by name, email or subject and filtered by decision.
 */
export async function listApplications(
  ctx: Ctx,
  {
    q,
    status,
    page,
    pageSize = LIST_PAGE_SIZE,
  }: { q?: unknown; status?: "pending" | "approved" | "rejected"; page?: number; pageSize?: number } = {},
) {
  const term = searchTerm(q);
  const search = term
    ? or(
        containsText(teacherApplications.fullName, term),
        containsText(teacherApplications.email, term),
        containsText(teacherApplications.subjectToTeach, term),
      )
    : undefined;
  const pending =
    status && status !== "pending"
      ? []
      : await ctx.db
          .select()
          .from(teacherApplications)
          .where(and(search, eq(teacherApplications.status, "pending")))
          .orderBy(asc(teacherApplications.createdAt), asc(teacherApplications.id))
          .limit(REVIEW_QUEUE_MAX);
  const decided = status === "approved" || status === "rejected" ? [status] : (["approved", "rejected"] as const);
  const reviewedWhere = status === "pending" ? sql`0` : and(search, inArray(teacherApplications.status, [...decided]));
  const reviewed = await paginate(
    ctx.db,
    teacherApplications,
    reviewedWhere,
    page,
    (window) =>
      ctx.db
        .select({ application: teacherApplications, reviewerName: users.fullName })
        .from(teacherApplications)
        .leftJoin(users, eq(users.id, teacherApplications.reviewedBy))
        .where(reviewedWhere)
        .orderBy(desc(teacherApplications.reviewedAt), desc(teacherApplications.id))
        .limit(window.limit)
        .offset(window.offset),
    pageSize,
  );
  return {
    pending,
    reviewed: reviewed.items.map((row) => ({ ...row.application, reviewerName: row.reviewerName })),
    reviewedPage: { page: reviewed.page, pages: reviewed.pages, total: reviewed.total },
  };
}

export type Teacher = {
  email: string;
  fullName: string;
  subjectToTeach: string;
  educationalQualification: string;
  workExperience: string;
  phoneNumber: string;
  /** Whether someone has registered with this email. */
  hasAccount: boolean;
  /** Whether the teacher has a profile (from an approved application). */
  hasProfile: boolean;
  applicationId: string | null;
};

/** Everyone on the teacher role list, with their profile and whether they have an account. */
export async function listTeachers(ctx: Ctx): Promise<Teacher[]> {
  const emails = (await listRoles(ctx)).teacher;
  if (emails.length === 0) return [];
  const profiles = new Map<string, typeof teacherProfiles.$inferSelect>();
  const accounts = new Map<string, string>();
  // D1 caps bound parameters per statement; look the emails up in chunks.
  for (let start = 0; start < emails.length; start += 90) {
    const chunk = emails.slice(start, start + 90);
    for (const row of await ctx.db.select().from(teacherProfiles).where(inArray(teacherProfiles.email, chunk))) {
      profiles.set(row.email, row);
    }
    for (const row of await ctx.db
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(inArray(users.email, chunk))) {
      accounts.set(row.email, row.fullName);
    }
  }
  return emails.map((email) => {
    const profile = profiles.get(email);
    return {
      email,
      fullName: profile?.fullName ?? accounts.get(email) ?? "",
      subjectToTeach: profile?.subjectToTeach ?? "",
      educationalQualification: profile?.educationalQualification ?? "",
      workExperience: profile?.workExperience ?? "",
      phoneNumber: profile?.phoneNumber ?? "",
      hasAccount: accounts.has(email),
      hasProfile: Boolean(profile),
      applicationId: profile?.applicationId ?? null,
    };
  });
}

/**
 * One page of the teacher role's emails with their profiles and accounts, searched by name, email or
 * subject: the page and its count are read in SQL, so a long list is never loaded whole.
 */
export async function pageTeachers(
  ctx: Ctx,
  { q, page, pageSize = LIST_PAGE_SIZE }: { q?: unknown; page?: number; pageSize?: number } = {},
): Promise<Page<Teacher>> {
  const term = searchTerm(q);
  const name = sql<string>`coalesce(${teacherProfiles.fullName}, ${users.fullName}, '')`;
  const where = and(
    eq(roleAssignments.role, "teacher"),
    term
      ? or(
          containsText(roleAssignments.email, term),
          containsText(name, term),
          containsText(teacherProfiles.subjectToTeach, term),
        )
      : undefined,
  );
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(roleAssignments)
    .leftJoin(teacherProfiles, eq(teacherProfiles.email, roleAssignments.email))
    .leftJoin(users, eq(users.email, roleAssignments.email))
    .where(where);
  const window = pageWindow(page, total, pageSize);
  const rows =
    total === 0
      ? []
      : await ctx.db
          .select({
            email: roleAssignments.email,
            fullName: name,
            subjectToTeach: teacherProfiles.subjectToTeach,
            educationalQualification: teacherProfiles.educationalQualification,
            workExperience: teacherProfiles.workExperience,
            phoneNumber: teacherProfiles.phoneNumber,
            profileEmail: teacherProfiles.email,
            accountId: users.id,
            applicationId: teacherProfiles.applicationId,
          })
          .from(roleAssignments)
          .leftJoin(teacherProfiles, eq(teacherProfiles.email, roleAssignments.email))
          .leftJoin(users, eq(users.email, roleAssignments.email))
          .where(where)
          .orderBy(asc(roleAssignments.email))
          .limit(window.limit)
          .offset(window.offset);
  const items = rows.map((row) => ({
    email: row.email,
    fullName: row.fullName,
    subjectToTeach: row.subjectToTeach ?? "",
    educationalQualification: row.educationalQualification ?? "",
    workExperience: row.workExperience ?? "",
    phoneNumber: row.phoneNumber ?? "",
    hasAccount: row.accountId !== null,
    hasProfile: row.profileEmail !== null,
    applicationId: row.applicationId ?? null,
  }));
  return { items, total, page: window.page, pages: window.pages };
}

/** GET /api/teachers: each teacher with `_id` (their email, the key of the role list and the profile). */
export function apiTeacher(teacher: Teacher) {
  return { _id: teacher.email, ...teacher };
}

/** GET /api/teacher-applications: each application with `_id`; the CV as its download path. */
export function apiApplication(application: TeacherApplication) {
  const { cvKey: _key, ...rest } = application;
  return { _id: application.id, ...rest, cv: cvDownloadPath(application.id) };
}

/** The CV's private key, for an admin only; null for anyone else or an unknown application. */
export async function cvKeyForAdmin(ctx: Ctx, viewer: AuthUser | null, id: string): Promise<string | null> {
  if (!can(viewer, "teacher:manage")) return null;
  const row = await ctx.db.query.teacherApplications.findFirst({
    columns: { cvKey: true },
    where: eq(teacherApplications.id, id),
  });
  return row?.cvKey ?? null;
}
