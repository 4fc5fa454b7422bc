// A refused request changes nothing. Every mutating /api
// endpoint outside the quiz, refused for each reason it can be (no token, the
// wrong role, a bad field, a bad file, an unknown id, a conflict), and every
// table (but the abuse counters) and every R2 object compared before and after.
import { eq } from "drizzle-orm";
import { describe, it } from "vitest";
import { mailOutbox } from "../../../db/schema";
import { EMAIL_VERIFICATION_TTL_MS } from "~/features/accounts/email-verification.server";
import { createOneTimeToken } from "~/features/accounts/one-time-tokens.server";
import { createTestUser, mailedToken, testContext } from "../../helpers";
import {
  anonymous,
  callForm,
  callJson,
  type Client,
  expectRefusedWithoutTrace,
  files,
  register,
  signedIn,
} from "./client";

async function people() {
  const admin = await createTestUser({ role: "admin", fullName: "Asha Admin" });
  const teacher = await createTestUser({ role: "teacher", fullName: "Tara Teacher" });
  const client = await createTestUser({ role: "client", fullName: "Chetan Client" });
  return {
    admin: await signedIn(admin.email),
    teacher: await signedIn(teacher.email),
    client: await signedIn(client.email),
    clientUser: client,
  };
}

async function created(response: Promise<Response>) {
  const answer = await response;
  if (answer.status !== 201) throw new Error(`seed failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { _id: string };
}

const LONG = "x".repeat(5000);

const QUIZ = {
  title: "Limitation Act",
  totalTime: 10,
  questions: [
    {
      text: "Period for a suit on a contract?",
      options: ["1 year", "3 years", "12 years", "30 years"],
      correctAnswer: 1,
    },
    { text: "Does acknowledgment restart time?", options: ["Yes", "No", "Only orally", "Never"], correctAnswer: 0 },
  ],
};

/** Mail is sent in waitUntil: wait until `count` mails to the address are stored, so none lands mid-snapshot. */
async function waitForMails(to: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mails = await testContext().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    if (mails.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

/** The newest verification link mailed to the address, once it is another than `previous`. */
async function waitForNewToken(to: string, previous: string) {
  for (let i = 0; i < 100; i++) {
    const token = await mailedToken(to, "/verify-email/");
    if (token !== previous) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new verification link to ${to}`);
}

/** Each case snapshots every table twice: a dozen cases take longer than the default on a busy machine. */
const SWEEP = { timeout: 90_000 };

describe("a refused request leaves no row and no file behind", SWEEP, () => {
  it("auth: register, login, forgot and reset password", async () => {
    const { clientUser } = await people();
    const visitor = anonymous();
    const cases: Array<[string, number, unknown, string]> = [
      [
        "register with a null name",
        400,
        { fullName: null, email: "n@example.com", password: "long passphrase 1" },
        "/auth/register",
      ],
      [
        "register with a numeric email",
        400,
        { fullName: "N", email: 42, password: "long passphrase 1" },
        "/auth/register",
      ],
      [
        "register with a short password",
        400,
        { fullName: "N", email: "short@example.com", password: "short" },
        "/auth/register",
      ],
      [
        "register an email already registered",
        409,
        { fullName: "Again", email: clientUser.email, password: "another long passphrase" },
        "/auth/register",
      ],
      ["login with a wrong password", 401, { email: clientUser.email, password: "not the password" }, "/auth/login"],
      ["login with a boolean password", 400, { email: clientUser.email, password: true }, "/auth/login"],
      ["forgot password without an email", 400, {}, "/auth/forgot-password"],
      ["reset with an unknown token", 400, { password: "a long new passphrase" }, "/auth/reset-password/not-a-token"],
      ["Google sign-in with a bad credential", 401, { token: "not-a-google-token" }, "/auth/google"],
    ];
    for (const [label, status, body, path] of cases) {
      await expectRefusedWithoutTrace(label, status, () => callJson({ ...visitor }, "POST", path, body));
    }
  });

  it("blogs: create, update, delete, approve and reject", async () => {
    const { admin, client } = await people();
    const article = await created(
      callForm(admin, "POST", "/blogs", { title: "Existing", summary: "S", highlight: "H", image: files.png() }),
    );
    const fields = { title: "New article", summary: "Summary", highlight: "Highlight" };
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["create without a token", 401, () => callForm(anonymous(), "POST", "/blogs", { ...fields, image: files.png() })],
      [
        "create without a title",
        400,
        () => callForm(client, "POST", "/blogs", { ...fields, title: "", image: files.png() }),
      ],
      [
        "create with a text file as the image",
        400,
        () => callForm(client, "POST", "/blogs", { ...fields, image: files.fake("cover.png", "image/png") }),
      ],
      ["create as JSON", 415, () => callJson(client, "POST", "/blogs", fields)],
      ["update by a client", 403, () => callForm(client, "PUT", `/blogs/${article._id}`, { title: "Changed" })],
      [
        "update with a title too long",
        400,
        () => callForm(admin, "PUT", `/blogs/${article._id}`, { title: LONG, image: files.png() }),
      ],
      ["update an unknown article", 404, () => callForm(admin, "PUT", "/blogs/unknown", { image: files.png() })],
      ["delete by a client", 403, () => callJson(client, "DELETE", `/blogs/${article._id}`)],
      ["delete an unknown article", 404, () => callJson(admin, "DELETE", "/blogs/unknown")],
      ["approve by a client", 403, () => callJson(client, "POST", `/blogs/${article._id}/approve`)],
      ["reject an unknown article", 404, () => callJson(admin, "POST", "/blogs/unknown/reject")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`blogs: ${label}`, status, send);
  });

  it("testimonials: create, update, delete, approve and reject", async () => {
    const { admin, client } = await people();
    const testimonial = await created(
      callForm(admin, "POST", "/testimonials", { clientName: "Existing", message: "Kind words", photo: files.png() }),
    );
    const cases: Array<[string, number, () => Promise<Response>]> = [
      [
        "create without a token",
        401,
        () => callForm(anonymous(), "POST", "/testimonials", { clientName: "A", message: "M" }),
      ],
      [
        "create without a message",
        400,
        () => callForm(client, "POST", "/testimonials", { clientName: "A", photo: files.png() }),
      ],
      [
        "create with a PDF as the photo",
        400,
        () => callForm(client, "POST", "/testimonials", { clientName: "A", message: "M", photo: files.pdf("me.png") }),
      ],
      [
        "create with a photo link that is not https",
        400,
        () =>
          callForm(client, "POST", "/testimonials", { clientName: "A", message: "M", photoUrl: "javascript:alert(1)" }),
      ],
      ["update by a client", 403, () => callForm(client, "PUT", `/testimonials/${testimonial._id}`, { message: "X" })],
      [
        "update with a message too long",
        400,
        () => callForm(admin, "PUT", `/testimonials/${testimonial._id}`, { message: LONG, photo: files.png() }),
      ],
      [
        "update an unknown testimonial",
        404,
        () => callForm(admin, "PUT", "/testimonials/unknown", { photo: files.png() }),
      ],
      ["delete by a client", 403, () => callJson(client, "DELETE", `/testimonials/${testimonial._id}`)],
      ["delete an unknown testimonial", 404, () => callJson(admin, "DELETE", "/testimonials/unknown")],
      ["approve by a client", 403, () => callJson(client, "POST", `/testimonials/${testimonial._id}/approve`)],
      ["reject an unknown testimonial", 404, () => callJson(admin, "POST", "/testimonials/unknown/reject")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`testimonials: ${label}`, status, send);
  });

  it("faculty: create, update and delete", async () => {
    const { admin, teacher } = await people();
    const founder = await created(
      callForm(admin, "POST", "/faculty", { name: "Existing", subject: "Tax", image: files.png() }),
    );
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["create by a teacher", 403, () => callForm(teacher, "POST", "/faculty", { name: "A", subject: "B" })],
      ["create without a name", 400, () => callForm(admin, "POST", "/faculty", { subject: "B", image: files.png() })],
      [
        "create with services as malformed JSON",
        400,
        () => callForm(admin, "POST", "/faculty", { name: "A", subject: "B", services: '["Tax"', image: files.png() }),
      ],
      [
        "create with services as a JSON list of numbers",
        400,
        () => callForm(admin, "POST", "/faculty", { name: "A", subject: "B", services: "[1, 2]", image: files.png() }),
      ],
      ["update an unknown founder", 404, () => callForm(admin, "PUT", "/faculty/unknown", { image: files.png() })],
      [
        "update with a text file as the image",
        400,
        () => callForm(admin, "PUT", `/faculty/${founder._id}`, { name: "B", image: files.fake("a.png", "image/png") }),
      ],
      ["delete by a teacher", 403, () => callJson(teacher, "DELETE", `/faculty/${founder._id}`)],
      ["delete an unknown founder", 404, () => callJson(admin, "DELETE", "/faculty/unknown")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`faculty: ${label}`, status, send);
  });

  it("services, enrolment and sub-services", async () => {
    const { teacher, client } = await people();
    const service = await created(
      callJson(teacher, "POST", "/services", {
        title: "Moot court",
        path: "moot-court",
        levels: "All",
        icon: "FaGavel",
      }),
    );
    const sub = await created(
      callForm(teacher, "POST", "/sub-services", { title: "Unit 1", serviceId: service._id, syllabus: files.pdf() }),
    );
    const valid = { title: "Drafting", path: "drafting", levels: "Beginner", icon: "FaBookOpen" };
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["create a service without a token", 401, () => callJson(anonymous(), "POST", "/services", valid)],
      ["create a service as a client", 403, () => callJson(client, "POST", "/services", valid)],
      [
        "create a service with a null title",
        400,
        () => callJson(teacher, "POST", "/services", { ...valid, title: null }),
      ],
      [
        "create a service with a numeric path",
        400,
        () => callJson(teacher, "POST", "/services", { ...valid, path: 7 }),
      ],
      [
        "create a service with an unknown icon",
        400,
        () => callJson(teacher, "POST", "/services", { ...valid, icon: "FaX" }),
      ],
      [
        "create a service with videos that are not a list",
        400,
        () => callJson(teacher, "POST", "/services", { ...valid, youtubeVideos: { a: 1 } }),
      ],
      [
        "create a service on a used path",
        409,
        () => callJson(teacher, "POST", "/services", { ...valid, path: "moot-court" }),
      ],
      ["delete a service as a client", 403, () => callJson(client, "DELETE", `/services/${service._id}`)],
      ["delete an unknown service", 404, () => callJson(teacher, "DELETE", "/services/unknown")],
      ["enrol without a token", 401, () => callJson(anonymous(), "POST", `/services/${service._id}/enroll`)],
      ["enrol in an unknown service", 404, () => callJson(client, "POST", "/services/unknown/enroll")],
      [
        "create a sub-service as a client",
        403,
        () => callForm(client, "POST", "/sub-services", { title: "U", serviceId: service._id, syllabus: files.pdf() }),
      ],
      [
        "create a sub-service without a title",
        400,
        () => callForm(teacher, "POST", "/sub-services", { serviceId: service._id, syllabus: files.pdf() }),
      ],
      [
        "create a sub-service of an unknown service",
        404,
        () => callForm(teacher, "POST", "/sub-services", { title: "U", serviceId: "unknown", syllabus: files.pdf() }),
      ],
      [
        "create a sub-service whose questions are not a PDF",
        400,
        () =>
          callForm(teacher, "POST", "/sub-services", {
            title: "U",
            serviceId: service._id,
            syllabus: files.pdf(),
            questions: files.fake("q.pdf", "application/pdf"),
          }),
      ],
      ["delete a sub-service as a client", 403, () => callJson(client, "DELETE", `/sub-services/${sub._id}`)],
      ["delete an unknown sub-service", 404, () => callJson(teacher, "DELETE", "/sub-services/unknown")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(label, status, send);
  });

  it("roles, teacher applications, join and consultation", async () => {
    const { admin, teacher } = await people();
    const application = {
      fullName: "Meera Iyer",
      email: "meera@example.com",
      reason: "I enjoy teaching.",
      educationalQualification: "LL.M.",
      subjectToTeach: "Constitutional Law",
      workExperience: "Six years.",
      previousWorkPlace: "Khanna & Partners",
      phoneNumber: "+91 98765 43210",
    };
    const joined = await callForm(anonymous(), "POST", "/join", { ...application, cv: files.pdf("cv.pdf") });
    if (joined.status !== 201) throw new Error(await joined.text());
    const pending = (await (await callJson(admin, "GET", "/teacher-applications")).json()) as {
      pending: Array<{ _id: string }>;
    };
    const applicationId = pending.pending[0]!._id;
    const other = { ...application, email: "ravi@example.com" };
    const rejected = await callForm(anonymous(), "POST", "/join", { ...other, cv: files.pdf("cv.pdf") });
    if (rejected.status !== 201) throw new Error(await rejected.text());
    const list = (await (await callJson(admin, "GET", "/teacher-applications")).json()) as {
      pending: Array<{ _id: string; email: string }>;
    };
    const raviId = list.pending.find((item) => item.email === "ravi@example.com")!._id;
    const reviewed = await callJson(admin, "POST", `/teacher-applications/${raviId}/reject`);
    if (reviewed.status !== 200) throw new Error(await reviewed.text());

    const cases: Array<[string, number, () => Promise<Response>]> = [
      [
        "add a role as a teacher",
        403,
        () => callJson(teacher, "POST", "/roles/add", { role: "teacher", email: "x@example.com" }),
      ],
      [
        "add an unknown role",
        400,
        () => callJson(admin, "POST", "/roles/add", { role: "owner", email: "x@example.com" }),
      ],
      [
        "add a role with a numeric email",
        400,
        () => callJson(admin, "POST", "/roles/add", { role: "teacher", email: 5 }),
      ],
      [
        "remove one's own admin role",
        400,
        () => callJson(admin, "POST", "/roles/remove", { role: "admin", email: admin.claims.email }),
      ],
      ["approve as a teacher", 403, () => callJson(teacher, "POST", `/teacher-applications/${applicationId}/approve`)],
      ["approve an unknown application", 404, () => callJson(admin, "POST", "/teacher-applications/unknown/approve")],
      ["approve a rejected application", 409, () => callJson(admin, "POST", `/teacher-applications/${raviId}/approve`)],
      [
        "join without a CV",
        400,
        () => callForm(anonymous(), "POST", "/join", { ...application, email: "new@example.com" }),
      ],
      [
        "join with a text file as the CV",
        400,
        () =>
          callForm(anonymous(), "POST", "/join", {
            ...application,
            email: "new@example.com",
            cv: files.fake("cv.pdf", "application/pdf"),
          }),
      ],
      [
        "join without a phone number, with a CV",
        400,
        () =>
          callForm(anonymous(), "POST", "/join", {
            ...application,
            email: "new@example.com",
            phoneNumber: "",
            cv: files.pdf("cv.pdf"),
          }),
      ],
      [
        "join again while the first application is pending",
        409,
        () => callForm(anonymous(), "POST", "/join", { ...application, cv: files.pdf("cv.pdf") }),
      ],
      [
        "join as someone who already teaches",
        409,
        () => callForm(anonymous(), "POST", "/join", { ...application, email: teacher.claims.email, cv: files.pdf() }),
      ],
      [
        "consultation without fields",
        400,
        () => callJson(anonymous(), "POST", "/consultation/send-consultation-request", {}),
      ],
      [
        "consultation with a numeric phone",
        400,
        () =>
          callJson(anonymous(), "POST", "/consultation/send-consultation-request", {
            name: "Asha",
            email: "asha@example.com",
            phone: 9876543210,
            service: "Other",
          }),
      ],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(label, status, send);
  });
});

describe("more refusals that leave no row and no file behind", SWEEP, () => {
  it("services: an edit refused for the role, a taken path or bad types", async () => {
    const { admin, teacher, client } = await people();
    const valid = { title: "Moot court", path: "moot-court", levels: "All", icon: "FaGavel" };
    const service = await created(callJson(teacher, "POST", "/services", valid));
    await created(callJson(admin, "POST", "/services", { ...valid, title: "Drafting", path: "drafting" }));
    const edit = (who: Client, body: unknown) => () => callJson(who, "PUT", `/services/${service._id}`, body);
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["edit without a token", 401, edit(anonymous(), { ...valid, title: "Renamed" })],
      ["edit as a client", 403, edit(client, { ...valid, title: "Renamed" })],
      ["edit onto another service's path", 409, edit(teacher, { ...valid, path: "drafting" })],
      ["edit onto another service's path, as an admin", 409, edit(admin, { ...valid, title: "X", path: "drafting" })],
      ["edit with a null title", 400, edit(teacher, { ...valid, title: null })],
      ["edit with a numeric path", 400, edit(teacher, { ...valid, path: 7 })],
      ["edit with a path that is not a slug", 400, edit(teacher, { ...valid, path: "Moot Court/2" })],
      ["edit with a boolean level", 400, edit(teacher, { ...valid, levels: true })],
      ["edit with an unknown icon", 400, edit(teacher, { ...valid, icon: "FaX" })],
      ["edit with videos that are not a list", 400, edit(teacher, { ...valid, youtubeVideos: "a link" })],
      ["edit with videos that are numbers", 400, edit(teacher, { ...valid, youtubeVideos: [1, 2] })],
      ["edit without a path", 400, edit(teacher, { title: "Renamed", levels: "All", icon: "FaGavel" })],
      ["edit with a list as the body", 400, edit(teacher, [valid])],
      ["edit an unknown service", 404, () => callJson(teacher, "PUT", "/services/unknown", valid)],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`services: ${label}`, status, send);
  });

  it("sub-services: an edit refused for the role, bad fields or a file of the wrong type", async () => {
    const { teacher, client } = await people();
    const service = await created(
      callJson(teacher, "POST", "/services", {
        title: "Moot court",
        path: "moot-court",
        levels: "All",
        icon: "FaGavel",
      }),
    );
    const other = await created(
      callJson(teacher, "POST", "/services", { title: "Drafting", path: "drafting", levels: "All", icon: "FaGavel" }),
    );
    const sub = await created(
      callForm(teacher, "POST", "/sub-services", { title: "Unit 1", serviceId: service._id, syllabus: files.pdf() }),
    );
    const edit = (who: Client, fields: Record<string, string | File>) => () =>
      callForm(who, "PUT", `/sub-services/${sub._id}`, fields);
    const base = { title: "Unit 1, revised", serviceId: service._id };
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["edit without a token", 401, edit(anonymous(), { ...base, syllabus: files.pdf() })],
      ["edit as a client", 403, edit(client, { ...base, syllabus: files.pdf() })],
      ["edit without a title", 400, edit(teacher, { serviceId: service._id, syllabus: files.pdf() })],
      ["edit with a title too long", 400, edit(teacher, { ...base, title: LONG, syllabus: files.pdf() })],
      [
        "edit with a text file as the syllabus",
        400,
        edit(teacher, { ...base, syllabus: files.fake("s.pdf", "application/pdf") }),
      ],
      [
        "edit with a good syllabus and questions that are a picture",
        400,
        edit(teacher, { ...base, syllabus: files.pdf(), questions: files.png("q.pdf") }),
      ],
      [
        "edit with a good syllabus and a video that is a PDF",
        400,
        edit(teacher, { ...base, syllabus: files.pdf(), video: files.pdf("lecture.mp4") }),
      ],
      ["edit under another service", 404, edit(teacher, { ...base, serviceId: other._id, syllabus: files.pdf() })],
      [
        "edit an unknown sub-service",
        404,
        () => callForm(teacher, "PUT", "/sub-services/unknown", { ...base, syllabus: files.pdf() }),
      ],
      ["edit as JSON", 415, () => callJson(teacher, "PUT", `/sub-services/${sub._id}`, base)],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`sub-services: ${label}`, status, send);
  });

  it("email verification: a bad, used, expired or foreign link, and a resend refused", async () => {
    const asha = await register("Asha Unverified", "asha.unverified@example.com");
    const first = await mailedToken(asha.claims.email, "/verify-email/");
    // A resend mails a new link; the first one stops working (it is used up).
    const resent = await callJson(asha, "POST", "/auth/resend-verification");
    if (resent.status !== 200) throw new Error(await resent.text());
    const second = await waitForNewToken(asha.claims.email, first);
    const expired = await createOneTimeToken(testContext(), {
      userId: asha.claims.id,
      purpose: "email-verification",
      ttlMs: EMAIL_VERIFICATION_TTL_MS,
      now: new Date(Date.now() - EMAIL_VERIFICATION_TTL_MS - 60_000),
    });
    const ravi = await register("Ravi Unverified", "ravi.unverified@example.com");
    await mailedToken(ravi.claims.email, "/verify-email/");
    const { client: verified } = await people();
    const verify = (who: Client, token: string) => () => callJson(who, "POST", `/auth/verify-email/${token}`);
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["verify without a token", 401, verify(anonymous(), second)],
      ["verify with a bad bearer token", 401, verify({ ...anonymous(), token: "not.a.jwt" }, second)],
      ["verify with a link that is no token", 400, verify(asha, "not-a-token")],
      ["verify with a link far too long", 400, verify(asha, "x".repeat(500))],
      ["verify with a link replaced by a resend", 400, verify(asha, first)],
      ["verify with an expired link", 400, verify(asha, expired)],
      ["verify another account's link", 403, verify(ravi, second)],
      ["verify when already verified", 409, verify(verified, "not-a-token")],
      ["resend without a token", 401, () => callJson(anonymous(), "POST", "/auth/resend-verification")],
      ["resend when already verified", 409, () => callJson(verified, "POST", "/auth/resend-verification")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(label, status, send);

    // The limit: three resends an hour per account (one used above), then 429 with nothing mailed.
    for (let i = 0; i < 2; i++) {
      const again = await callJson({ ...asha, ip: anonymous().ip }, "POST", "/auth/resend-verification");
      if (again.status !== 200) throw new Error(await again.text());
    }
    await waitForMails(asha.claims.email, 4);
    await expectRefusedWithoutTrace("resend over the limit per account", 429, () =>
      callJson({ ...asha, ip: anonymous().ip }, "POST", "/auth/resend-verification"),
    );
    // Per address: ten an hour, whoever asks.
    const shared = anonymous().ip;
    const others = await Promise.all(
      Array.from({ length: 4 }, (_, i) => register(`Member ${i}`, `member-${i}@example.com`)),
    );
    let sent = 0;
    for (const member of others) {
      for (let i = 0; i < 3 && sent < 10; i++, sent++) {
        const answer = await callJson({ ...member, ip: shared }, "POST", "/auth/resend-verification");
        if (answer.status !== 200) throw new Error(`${answer.status} ${await answer.text()}`);
      }
    }
    await waitForMails(others[3]!.claims.email, 2);
    await expectRefusedWithoutTrace("resend over the limit per address", 429, () =>
      callJson({ ...others[3]!, ip: shared }, "POST", "/auth/resend-verification"),
    );
  });

  it("quiz: a delete refused for someone else's quiz or an unknown one", async () => {
    const { admin, teacher, client } = await people();
    const rival = await createTestUser({ role: "teacher", fullName: "Rohan Rival" });
    const rivalClient = await signedIn(rival.email);
    const quiz = await created(callJson(teacher, "POST", "/quiz", QUIZ));
    // A quiz with an attempt and a result, so a refused delete could touch all its tables.
    const taken = await callJson(client, "POST", `/quiz/${quiz._id}/start`);
    if (taken.status !== 200) throw new Error(await taken.text());
    const submitted = await callJson(client, "POST", `/results/${quiz._id}/submit`, { answers: [1, 0] });
    if (submitted.status !== 200) throw new Error(await submitted.text());
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["delete without a token", 401, () => callJson(anonymous(), "DELETE", `/quiz/${quiz._id}`)],
      ["delete as a client", 403, () => callJson(client, "DELETE", `/quiz/${quiz._id}`)],
      ["delete another teacher's quiz", 403, () => callJson(rivalClient, "DELETE", `/quiz/${quiz._id}`)],
      ["delete an unknown quiz, as its teacher would", 404, () => callJson(teacher, "DELETE", "/quiz/unknown")],
      ["delete an unknown quiz, as an admin", 404, () => callJson(admin, "DELETE", "/quiz/unknown")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`quiz: ${label}`, status, send);
  });

  it("quiz: a start refused before the window, after it, past the attempt limit or for an unknown quiz", async () => {
    const { teacher, client } = await people();
    const day = 24 * 60 * 60_000;
    const upcoming = await created(
      callJson(teacher, "POST", "/quiz", {
        ...QUIZ,
        title: "Upcoming",
        opensAt: new Date(Date.now() + day).toISOString(),
      }),
    );
    const closed = await created(
      callJson(teacher, "POST", "/quiz", {
        ...QUIZ,
        title: "Closed",
        opensAt: new Date(Date.now() - 2 * day).toISOString(),
        closesAt: new Date(Date.now() - day).toISOString(),
      }),
    );
    const once = await created(callJson(teacher, "POST", "/quiz", { ...QUIZ, title: "Once", maxAttempts: 1 }));
    const first = await callJson(client, "POST", `/quiz/${once._id}/start`);
    if (first.status !== 200) throw new Error(await first.text());
    const done = await callJson(client, "POST", `/results/${once._id}/submit`, { answers: [1, 0] });
    if (done.status !== 200) throw new Error(await done.text());
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["start without a token", 401, () => callJson(anonymous(), "POST", `/quiz/${once._id}/start`)],
      ["start before the quiz opens", 409, () => callJson(client, "POST", `/quiz/${upcoming._id}/start`)],
      ["fetch (and so start) before the quiz opens", 409, () => callJson(client, "GET", `/quiz/${upcoming._id}`)],
      ["start after the quiz closed", 409, () => callJson(client, "POST", `/quiz/${closed._id}/start`)],
      ["start with every attempt used", 409, () => callJson(client, "POST", `/quiz/${once._id}/start`)],
      ["fetch (and so start) with every attempt used", 409, () => callJson(client, "GET", `/quiz/${once._id}`)],
      ["start an unknown quiz", 404, () => callJson(client, "POST", "/quiz/unknown/start")],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`quiz: ${label}`, status, send);
  });

  it("roles: more refused removals", async () => {
    const { admin, teacher, client } = await people();
    const added = await callJson(admin, "POST", "/roles/add", { role: "teacher", email: "meera@example.com" });
    if (added.status !== 200) throw new Error(await added.text());
    const remove = (who: Client, body: unknown) => () => callJson(who, "POST", "/roles/remove", body);
    const target = { role: "teacher", email: "meera@example.com" };
    const cases: Array<[string, number, () => Promise<Response>]> = [
      ["remove a role without a token", 401, remove(anonymous(), target)],
      ["remove a role as a teacher", 403, remove(teacher, target)],
      ["remove a role as a client", 403, remove(client, target)],
      [
        "remove one's own admin role, in capitals",
        400,
        remove(admin, { role: "admin", email: admin.claims.email.toUpperCase() }),
      ],
      [
        "remove an admin set in the configuration",
        400,
        remove(admin, { role: "admin", email: "root-admin@example.com" }),
      ],
      ["remove an unknown role", 400, remove(admin, { role: "owner", email: "meera@example.com" })],
      ["remove the client role", 400, remove(admin, { role: "client", email: "meera@example.com" })],
      ["remove a role with a null role", 400, remove(admin, { role: null, email: "meera@example.com" })],
      ["remove a role with a numeric email", 400, remove(admin, { role: "teacher", email: 5 })],
      ["remove a role with a list of emails", 400, remove(admin, { role: "teacher", email: ["meera@example.com"] })],
      ["remove a role with malformed JSON", 400, remove(admin, '{"role": "teacher"')],
    ];
    for (const [label, status, send] of cases) await expectRefusedWithoutTrace(`roles: ${label}`, status, send);
  });
});
