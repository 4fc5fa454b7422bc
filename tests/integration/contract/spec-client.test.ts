// The spec's own client (docs/product.md §7, docs/api.md), as it calls the API: it
// registers and logs in, reads `id`, `email`, `role` and `exp` from the token,
// sends a consultation request with its five fields, applies to teach with
// its fields and a CV, lists services and shows `createdBy.name`, and reads
// results by the user id from the token. (The quiz flows: the quiz contract tests.)
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationRequests, teacherApplications } from "../../../db/schema";
import { appFetch, createTestUser, testContext } from "../../helpers";
import {
  anonymous,
  callForm,
  callJson,
  claimsOf,
  expectRefusedWithoutTrace,
  files,
  login,
  register,
  signedIn,
} from "./client";

describe("the spec's client flows", () => {
  it("registers, logs in and uses the token's claims as the client does", async () => {
    const registered = await register("Asha Kumar", "asha.client@example.com");
    expect(registered.claims).toMatchObject({
      email: "asha.client@example.com",
      role: "client",
      fullName: "Asha Kumar",
    });
    expect(registered.claims.id).toEqual(expect.any(String));
    expect(registered.claims.sub).toBe(registered.claims.id);
    // The client's check: exp is in seconds and in the future.
    expect(registered.claims.exp * 1000).toBeGreaterThan(Date.now());

    const session = await login("asha.client@example.com", registered.password);
    expect(session.claims.id).toBe(registered.claims.id);

    // GET /results/user/{id from the token}: the caller's own results.
    const results = await callJson(session, "GET", `/results/user/${session.claims.id}`);
    expect(results.status).toBe(200);
    expect(await results.json()).toEqual([]);
    // Another user's id is not theirs to read.
    const other = await register("Ravi Rao", "ravi.client@example.com");
    expect((await callJson(session, "GET", `/results/user/${other.claims.id}`)).status).toBe(403);
    // The login response carries the same user the token names.
    const answer = await callJson(anonymous(), "POST", "/auth/login", {
      email: "asha.client@example.com",
      password: registered.password,
    });
    const body = (await answer.json()) as { user: { id: string; role: string }; token: string };
    expect(body.user).toMatchObject({ id: registered.claims.id, role: "client" });
    expect(claimsOf(body.token).id).toBe(body.user.id);
  });

  it("sends a consultation request with the spec's five fields and reads `success`", async () => {
    const response = await callJson(anonymous(), "POST", "/consultation/send-consultation-request", {
      name: "Meera Iyer",
      email: "meera@example.com",
      phone: "+91 98765 43210",
      service: "Tax & Regulatory",
      message: "We received a GST notice.",
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    const rows = await testContext().db.select().from(consultationRequests);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Meera Iyer", service: "Tax & Regulatory", source: "api", status: "new" }),
    ]);
  });

  it("applies to teach with the spec's fields and a CV (multipart) and shows `msg`", async () => {
    const response = await callForm(anonymous(), "POST", "/join", {
      fullName: "Kavya Menon",
      email: "kavya@example.com",
      reason: "I want to teach contract law.",
      educationalQualification: "LL.B., Government Law College",
      subjectToTeach: "Contract Law",
      workExperience: "Four years at the Bombay High Court.",
      previousWorkPlace: "Mehta & Co.",
      phoneNumber: "+91 99887 66554",
      cv: files.pdf("kavya-cv.pdf"),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/Thank you for applying/);
    const [row] = await testContext()
      .db.select()
      .from(teacherApplications)
      .where(eq(teacherApplications.email, "kavya@example.com"));
    expect(row).toMatchObject({ fullName: "Kavya Menon", status: "pending", cvName: "kavya-cv.pdf" });
    expect(await env.UPLOADS.head(row!.cvKey)).not.toBeNull();
  });

  it("lists services and shows who created each (`createdBy.name`), and their sub-services", async () => {
    const user = await createTestUser({ role: "teacher", fullName: "Tara Teacher" });
    const teacher = await login(user.email, user.password);
    const created = await callJson(teacher, "POST", "/services", {
      title: "Judiciary preparation",
      path: "judiciary",
      levels: "Prelims, Mains",
      icon: "FaGavel",
    });
    expect(created.status).toBe(201);
    const service = (await created.json()) as { _id: string };
    const sub = await callForm(teacher, "POST", "/sub-services", {
      title: "Constitutional law",
      description: "Part III",
      serviceId: service._id,
      syllabus: files.pdf("syllabus.pdf"),
    });
    expect(sub.status).toBe(201);

    const list = (await (await callJson(anonymous(), "GET", "/services")).json()) as Array<{
      _id: string;
      title: string;
      createdBy: { _id: string; name: string };
    }>;
    expect(list).toEqual([
      expect.objectContaining({
        _id: service._id,
        title: "Judiciary preparation",
        createdBy: { _id: teacher.claims.id, name: "Tara Teacher" },
      }),
    ]);
    const subs = (await (
      await callJson(anonymous(), "GET", `/sub-services?serviceId=${service._id}`)
    ).json()) as Array<{
      title: string;
      syllabusPath: string;
      serviceId: string;
    }>;
    expect(subs).toEqual([
      expect.objectContaining({
        title: "Constitutional law",
        serviceId: service._id,
        syllabusPath: expect.stringMatching(/^\/uploads\//),
      }),
    ]);
    // The client links files as /uploads/{path}.
    const syllabus = await appFetch(subs[0]!.syllabusPath);
    expect(syllabus.status).toBe(200);
    expect(syllabus.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(await syllabus.arrayBuffer())).toMatch(/^%PDF-/);
  });
});

describe("the spec's media fields: a path or an absolute URL", () => {
  // docs/api.md (conventions, "Ids"): an `image` or `photo` holds a key or an absolute https URL, used as
  // it is. A client that sends the URL in the entity's own field (`photo`, `image`) must get it
  // stored, not silently dropped.
  it("stores an https link sent as text in `photo` or `image`, on create and on edit", async () => {
    const admin = await signedIn((await createTestUser({ role: "admin" })).email);
    const photo = "https://cdn.example.com/clients/meera.jpg";
    const testimonial = await callForm(admin, "POST", "/testimonials", {
      clientName: "Meera",
      message: "Kind.",
      photo,
    });
    expect(testimonial.status).toBe(201);
    const created = (await testimonial.json()) as { _id: string; photo: string | null };
    expect(created.photo).toBe(photo);

    const article = await callForm(admin, "POST", "/blogs", {
      title: "GST notices",
      summary: "What to do",
      highlight: "Reply in time",
      image: "https://cdn.example.com/covers/gst.png",
    });
    expect(article.status).toBe(201);
    expect(((await article.json()) as { image: string | null }).image).toBe("https://cdn.example.com/covers/gst.png");

    const founder = await callForm(admin, "POST", "/faculty", {
      name: "Vikram Sethi",
      subject: "Arbitration",
      image: "https://cdn.example.com/team/vikram.jpg",
    });
    expect(founder.status).toBe(201);
    const member = (await founder.json()) as { _id: string; image: string | null };
    expect(member.image).toBe("https://cdn.example.com/team/vikram.jpg");

    // An edit: a new link replaces; the current value sent back changes nothing.
    const edited = await callForm(admin, "PUT", `/testimonials/${created._id}`, {
      photo: "https://cdn.example.com/clients/meera-2.jpg",
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { photo: string }).photo).toBe("https://cdn.example.com/clients/meera-2.jpg");
    const same = await callForm(admin, "PUT", `/faculty/${member._id}`, {
      subject: "Commercial arbitration",
      image: member.image!,
    });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ subject: "Commercial arbitration", image: member.image });
  });

  it("refuses a link that is not https in `photo` or `image` with a 400 naming that field, and stores nothing", async () => {
    const admin = await signedIn((await createTestUser({ role: "admin" })).email);
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ["/testimonials", "POST", { clientName: "A", message: "B", photo: "http://example.com/a.jpg" }, "photo"],
      ["/testimonials", "POST", { clientName: "A", message: "B", photo: "javascript:alert(1)" }, "photo"],
      ["/blogs", "POST", { title: "T", summary: "S", highlight: "H", image: "ftp://example.com/a.png" }, "image"],
      ["/faculty", "POST", { name: "N", subject: "S", image: "http://example.com/a.png" }, "image"],
    ];
    for (const [path, method, fields, field] of cases) {
      const body = (await expectRefusedWithoutTrace(`${method} ${path} ${fields[field]}`, 400, () =>
        callForm(admin, method, path, fields),
      )) as { errors?: Record<string, string[]> };
      expect(Object.keys(body.errors ?? {}), path).toEqual([field]);
    }
  });
});
