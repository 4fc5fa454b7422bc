// Teacher applications and the teachers list, through the built Worker with
// real local D1 and R2: /join-us and POST /api/join, /admin/teachers, the CV
// download, /api/teachers and /api/teacher-applications.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, roleAssignments, teacherApplications, teacherProfiles } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  expectConsoleError,
  postJson,
  sessionCookieFor,
  testContext,
  verifyEmailFromMail,
  bearer,
} from "../../../tests/helpers";
import { JOIN_MESSAGES, TEACHER_RULES } from "./schema";
import { JOIN_RATE_LIMIT } from "./teachers.server";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
const PDF = bytes("%PDF-1.4\n% a tiny test CV\n%%EOF\n");
const DOCX = bytes([0x50, 0x4b, 0x03, 0x04], "word/document.xml and friends");
const DOC = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "an OLE2 compound file");

const pdfFile = (name = "cv.pdf") => new File([PDF], name, { type: "application/pdf" });

let counter = 0;
/** Every test sends from its own address (rate limits) and with its own email (one pending application each). */
function fresh() {
  counter += 1;
  return { ip: `198.51.100.${counter}`, email: `applicant-${counter}-${Date.now()}@example.com` };
}

const FIELDS = {
  fullName: "Meera Iyer",
  reason: "I enjoy teaching constitutional law to judiciary aspirants.",
  educationalQualification: "LL.M., National Law School of India University",
  subjectToTeach: "Constitutional Law",
  workExperience: "Six years of litigation before the Delhi High Court.",
  previousWorkPlace: "Khanna & Partners",
  phoneNumber: "+91 98765 43210",
};
const REQUIRED = [...Object.keys(FIELDS), "email", "cv"] as const;

function application(
  email: string,
  { cv = pdfFile(), acceptRules = "yes", omit = [] as string[], overrides = {} as Record<string, string> } = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...FIELDS, email, acceptRules, ...overrides })) {
    if (!omit.includes(key)) body.set(key, value);
  }
  if (cv && !omit.includes("cv")) body.set("cv", cv);
  return body;
}

/** Approve or reject an application with the /admin/teachers form, as the holder of this session cookie. */
function reviewByForm(cookie: string, intent: "approve" | "reject", id: string) {
  const form = new FormData();
  form.set("intent", intent);
  form.set("id", id);
  return appFetch("/admin/teachers", { method: "POST", headers: { Cookie: cookie }, body: form });
}

function postJoin(body: FormData, ip: string, headers: Record<string, string> = {}) {
  return appFetch("/api/join", { method: "POST", headers: { "CF-Connecting-IP": ip, ...headers }, body });
}

function postPage(body: FormData, ip: string, cookie?: string) {
  return appFetch("/join-us", {
    method: "POST",
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

async function applicationsOf(email: string) {
  return testContext().db.select().from(teacherApplications).where(eq(teacherApplications.email, email));
}

async function storedCvKeys() {
  const listed = await env.UPLOADS.list({ prefix: "private/cv/" });
  return listed.objects.map((object) => object.key);
}

async function mailsTo(to: string) {
  return testContext().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** Apply through the API; returns the stored application. */
async function apply(email = fresh().email, cv = pdfFile()) {
  const response = await postJoin(application(email, { cv }), fresh().ip);
  expect(response.status, await response.clone().text()).toBe(201);
  const [row] = await applicationsOf(email);
  return row!;
}

/** How React writes text into HTML. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function people() {
  const admin = await createTestUser({ role: "admin", fullName: "Asha Admin" });
  const teacher = await createTestUser({ role: "teacher" });
  const client = await createTestUser({ role: "client" });
  return {
    admin: {
      ...admin,
      token: await apiTokenFor(admin.email),
      cookie: await sessionCookieFor(admin.id),
    },
    teacher: {
      ...teacher,
      token: await apiTokenFor(teacher.email),
      cookie: await sessionCookieFor(teacher.id),
    },
    client: {
      ...client,
      token: await apiTokenFor(client.email),
      cookie: await sessionCookieFor(client.id),
    },
  };
}

const QUIZ = {
  title: "Basics of the Constitution",
  questions: [
    { text: "Article 21 protects?", options: ["Life", "Trade", "Tax", "None"], correctAnswer: 0, timePerQuestion: 1 },
  ],
};

describe("applying through POST /api/join", () => {
  it("stores a pending application, its CV privately in R2, and mails the applicant and the firm", async () => {
    const { email, ip } = fresh();
    const response = await postJoin(application(email), ip);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ msg: JOIN_MESSAGES.success });

    const [row] = await applicationsOf(email);
    expect(row).toMatchObject({
      ...FIELDS,
      email,
      status: "pending",
      cvName: "cv.pdf",
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(row!.cvKey).toMatch(/^private\/cv\/[0-9a-f]{32}\.pdf$/);
    const object = await env.UPLOADS.get(row!.cvKey);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    expect(object!.httpMetadata?.contentType).toBe("application/pdf");
    // The public uploads route never serves a private key.
    expect((await appFetch(`/uploads/${row!.cvKey}`)).status).toBe(404);

    const [ack] = await mailsTo(email);
    expect(ack).toMatchObject({ kind: "teacher-application-ack", status: "sent" });
    expect(ack!.text).toContain("Dear Meera Iyer");
    const firmMail = (await mailsTo("consult@example.com")).find((mail) => mail.text.includes(email));
    expect(firmMail).toMatchObject({
      kind: "teacher-application-firm",
      subject: "New teacher application: Constitutional Law (Meera Iyer)",
    });
  });

  it("normalises the email and accepts a .docx and a .doc by their content", async () => {
    const docx = fresh();
    const upper = docx.email.toUpperCase();
    const response = await postJoin(
      application(`  ${upper} `, {
        cv: new File([DOCX], "Resume.DOCX", {
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }),
      }),
      docx.ip,
    );
    expect(response.status).toBe(201);
    const [docxRow] = await applicationsOf(docx.email);
    expect(docxRow!.cvKey).toMatch(/\.docx$/);

    const doc = fresh();
    expect(
      (
        await postJoin(
          application(doc.email, { cv: new File([DOC], "cv.doc", { type: "application/msword" }) }),
          doc.ip,
        )
      ).status,
    ).toBe(201);
    const [docRow] = await applicationsOf(doc.email);
    expect(docRow!.cvKey).toMatch(/\.doc$/);
    expect(await env.UPLOADS.head(docRow!.cvKey)).not.toBeNull();
  });

  it("refuses each missing required field with a 400 naming it, and stores nothing", async () => {
    const keysBefore = await storedCvKeys();
    for (const field of REQUIRED) {
      const { email, ip } = fresh();
      const response = await postJoin(application(email, { omit: [field] }), ip);
      expect(response.status, field).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors), field).toEqual([field]);
      expect(body.message).toBe(body.errors[field]![0]);
      expect(await applicationsOf(email)).toHaveLength(0);
    }
    // Blank text counts as missing too.
    const blank = fresh();
    const response = await postJoin(application(blank.email, { overrides: { fullName: "   ", reason: "" } }), blank.ip);
    expect(await response.json()).toMatchObject({
      errors: { fullName: ["Please enter your full name."], reason: ["Please tell us why you want to teach with us."] },
    });
    expect(await storedCvKeys()).toEqual(keysBefore);
  });

  it("refuses bad values: email, phone, too long, not multipart", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ email: "not-an-email" }, "email", "Please enter a valid email address."],
      [{ phoneNumber: "call me" }, "phoneNumber", "Please enter a valid phone number, e.g. +91 98765 43210."],
      [{ phoneNumber: "12345" }, "phoneNumber", "Please enter a valid phone number, e.g. +91 98765 43210."],
      [{ fullName: "x".repeat(101) }, "fullName", "Full name must be at most 100 characters."],
      [{ reason: "x".repeat(2001) }, "reason", "Reason must be at most 2,000 characters."],
    ];
    for (const [overrides, field, message] of cases) {
      const { email, ip } = fresh();
      const response = await postJoin(application(email, { overrides }), ip);
      expect(response.status, field).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    // Indian numbers in their usual shapes are fine.
    for (const phoneNumber of ["9876543210", "098765 43210", "+91-98765-43210", "011 2345 6789"]) {
      const { email, ip } = fresh();
      expect((await postJoin(application(email, { overrides: { phoneNumber } }), ip)).status, phoneNumber).toBe(201);
    }
    const json = await postJson("/api/join", { ...FIELDS, email: fresh().email, acceptRules: true });
    expect(json.status).toBe(415);
  });

  it("accepts the spec's fields and CV without acceptRules (an API client shows the rules itself); extra fields are ignored", async () => {
    const { email, ip } = fresh();
    const body = application(email, { omit: ["acceptRules"], overrides: { appVersion: "2.1", referral: "x" } });
    const response = await postJoin(body, ip);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ msg: JOIN_MESSAGES.success });
    const [row, ...others] = await applicationsOf(email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ fullName: FIELDS.fullName, subjectToTeach: FIELDS.subjectToTeach, status: "pending" });
    expect(await env.UPLOADS.head(row!.cvKey)).not.toBeNull();
  });

  it("the page requires the accepted rules, so a crafted form post cannot skip them", async () => {
    for (const acceptRules of ["", "no"]) {
      const { email, ip } = fresh();
      const response = await postPage(application(email, { acceptRules }), ip);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(JOIN_MESSAGES.rulesRequired);
      expect(await applicationsOf(email)).toHaveLength(0);
    }
    const { email, ip } = fresh();
    expect((await postPage(application(email, { omit: ["acceptRules"] }), ip)).status).toBe(400);
    expect(await applicationsOf(email)).toHaveLength(0);
  });

  it("checks the CV by content and size: a text file named .pdf is a 400, 11 MB is a 413; nothing is kept", async () => {
    const keysBefore = await storedCvKeys();
    const fake = fresh();
    const renamed = await postJoin(
      application(fake.email, { cv: new File(["just some text, not a PDF"], "cv.pdf", { type: "application/pdf" }) }),
      fake.ip,
    );
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ errors: { cv: ["The file must be a .pdf, .doc or .docx file."] } });

    const wrongExtension = fresh();
    const png = await postJoin(
      application(wrongExtension.email, { cv: new File([PDF], "cv.png", { type: "image/png" }) }),
      wrongExtension.ip,
    );
    expect(png.status).toBe(400);
    expect(await png.json()).toMatchObject({ errors: { cv: ["The CV must be a .pdf, .doc or .docx file."] } });

    const huge = fresh();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PDF);
    const tooLarge = await postJoin(
      application(huge.email, { cv: new File([big], "cv.pdf", { type: "application/pdf" }) }),
      huge.ip,
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ message: "The file is too large: the limit is 10 MB." });

    // Just over 10 MB: small enough a body to be read, refused by the file check.
    const over = fresh();
    const justOver = new Uint8Array(10 * 1024 * 1024 + 1);
    justOver.set(PDF);
    const overLimit = await postJoin(
      application(over.email, { cv: new File([justOver], "cv.pdf", { type: "application/pdf" }) }),
      over.ip,
    );
    expect(overLimit.status).toBe(413);
    expect(await overLimit.json()).toMatchObject({ errors: { cv: ["The file is too large: the limit is 10 MB."] } });

    for (const { email } of [fake, wrongExtension, huge, over]) expect(await applicationsOf(email)).toHaveLength(0);
    expect(await storedCvKeys()).toEqual(keysBefore);
  });

  it("deletes the stored CV when the row cannot be saved, and answers 'Failed to submit request.'", async () => {
    await env.DB.exec(
      "CREATE TRIGGER refuse_applications BEFORE INSERT ON teacher_applications BEGIN SELECT RAISE(ABORT, 'simulated outage'); END;",
    );
    try {
      const keysBefore = await storedCvKeys();
      const api = fresh();
      expectConsoleError(1);
      const response = await postJoin(application(api.email), api.ip);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: JOIN_MESSAGES.failed });

      const page = fresh();
      expectConsoleError(1);
      const pageResponse = await postPage(application(page.email), page.ip);
      expect(pageResponse.status).toBe(500);
      expect(await pageResponse.text()).toContain(JOIN_MESSAGES.failed);

      expect(await applicationsOf(api.email)).toHaveLength(0);
      expect(await storedCvKeys()).toEqual(keysBefore);
      expect(await mailsTo(api.email)).toHaveLength(0);
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_applications;");
    }
  });

  it("refuses a second pending application from the same email with a 409 (and accepts one after a review)", async () => {
    const first = await apply();
    const keysBefore = await storedCvKeys();
    const again = await postJoin(application(first.email.toUpperCase()), fresh().ip);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: JOIN_MESSAGES.duplicate });
    expect(await applicationsOf(first.email)).toHaveLength(1);
    expect(await storedCvKeys()).toEqual(keysBefore);

    const { admin } = await people();
    expect(
      (await appFetch(`/api/teacher-applications/${first.id}/reject`, { method: "POST", headers: bearer(admin.token) }))
        .status,
    ).toBe(200);
    expect((await postJoin(application(first.email), fresh().ip)).status).toBe(201);
    expect(await applicationsOf(first.email)).toHaveLength(2);
  });

  it("refuses an email that already has the teacher role", async () => {
    const { teacher } = await people();
    const response = await postJoin(application(teacher.email), fresh().ip);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: JOIN_MESSAGES.alreadyTeacher });
  });

  it(`allows ${JOIN_RATE_LIMIT.limit} applications per hour per address, then answers 429`, async () => {
    const ip = fresh().ip;
    // Invalid submissions do not use up the limit.
    for (let i = 0; i < 3; i++)
      expect((await postJoin(application(fresh().email, { omit: ["cv"] }), ip)).status).toBe(400);
    for (let i = 0; i < JOIN_RATE_LIMIT.limit; i++) {
      expect((await postJoin(application(fresh().email), ip)).status, `application ${i + 1}`).toBe(201);
    }
    const keysBefore = await storedCvKeys();
    const refusedEmail = fresh().email;
    const refused = await postJoin(application(refusedEmail), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await refused.json()).toMatchObject({ message: "Too many attempts, try again in 60 minutes." });
    const page = await postPage(application(fresh().email), ip);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts, try again in 60 minutes.");
    expect(await applicationsOf(refusedEmail)).toHaveLength(0);
    expect(await storedCvKeys()).toEqual(keysBefore);
    // Another address is not affected.
    expect((await postJoin(application(fresh().email), fresh().ip)).status).toBe(201);
  });

  it("counts only accepted applications: refused ones (a CV that is not one, a duplicate, a teacher) leave the limit alone", async () => {
    const { teacher } = await people();
    const ip = fresh().ip;
    const pending = fresh().email;
    expect((await postJoin(application(pending), ip)).status).toBe(201);
    const notAPdf = () => new File(["just some text, not a PDF"], "cv.pdf", { type: "application/pdf" });
    // Twice the limit of refusals from the address of an applicant who keeps fixing mistakes, API and page.
    for (let i = 0; i < JOIN_RATE_LIMIT.limit; i++) {
      expect((await postJoin(application(fresh().email, { cv: notAPdf() }), ip)).status, `bad CV ${i + 1}`).toBe(400);
      expect((await postJoin(application(pending), ip)).status, `duplicate ${i + 1}`).toBe(409);
      expect((await postPage(application(teacher.email), ip)).status, `teacher ${i + 1}`).toBe(409);
    }
    // The accepted ones still count: four more (five with the first), then 429.
    for (let i = 1; i < JOIN_RATE_LIMIT.limit; i++) {
      expect((await postJoin(application(fresh().email), ip)).status, `accepted ${i + 1}`).toBe(201);
    }
    const refused = await postJoin(application(fresh().email), ip);
    expect(refused.status).toBe(429);
    // Over the limit, a refusal of another kind does not sneak past it either.
    expect((await postJoin(application(pending), ip)).status).toBe(429);
  });

  it("holds the limit when accepted applications from one address arrive together", async () => {
    const ip = fresh().ip;
    const statuses = await Promise.all(
      Array.from({ length: JOIN_RATE_LIMIT.limit + 3 }, () => postJoin(application(fresh().email), ip)),
    ).then((responses) => responses.map((response) => response.status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(JOIN_RATE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});

describe("the /join-us page", () => {
  it("shows the rules first; the form only once they are accepted (a GET step, without JavaScript)", async () => {
    const rules = await (await appFetch("/join-us")).text();
    for (const rule of TEACHER_RULES) expect(rules).toContain(escaped(rule));
    expect(rules).toContain('name="acceptRules"');
    expect(rules).not.toContain('name="fullName"');

    const unticked = await (await appFetch("/join-us?step=rules")).text();
    expect(unticked).toContain(JOIN_MESSAGES.rulesRequired);
    expect(unticked).not.toContain('name="fullName"');

    const form = await (await appFetch("/join-us?step=rules&acceptRules=yes")).text();
    for (const field of REQUIRED) expect(form).toContain(`name="${field}"`);
    expect(form).toMatch(/<form method="post" action="\/join-us" enctype="multipart\/form-data"/i);
  });

  it("a plain POST stores the application and redirects to the success message", async () => {
    const { email, ip } = fresh();
    const response = await postPage(application(email), ip);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/join-us?sent=1");
    expect(await applicationsOf(email)).toHaveLength(1);
    expect(await (await appFetch("/join-us?sent=1")).text()).toContain(JOIN_MESSAGES.success);
  });

  it("re-renders the form with each field's error (and keeps the typed values) when fields are missing", async () => {
    const { email, ip } = fresh();
    const response = await postPage(application(email, { omit: ["fullName", "cv"], acceptRules: "" }), ip);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your full name.");
    expect(html).toContain("Please attach your CV (.pdf, .doc or .docx).");
    expect(html).toContain(JOIN_MESSAGES.rulesRequired);
    expect(html).toContain(`value="${escaped(FIELDS.previousWorkPlace)}"`);
    expect(await applicationsOf(email)).toHaveLength(0);
  });
});

describe("reviewing applications", () => {
  it("approving (the page's POST) gives the teacher role, a profile and an email; the applicant can then create quizzes", async () => {
    const { admin } = await people();
    const row = await apply();
    // The applicant registers before the review: still a client.
    const register = await postJson("/api/auth/register", {
      fullName: "Meera Iyer",
      email: row.email,
      password: "a long applicant passphrase",
    });
    expect(register.status).toBe(201);
    const { token } = (await register.json()) as { token: string };
    expect((await postJson("/api/quiz", QUIZ, bearer(token))).status).toBe(403);

    const response = await reviewByForm(admin.cookie, "approve", row.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("/admin/teachers?done=approved");

    const { db } = testContext();
    expect(
      await db
        .select()
        .from(roleAssignments)
        .where(and(eq(roleAssignments.email, row.email), eq(roleAssignments.role, "teacher"))),
    ).toHaveLength(1);
    const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.email, row.email));
    expect(profile).toMatchObject({
      fullName: FIELDS.fullName,
      subjectToTeach: FIELDS.subjectToTeach,
      phoneNumber: FIELDS.phoneNumber,
      applicationId: row.id,
    });
    const [reviewed] = await applicationsOf(row.email);
    expect(reviewed).toMatchObject({ status: "approved", reviewedBy: admin.id });
    expect(reviewed!.reviewedAt).toBeInstanceOf(Date);
    const approvedMail = (await mailsTo(row.email)).find((mail) => mail.kind === "teacher-application-approved");
    expect(approvedMail!.text).toContain("Sign in at http://127.0.0.1:8787/login");

    // Approved, but the email is not verified yet: still a client.
    expect((await postJson("/api/quiz", QUIZ, bearer(token))).status).toBe(403);
    // Once verified, the same token works at once: the role is read per request.
    await verifyEmailFromMail(row.email, token);
    const quiz = await postJson("/api/quiz", QUIZ, bearer(token));
    expect(quiz.status).toBe(201);

    // The page now lists them as a registered teacher.
    const page = await (await appFetch("/admin/teachers", { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain(row.email);
    expect(page).toContain("Registered");
  });

  it("an approved applicant without an account is told to register, and is a teacher once they do", async () => {
    const { admin } = await people();
    const row = await apply();
    const response = await appFetch(`/api/teacher-applications/${row.id}/approve`, {
      method: "POST",
      headers: bearer(admin.token),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: row.id, status: "approved", email: row.email });
    const mail = (await mailsTo(row.email)).find((m) => m.kind === "teacher-application-approved");
    expect(mail!.text).toContain(`Register at http://127.0.0.1:8787/login with this email address (${row.email})`);

    const register = await postJson("/api/auth/register", {
      fullName: "New Teacher",
      email: row.email,
      password: "a long applicant passphrase",
    });
    const { token, user } = (await register.json()) as { token: string; user: { role: string } };
    // A teacher once the email is verified (until then anyone could have typed this address).
    expect(user.role).toBe("client");
    expect((await postJson("/api/quiz", QUIZ, bearer(token))).status).toBe(403);
    await verifyEmailFromMail(row.email, token);
    expect((await postJson("/api/quiz", QUIZ, bearer(token))).status).toBe(201);
  });

  it("rejecting marks it rejected and sends a polite email; no role is given", async () => {
    const { admin } = await people();
    const row = await apply();
    const response = await reviewByForm(admin.cookie, "reject", row.id);
    expect(response.status).toBe(303);
    const [reviewed] = await applicationsOf(row.email);
    expect(reviewed).toMatchObject({ status: "rejected", reviewedBy: admin.id });
    const mail = (await mailsTo(row.email)).find((m) => m.kind === "teacher-application-rejected");
    expect(mail!.text).toContain("Thank you for your interest");
    const { db } = testContext();
    expect(await db.select().from(roleAssignments).where(eq(roleAssignments.email, row.email))).toHaveLength(0);
    expect(await db.select().from(teacherProfiles).where(eq(teacherProfiles.email, row.email))).toHaveLength(0);
  });

  it("a second review is a 409 and changes nothing", async () => {
    const { admin } = await people();
    const row = await apply();
    expect(
      (await appFetch(`/api/teacher-applications/${row.id}/reject`, { method: "POST", headers: bearer(admin.token) }))
        .status,
    ).toBe(200);
    const [before] = await applicationsOf(row.email);
    const mailsBefore = await mailsTo(row.email);

    const again = await appFetch(`/api/teacher-applications/${row.id}/approve`, {
      method: "POST",
      headers: bearer(admin.token),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This application was already rejected." });
    const page = await reviewByForm(admin.cookie, "reject", row.id);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("This application was already rejected.");

    expect(await applicationsOf(row.email)).toEqual([before]);
    expect(await mailsTo(row.email)).toHaveLength(mailsBefore.length);
    expect(
      await testContext().db.select().from(roleAssignments).where(eq(roleAssignments.email, row.email)),
    ).toHaveLength(0);

    const unknown = await appFetch("/api/teacher-applications/nope/approve", {
      method: "POST",
      headers: bearer(admin.token),
    });
    expect(unknown.status).toBe(404);
  });
});

describe("who may see and review", () => {
  it("GET /api/teachers: visitors 401, clients and teachers 403, admins the list", async () => {
    const p = await people();
    const approved = await apply();
    await appFetch(`/api/teacher-applications/${approved.id}/approve`, {
      method: "POST",
      headers: bearer(p.admin.token),
    });

    expect((await appFetch("/api/teachers")).status).toBe(401);
    expect((await appFetch("/api/teachers", { headers: bearer("not.a.token") })).status).toBe(401);
    expect((await appFetch("/api/teachers", { headers: bearer(p.client.token) })).status).toBe(403);
    expect((await appFetch("/api/teachers", { headers: bearer(p.teacher.token) })).status).toBe(403);
    const response = await appFetch("/api/teachers", { headers: bearer(p.admin.token) });
    expect(response.status).toBe(200);
    const teachers = (await response.json()) as Array<Record<string, unknown>>;
    expect(teachers.find((t) => t.email === approved.email)).toEqual({
      _id: approved.email,
      email: approved.email,
      fullName: FIELDS.fullName,
      subjectToTeach: FIELDS.subjectToTeach,
      educationalQualification: FIELDS.educationalQualification,
      workExperience: FIELDS.workExperience,
      phoneNumber: FIELDS.phoneNumber,
      hasAccount: false,
      hasProfile: true,
      applicationId: approved.id,
    });
    // A teacher added at /admin/roles, with an account and no profile, is listed too.
    expect(teachers.find((t) => t.email === p.teacher.email)).toMatchObject({
      fullName: "Test User",
      hasAccount: true,
      hasProfile: false,
      subjectToTeach: "",
    });
    expect(teachers.some((t) => t.email === p.admin.email || t.email === p.client.email)).toBe(false);
  });

  it("/admin/teachers: visitors go to /login, clients and teachers to /, admins see teachers and applications", async () => {
    const p = await people();
    const row = await apply();
    const visitor = await appFetch("/admin/teachers");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fteachers");
    for (const who of [p.client, p.teacher]) {
      const response = await appFetch("/admin/teachers", { headers: { Cookie: who.cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const page = await appFetch("/admin/teachers", { headers: { Cookie: p.admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const value of [
      row.fullName,
      row.email,
      FIELDS.reason,
      FIELDS.workExperience,
      FIELDS.previousWorkPlace,
      "Approve",
      "Reject",
    ]) {
      expect(html).toContain(escaped(value));
    }
    expect(html).toContain(`/admin/teachers/applications/${row.id}/cv`);

    // Nor can they review by posting the form.
    for (const who of [p.client, p.teacher]) {
      const response = await reviewByForm(who.cookie, "approve", row.id);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    for (const [token, status] of [
      [undefined, 401],
      [p.client.token, 403],
      [p.teacher.token, 403],
    ] as const) {
      expect(
        (await appFetch(`/api/teacher-applications/${row.id}/approve`, { method: "POST", headers: bearer(token) }))
          .status,
      ).toBe(status);
      expect(
        (await appFetch(`/api/teacher-applications/${row.id}/reject`, { method: "POST", headers: bearer(token) }))
          .status,
      ).toBe(status);
      expect((await appFetch("/api/teacher-applications", { headers: bearer(token) })).status).toBe(status);
    }
    const [unchanged] = await applicationsOf(row.email);
    expect(unchanged!.status).toBe("pending");

    const list = await appFetch("/api/teacher-applications", { headers: bearer(p.admin.token) });
    const body = (await list.json()) as { pending: Array<Record<string, unknown>> };
    const listed = body.pending.find((a) => a._id === row.id)!;
    expect(listed).toMatchObject({
      email: row.email,
      status: "pending",
      cv: `/admin/teachers/applications/${row.id}/cv`,
    });
    expect(listed).not.toHaveProperty("cvKey");
  });

  it("a teachers-list failure shows in a danger alert on the page (the applications still show) and is a 500 from the API", async () => {
    const p = await people();
    const row = await apply();
    await env.DB.exec("ALTER TABLE teacher_profiles RENAME TO teacher_profiles_away;");
    try {
      expectConsoleError(2);
      const page = await appFetch("/admin/teachers", { headers: { Cookie: p.admin.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<p class="alert alert--danger" role="alert">Failed to fetch teachers</p>');
      expect(html).toContain(escaped(row.fullName));
      const api = await appFetch("/api/teachers", { headers: bearer(p.admin.token) });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: "Failed to fetch teachers" });
    } finally {
      await env.DB.exec("ALTER TABLE teacher_profiles_away RENAME TO teacher_profiles;");
    }
  });

  it("the CV download: admins get the file as an attachment; teachers, clients and visitors a 404", async () => {
    const p = await people();
    const docx = new File([DOCX], "Meera CV.docx", {
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    const row = await apply(fresh().email, docx);
    const path = `/admin/teachers/applications/${row.id}/cv`;

    const download = await appFetch(path, { headers: { Cookie: p.admin.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="Meera CV.docx"');
    expect(download.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(DOCX);

    for (const headers of [{ Cookie: p.teacher.cookie }, { Cookie: p.client.cookie }, {}] as Array<
      Record<string, string>
    >) {
      const refused = await appFetch(path, { headers });
      expect(refused.status).toBe(404);
      await refused.arrayBuffer();
    }
    expect(
      (await appFetch("/admin/teachers/applications/unknown/cv", { headers: { Cookie: p.admin.cookie } })).status,
    ).toBe(404);
  });
});
