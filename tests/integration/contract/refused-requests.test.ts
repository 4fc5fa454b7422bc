// Issue 16 item 4: a refused request changes nothing. Every mutating /api
// endpoint outside the quiz, refused for each reason it can be (no token, the
// wrong role, a bad field, a bad file, an unknown id, a conflict), and every
// table (but the abuse counters) and every R2 object compared before and after.
import { describe, it } from "vitest";
import { createTestUser } from "../../helpers";
import { anonymous, callForm, callJson, expectRefusedWithoutTrace, files, login } from "./client";

async function people() {
  const admin = await createTestUser({ role: "admin", fullName: "Asha Admin" });
  const teacher = await createTestUser({ role: "teacher", fullName: "Tara Teacher" });
  const client = await createTestUser({ role: "client", fullName: "Chetan Client" });
  return {
    admin: await login(admin.email, admin.password),
    teacher: await login(teacher.email, teacher.password),
    client: await login(client.email, client.password),
    clientUser: client,
  };
}

async function created(response: Promise<Response>) {
  const answer = await response;
  if (answer.status !== 201) throw new Error(`seed failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { _id: string };
}

const LONG = "x".repeat(5000);

describe("a refused request leaves no row and no file behind", () => {
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
