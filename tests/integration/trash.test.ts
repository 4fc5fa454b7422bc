// The trash and the audit log (docs/product.md#trash, decision 084): each kind's delete hides it from
// the pages and the API and keeps its files without serving them; a restore brings it back; delete-forever and the scheduled
// job (after 30 days only) remove the rows and the files; a restore whose path is taken is refused.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  articles,
  auditLog,
  faculty,
  quizQuestions,
  quizzes,
  roleAssignments,
  services,
  subServices,
  teacherApplications,
  testimonials,
  trashedFiles,
  trashItems,
} from "../../db/schema";
import { articlePublishing } from "~/features/articles/article-editor.server";
import { purgeExpiredTrash, restoreFromTrash } from "~/lib/trash.server";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  expectConsoleError,
  runCron,
  sessionCookieFor,
  testContext,
  formData as form,
  postUrlEncoded,
  bearer,
  auditRows,
  httpRejection,
  uploadStatus,
} from "../helpers";

const DAY = 24 * 3600_000;

async function staff() {
  const admin = await createTestUser({ role: "admin" });
  const teacher = await createTestUser({ role: "teacher" });
  const client = await createTestUser({ role: "client" });
  return {
    admin,
    teacher,
    client,
    adminToken: await apiTokenFor(admin.email),
    teacherToken: await apiTokenFor(teacher.email),
    clientToken: await apiTokenFor(client.email),
    adminCookie: await sessionCookieFor(admin.id),
    clientCookie: await sessionCookieFor(client.id),
  };
}

/**
 * Runs `requests` while every insert into audit_log fails (as when the log cannot be written);
 * each refused request logs one error (`errors` in all).
 */
async function whileAuditLogRefuses(errors: number, requests: () => Promise<void>) {
  await env.DB.exec(
    "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'simulated outage'); END;",
  );
  try {
    expectConsoleError(errors);
    await requests();
  } finally {
    await env.DB.exec("DROP TRIGGER refuse_audit;");
  }
}

async function putFile(key: string) {
  await env.UPLOADS.put(key, new Uint8Array([1, 2, 3]));
  return key;
}
const stored = async (key: string) => (await env.UPLOADS.head(key)) !== null;
/** A trashed item's file is kept but not served. */
const served = uploadStatus;

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return postUrlEncoded(path, fields, { Cookie: cookie });
}

async function trashIdFor(entityId: string) {
  const row = await testContext().db.query.trashItems.findFirst({ where: eq(trashItems.entityId, entityId) });
  if (!row) throw new Error(`${entityId} is not in the trash`);
  return row.id;
}

async function restore(cookie: string, entityId: string) {
  return postForm("/admin/trash", cookie, { intent: "restore", id: await trashIdFor(entityId) });
}

const text = async (path: string, init: RequestInit = {}) => (await appFetch(path, init)).text();

async function seedArticle(slug = `trash-${crypto.randomUUID().slice(0, 6)}`) {
  const [row] = await testContext()
    .db.insert(articles)
    .values({
      slug,
      title: `Article ${slug}`,
      summary: "A summary.",
      highlight: "A highlight.",
      image: await putFile(`articles/${slug}.png`),
      publishedAt: new Date(Date.now() - DAY),
      status: "published",
    })
    .returning();
  return row!;
}

async function seedService(path = `svc-${crypto.randomUUID().slice(0, 6)}`) {
  const db = testContext().db;
  const [service] = await db
    .insert(services)
    .values({ title: `Service ${path}`, path })
    .returning();
  const [sub] = await db
    .insert(subServices)
    .values({
      serviceId: service!.id,
      title: `Sub of ${path}`,
      syllabusKey: await putFile(`subservices/${path}-syllabus.pdf`),
    })
    .returning();
  return { service: service!, sub: sub! };
}

describe("each kind: deleted, it leaves the pages and the API and keeps its files unserved; restored, it is back", () => {
  it("an article", async () => {
    const t = await staff();
    const article = await seedArticle();
    expect((await appFetch(`/blogs/${article.slug}`)).status).toBe(200);
    expect(await text("/api/blogs")).toContain(article.id);
    expect(await served(article.image!)).toBe(200);

    expect(
      (await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) })).status,
    ).toBe(200);
    expect((await appFetch(`/blogs/${article.slug}`)).status).toBe(404);
    expect(await text("/api/blogs")).not.toContain(article.id);
    expect(await stored(article.image!)).toBe(true);
    expect(await served(article.image!)).toBe(404);
    const trash = await text("/admin/trash", { headers: { Cookie: t.adminCookie } });
    expect(trash).toContain(article.title);

    const restored = await restore(t.adminCookie, article.id);
    expect(restored.status).toBe(303);
    expect(restored.headers.get("Location")).toContain("/admin/trash?done=restored");
    expect((await appFetch(`/blogs/${article.slug}`)).status).toBe(200);
    expect(await text("/api/blogs")).toContain(article.id);
    expect(await served(article.image!)).toBe(200);
    expect(await testContext().db.select().from(trashItems)).toHaveLength(0);
    expect(await testContext().db.select().from(trashedFiles)).toHaveLength(0);
  });

  it("two deletes of one item at once (a double click, two staff) leave one trash entry and one audit row", async () => {
    const t = await staff();
    const article = await seedArticle();
    const remove = () => appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const statuses = (await Promise.all([remove(), remove()])).map((response) => response.status).sort();
    // The first moves it to the trash; the second finds nothing left to delete.
    expect(statuses).toEqual([200, 404]);
    const db = testContext().db;
    expect(await db.select().from(trashItems).where(eq(trashItems.entityId, article.id))).toHaveLength(1);
    const deletes = await auditRows(article.id, "delete");
    expect(deletes).toHaveLength(1);
    // Restored once, it is back once.
    expect((await restore(t.adminCookie, article.id)).status).toBe(303);
    expect(await db.select().from(articles).where(eq(articles.id, article.id))).toHaveLength(1);
  });

  it("a testimonial", async () => {
    const t = await staff();
    const [row] = await testContext()
      .db.insert(testimonials)
      .values({ clientName: "Meera", message: "A testimonial to trash and restore.", status: "published" })
      .returning();
    expect(await text("/testimonial")).toContain("A testimonial to trash and restore.");
    expect(
      (await appFetch(`/api/testimonials/${row!.id}`, { method: "DELETE", headers: bearer(t.adminToken) })).status,
    ).toBe(200);
    expect(await text("/testimonial")).not.toContain("A testimonial to trash and restore.");
    expect(await text("/api/testimonials")).not.toContain(row!.id);
    expect((await restore(t.adminCookie, row!.id)).status).toBe(303);
    expect(await text("/testimonial")).toContain("A testimonial to trash and restore.");
    expect(await text("/api/testimonials")).toContain(row!.id);
  });

  it("a service takes its sub-services to the trash and brings them back", async () => {
    const t = await staff();
    const { service, sub } = await seedService();
    expect(await text(`/services/${service.path}`)).toContain(sub.title);
    expect(
      (await appFetch(`/api/services/${service.id}`, { method: "DELETE", headers: bearer(t.teacherToken) })).status,
    ).toBe(200);
    expect((await appFetch(`/services/${service.path}`)).status).toBe(404);
    expect((await appFetch(`/api/services/${service.id}`)).status).toBe(404);
    expect(await text("/api/services")).not.toContain(service.id);
    expect(await testContext().db.select().from(subServices).where(eq(subServices.id, sub.id))).toHaveLength(0);
    expect(await stored(sub.syllabusKey!)).toBe(true);
    expect(await served(sub.syllabusKey!)).toBe(404);

    expect((await restore(t.adminCookie, service.id)).status).toBe(303);
    expect((await appFetch(`/api/services/${service.id}`)).status).toBe(200);
    expect(await served(sub.syllabusKey!)).toBe(200);
    expect(await text(`/services/${service.path}`)).toContain(sub.title);
    expect(await text(`/api/sub-services?serviceId=${service.id}`)).toContain(sub.id);
  });

  it("a sub-service; restoring it while its service is in the trash is refused", async () => {
    const t = await staff();
    const { service, sub } = await seedService();
    expect(
      (await appFetch(`/api/sub-services/${sub.id}`, { method: "DELETE", headers: bearer(t.teacherToken) })).status,
    ).toBe(200);
    expect(await text(`/services/${service.path}`)).not.toContain(sub.title);
    expect(await text(`/api/sub-services?serviceId=${service.id}`)).not.toContain(sub.id);
    expect(await stored(sub.syllabusKey!)).toBe(true);
    expect(await served(sub.syllabusKey!)).toBe(404);

    await appFetch(`/api/services/${service.id}`, { method: "DELETE", headers: bearer(t.teacherToken) });
    const refused = await restore(t.adminCookie, sub.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Restore the service first");
    expect(await testContext().db.select().from(subServices).where(eq(subServices.id, sub.id))).toHaveLength(0);

    expect((await restore(t.adminCookie, service.id)).status).toBe(303);
    // The service is back; the sub-service is still in the trash, and so is its file.
    expect(await served(sub.syllabusKey!)).toBe(404);
    expect((await restore(t.adminCookie, sub.id)).status).toBe(303);
    expect(await text(`/services/${service.path}`)).toContain(sub.title);
    expect(await served(sub.syllabusKey!)).toBe(200);
  });

  it("a founder", async () => {
    const t = await staff();
    const [row] = await testContext()
      .db.insert(faculty)
      .values({ name: "Adv. Trash Founder", subject: "Law", image: await putFile("faculty/founder.png") })
      .returning();
    expect(await text("/founders")).toContain("Adv. Trash Founder");
    expect(
      (await appFetch(`/api/faculty/${row!.id}`, { method: "DELETE", headers: bearer(t.adminToken) })).status,
    ).toBe(200);
    expect(await text("/founders")).not.toContain("Adv. Trash Founder");
    expect(await text("/api/faculty")).not.toContain(row!.id);
    expect(await stored("faculty/founder.png")).toBe(true);
    expect(await served("faculty/founder.png")).toBe(404);
    expect((await restore(t.adminCookie, row!.id)).status).toBe(303);
    expect(await served("faculty/founder.png")).toBe(200);
    expect(await text("/founders")).toContain("Adv. Trash Founder");
    expect(await text("/api/faculty")).toContain(row!.id);
  });

  it("a quiz, with its questions", async () => {
    const t = await staff();
    const created = await appFetch("/api/quiz", {
      method: "POST",
      headers: { ...bearer(t.teacherToken), "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Quiz for the trash",
        questions: [{ text: "Two plus two?", options: ["1", "2", "3", "4"], correctAnswer: 3, timePerQuestion: 1 }],
      }),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    expect(await text("/quiz/quizzes")).toContain("Quiz for the trash");
    expect((await appFetch(`/api/quiz/${_id}`, { method: "DELETE", headers: bearer(t.teacherToken) })).status).toBe(
      200,
    );
    expect(await text("/quiz/quizzes")).not.toContain("Quiz for the trash");
    expect(await text("/api/quiz", { headers: bearer(t.clientToken) })).not.toContain(_id);
    expect((await restore(t.adminCookie, _id)).status).toBe(303);
    expect(await text("/api/quiz", { headers: bearer(t.clientToken) })).toContain(_id);
    expect(await testContext().db.select().from(quizQuestions).where(eq(quizQuestions.quizId, _id))).toHaveLength(1);
  });

  it("a teacher application (from /admin/teachers)", async () => {
    const t = await staff();
    const [row] = await testContext()
      .db.insert(teacherApplications)
      .values({
        fullName: "Applicant To Trash",
        email: "trash-applicant@example.com",
        reason: "r",
        educationalQualification: "LLB",
        subjectToTeach: "Law",
        workExperience: "5 years",
        previousWorkPlace: "Court",
        phoneNumber: "9876543210",
        cvKey: await putFile("cv/private-trash.pdf"),
        cvName: "cv.pdf",
      })
      .returning();
    const trashed = await postForm("/admin/teachers", t.adminCookie, { intent: "trash", id: row!.id });
    expect(trashed.headers.get("Location")).toBe("/admin/teachers?done=trashed");
    expect(await text("/admin/teachers", { headers: { Cookie: t.adminCookie } })).not.toContain("Applicant To Trash");
    expect(await text("/api/teacher-applications", { headers: bearer(t.adminToken) })).not.toContain(row!.id);
    expect(await stored("cv/private-trash.pdf")).toBe(true);
    expect((await restore(t.adminCookie, row!.id)).status).toBe(303);
    expect(await text("/api/teacher-applications", { headers: bearer(t.adminToken) })).toContain(row!.id);
  });
});

describe("restore, delete forever, the scheduled purge", () => {
  it("refuses a restore whose slug or path is now taken, and overwrites nothing", async () => {
    const t = await staff();
    const article = await seedArticle("taken-slug");
    await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const [other] = await testContext()
      .db.insert(articles)
      .values({ slug: "taken-slug", title: "The new one", summary: "s", highlight: "h", publishedAt: new Date() })
      .returning();
    const refused = await restore(t.adminCookie, article.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("the slug &quot;taken-slug&quot; is now used by another article");
    const rows = await testContext().db.select().from(articles).where(eq(articles.slug, "taken-slug"));
    expect(rows.map((row) => row.id)).toEqual([other!.id]);
    expect(await testContext().db.select().from(trashItems)).toHaveLength(1);

    const { service } = await seedService("taken-path");
    await appFetch(`/api/services/${service.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    await testContext().db.insert(services).values({ title: "Another", path: "taken-path" });
    const refusedService = await restore(t.adminCookie, service.id);
    expect(refusedService.status).toBe(409);
    expect(await refusedService.text()).toContain("is now used by another service");
    expect(await testContext().db.select().from(services).where(eq(services.id, service.id))).toHaveLength(0);
  });

  it("delete forever (after a confirmation step) removes the rows and the R2 files", async () => {
    const t = await staff();
    const { service, sub } = await seedService();
    await appFetch(`/api/services/${service.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const id = await trashIdFor(service.id);

    const ask = await postForm("/admin/trash", t.adminCookie, { intent: "confirm-forever", id });
    expect(ask.headers.get("Location")).toBe(`/admin/trash?forever=${id}`);
    expect(await text(ask.headers.get("Location")!, { headers: { Cookie: t.adminCookie } })).toContain(
      "cannot be restored afterwards",
    );
    expect(await stored(sub.syllabusKey!)).toBe(true);

    // A client may not; nothing changes.
    expect((await postForm("/admin/trash", t.clientCookie, { intent: "forever", id })).status).toBe(403);
    expect(await testContext().db.select().from(trashItems)).toHaveLength(1);

    const gone = await postForm("/admin/trash", t.adminCookie, { intent: "forever", id });
    expect(gone.headers.get("Location")).toContain("/admin/trash?done=deleted");
    expect(await testContext().db.select().from(trashItems)).toHaveLength(0);
    expect(await stored(sub.syllabusKey!)).toBe(false);
    expect(await served(sub.syllabusKey!)).toBe(404);
    expect(await testContext().db.select().from(trashedFiles)).toHaveLength(0);
  });

  it("delete forever whose file R2 refuses to delete: the item is gone, the file stays unserved, no 500", async () => {
    const t = await staff();
    const article = await seedArticle();
    const undeletable = `articles/${"a".repeat(1100)}.png`; // longer than R2 allows: its delete is refused
    await testContext().db.update(articles).set({ image: undeletable }).where(eq(articles.id, article.id));
    await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const id = await trashIdFor(article.id);

    expectConsoleError(1); // the failed delete is logged, with its key
    const gone = await postForm("/admin/trash", t.adminCookie, { intent: "forever", id });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("Location")).toContain("/admin/trash?done=deleted");
    expect(await testContext().db.select().from(trashItems)).toHaveLength(0);
    expect(await testContext().db.select().from(articles).where(eq(articles.id, article.id))).toHaveLength(0);
    // The file R2 kept is still listed as trashed, so /uploads never serves it.
    expect(await testContext().db.select({ key: trashedFiles.key }).from(trashedFiles)).toEqual([{ key: undeletable }]);
  });

  it("two delete-forever requests at once record it once", async () => {
    const t = await staff();
    const article = await seedArticle();
    await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const id = await trashIdFor(article.id);
    const forever = () => postForm("/admin/trash", t.adminCookie, { intent: "forever", id });
    const [a, b] = await Promise.all([forever(), forever()]);
    const outcomes = [a, b].map((response) => `${response.status} ${response.headers.get("Location") ?? ""}`).sort();
    expect(outcomes[0]).toContain("/admin/trash?done=deleted");
    expect(outcomes[1]).toMatch(/^404 /);
    const db = testContext().db;
    expect(await db.select().from(trashItems)).toHaveLength(0);
    const recorded = await auditRows(article.id, "delete-forever");
    expect(recorded).toHaveLength(1);
    expect(await stored(article.image!)).toBe(false);
  });

  it("two restores of one item at once (two tabs) bring it back once; the other is told it is no longer in the trash", async () => {
    const t = await staff();
    const article = await seedArticle();
    await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    const id = await trashIdFor(article.id);
    const again = () => postForm("/admin/trash", t.adminCookie, { intent: "restore", id });
    const [restored, late] = (await Promise.all([again(), again()])).sort((x, y) => x.status - y.status);
    expect(restored!.status).toBe(303);
    expect(restored!.headers.get("Location")).toContain("/admin/trash?done=restored");
    expect(late!.status).toBe(404);
    expect(await late!.text()).toContain("This item is no longer in the trash");
    const db = testContext().db;
    expect(await db.select().from(articles).where(eq(articles.id, article.id))).toHaveLength(1);
    const restores = await auditRows(article.id, "restore");
    expect(restores).toHaveLength(1);
  });

  it("a restore overtaken by another (it read the item, the other put it back first) says so, not that the slug is taken", async () => {
    const t = await staff();
    const ctx = testContext();
    const actor = { id: t.admin.id, email: t.admin.email };
    const article = await seedArticle();
    const [testimonial] = await ctx.db
      .insert(testimonials)
      .values({ clientName: "Ravi", message: "A testimonial restored twice at once.", status: "published" })
      .returning();
    await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    await appFetch(`/api/testimonials/${testimonial!.id}`, { method: "DELETE", headers: bearer(t.adminToken) });

    // The other restore runs to the end at a chosen moment of this one: the interleavings two tabs
    // produce now and then, made certain. The article's at its check that the slug is free (db.all);
    // the testimonial's (it has no check) at its batch (db.$client.batch).
    for (const [entityId, moment] of [
      [article.id, "check"],
      [testimonial!.id, "batch"],
    ] as const) {
      const id = await trashIdFor(entityId);
      let overtaken = false;
      const overtake = async () => {
        if (overtaken) return;
        overtaken = true;
        await restoreFromTrash(ctx, actor, id);
      };
      const db = new Proxy(ctx.db, {
        get(target, property, receiver) {
          if (moment === "check" && property === "all") {
            return async (...args: Parameters<typeof target.all>) => (await overtake(), target.all(...args));
          }
          if (moment === "batch" && property === "$client") {
            const d1 = target.$client;
            return new Proxy(d1, {
              get: (client, name) =>
                name === "batch"
                  ? async (statements: D1PreparedStatement[]) => (await overtake(), client.batch(statements))
                  : (Reflect.get(client, name) as unknown),
            });
          }
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      const refusal = await httpRejection(restoreFromTrash({ ...ctx, db }, actor, id));
      expect(overtaken, moment).toBe(true);
      expect([refusal.status, refusal.message], moment).toEqual([404, "This item is no longer in the trash"]);
    }
    expect(await ctx.db.select().from(articles).where(eq(articles.id, article.id))).toHaveLength(1);
    expect(await ctx.db.select().from(testimonials).where(eq(testimonials.id, testimonial!.id))).toHaveLength(1);
  });

  it("the scheduled job purges only items trashed more than 30 days ago, and only then their files", async () => {
    const t = await staff();
    const old = await seedArticle();
    const recent = await seedArticle();
    const ctx = testContext();
    const actor = { ...t.admin, role: "admin" as const, hasPassword: true };
    const now = Date.now();
    await articlePublishing.remove(ctx, actor, old.id, new Date(now - 31 * DAY));
    await articlePublishing.remove(ctx, actor, recent.id, new Date(now - 29 * DAY));

    expect(await purgeExpiredTrash(ctx, new Date(now))).toBe(1);
    const left = await ctx.db.select().from(trashItems);
    expect(left.map((item) => item.entityId)).toEqual([recent.id]);
    expect(await stored(old.image!)).toBe(false);
    expect(await stored(recent.image!)).toBe(true);

    // Two days later the second one has waited 30 days too: the cron's run purges it.
    await runCron(new Date(now + 2 * DAY));
    expect(await ctx.db.select().from(trashItems)).toHaveLength(0);
    expect(await stored(recent.image!)).toBe(false);
    const purges = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "delete-forever"));
    expect(purges.map((row) => row.actorEmail)).toEqual(["scheduled job", "scheduled job"]);
  });
});

describe("the audit log", () => {
  it("records create, edit, delete, restore and role changes, with who and what changed", async () => {
    const t = await staff();
    const db = testContext().db;
    const created = await appFetch("/api/faculty", {
      method: "POST",
      headers: bearer(t.adminToken),
      body: (() => {
        const form = new FormData();
        form.set("name", "Adv. Audited");
        form.set("subject", "Tax");
        return form;
      })(),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const edit = new FormData();
    edit.set("subject", "Corporate tax");
    expect(
      (await appFetch(`/api/faculty/${_id}`, { method: "PUT", headers: bearer(t.adminToken), body: edit })).status,
    ).toBe(200);
    await appFetch(`/api/faculty/${_id}`, { method: "DELETE", headers: bearer(t.adminToken) });
    await restore(t.adminCookie, _id);
    const rolesAdd = await appFetch("/api/roles/add", {
      method: "POST",
      headers: { ...bearer(t.adminToken), "Content-Type": "application/json" },
      body: JSON.stringify({ role: "teacher", email: "new-teacher@example.com" }),
    });
    expect(rolesAdd.status).toBe(200);

    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, _id));
    expect(rows.map((row) => row.action).sort()).toEqual(["create", "delete", "edit", "restore"]);
    expect(rows.every((row) => row.actorEmail === t.admin.email && row.entityKind === "founder")).toBe(true);
    expect(rows.find((row) => row.action === "edit")!.summary).toBe('subject: "Tax" → "Corporate tax"');
    const [grant] = await db.select().from(auditLog).where(eq(auditLog.entityKind, "role"));
    expect(grant).toMatchObject({ action: "role-grant", entityId: "teacher:new-teacher@example.com" });

    // The activity page lists them, filtered by action, for admins only.
    const page = await text(`/admin/activity?action=edit&kind=founder`, { headers: { Cookie: t.adminCookie } });
    expect(page).toContain("Corporate tax");
    expect(page).not.toContain("granted teacher");
    expect(await text(`/admin/activity?action=nonsense&page=-4`, { headers: { Cookie: t.adminCookie } })).toContain(
      "granted teacher",
    );
    expect((await appFetch("/admin/activity", { headers: { Cookie: t.clientCookie } })).status).toBe(403);
  });

  it("records an application's approval and rejection, and an article's approval, in the log", async () => {
    const t = await staff();
    const db = testContext().db;
    const application = (email: string) => ({
      fullName: "Audited Applicant",
      email,
      reason: "r",
      educationalQualification: "LLB",
      subjectToTeach: "Law",
      workExperience: "5 years",
      previousWorkPlace: "Court",
      phoneNumber: "9876543210",
      cvKey: "cv/none.pdf",
      cvName: "cv.pdf",
    });
    const [approved] = await db.insert(teacherApplications).values(application("approve-me@example.com")).returning();
    const [rejected] = await db.insert(teacherApplications).values(application("reject-me@example.com")).returning();
    const review = (id: string, decision: string) =>
      appFetch(`/api/teacher-applications/${id}/${decision}`, { method: "POST", headers: bearer(t.adminToken) });
    expect((await review(approved!.id, "approve")).status).toBe(200);
    expect((await review(rejected!.id, "reject")).status).toBe(200);
    const [pending] = await db
      .insert(articles)
      .values({ slug: "pending-one", title: "Pending one", summary: "s", highlight: "h", publishedAt: new Date() })
      .returning();
    expect(
      (await appFetch(`/api/blogs/${pending!.id}/approve`, { method: "POST", headers: bearer(t.adminToken) })).status,
    ).toBe(200);

    const rows = await db.select().from(auditLog);
    const find = (id: string) => rows.filter((row) => row.entityId === id).map((row) => [row.entityKind, row.action]);
    expect(find(approved!.id)).toEqual([["application", "approve"]]);
    expect(find(rejected!.id)).toEqual([["application", "reject"]]);
    expect(find(pending!.id)).toEqual([["article", "approve"]]);
    expect(rows.find((row) => row.entityId === pending!.id)!.summary).toBe(
      'Pending one: status "pending" → "published"',
    );
    expect(rows.some((row) => row.action === "role-grant" && row.entityId === "teacher:approve-me@example.com")).toBe(
      true,
    );
  });

  it("a role change and its audit row are saved together, or neither is", async () => {
    const t = await staff();
    const db = testContext().db;
    const call = (path: string, email: string) =>
      appFetch(path, {
        method: "POST",
        headers: { ...bearer(t.adminToken), "Content-Type": "application/json" },
        body: JSON.stringify({ role: "teacher", email }),
      });
    const grants = (email: string) => db.select().from(roleAssignments).where(eq(roleAssignments.email, email));
    const audited = (email: string) =>
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, `teacher:${email}`));
    expect((await call("/api/roles/add", "kept@example.com")).status).toBe(200);

    // The audit log cannot be written: the grant and the removal are not saved either.
    await whileAuditLogRefuses(2, async () => {
      expect((await call("/api/roles/add", "unlogged@example.com")).status).toBe(500);
      expect((await call("/api/roles/remove", "kept@example.com")).status).toBe(500);
    });
    expect(await grants("unlogged@example.com")).toHaveLength(0);
    expect(await audited("unlogged@example.com")).toHaveLength(0);
    expect(await grants("kept@example.com")).toHaveLength(1);
    expect((await audited("kept@example.com")).map((row) => row.action)).toEqual(["role-grant"]);

    // Granting what is already granted, or removing what is not, writes no audit row.
    expect((await call("/api/roles/add", "kept@example.com")).status).toBe(200);
    expect((await call("/api/roles/remove", "never@example.com")).status).toBe(200);
    expect((await audited("kept@example.com")).map((row) => row.action)).toEqual(["role-grant"]);
    expect(await audited("never@example.com")).toHaveLength(0);
  });

  it("a service's creation or edit and its audit row are saved together, or neither is", async () => {
    const t = await staff();
    const db = testContext().db;
    const { service } = await seedService();
    const json = (body: Record<string, string>) => ({
      headers: { ...bearer(t.adminToken), "Content-Type": "application/json" },
      body: JSON.stringify({ levels: "Beginner", icon: "FaGavel", ...body }),
    });
    await whileAuditLogRefuses(2, async () => {
      const created = await appFetch("/api/services", {
        method: "POST",
        ...json({ title: "Unlogged Service", path: "unlogged-service" }),
      });
      expect(created.status).toBe(500);
      const edited = await appFetch(`/api/services/${service.id}`, {
        method: "PUT",
        ...json({ title: "Renamed Without A Trace", path: "renamed-without-trace" }),
      });
      expect(edited.status).toBe(500);
    });
    expect(await db.select().from(services).where(eq(services.path, "unlogged-service"))).toHaveLength(0);
    const [kept] = await db.select().from(services).where(eq(services.id, service.id));
    expect(kept).toMatchObject({ title: service.title, path: service.path });
    expect(await db.select().from(auditLog).where(eq(auditLog.entityKind, "service"))).toHaveLength(0);
  });

  it("a founder's creation or edit and its audit row are saved together, or neither is", async () => {
    const t = await staff();
    const db = testContext().db;
    const created = await appFetch("/api/faculty", {
      method: "POST",
      headers: bearer(t.adminToken),
      body: form({ name: "Adv. Kept", subject: "Tax" }),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    await whileAuditLogRefuses(2, async () => {
      const refused = await appFetch("/api/faculty", {
        method: "POST",
        headers: bearer(t.adminToken),
        body: form({ name: "Adv. Unlogged", subject: "Tax" }),
      });
      expect(refused.status).toBe(500);
      const edit = await appFetch(`/api/faculty/${_id}`, {
        method: "PUT",
        headers: bearer(t.adminToken),
        body: form({ subject: "Changed without a trace" }),
      });
      expect(edit.status).toBe(500);
    });
    expect(await db.select().from(faculty).where(eq(faculty.name, "Adv. Unlogged"))).toHaveLength(0);
    const [kept] = await db.select().from(faculty).where(eq(faculty.id, _id));
    expect(kept!.subject).toBe("Tax");
    expect((await db.select().from(auditLog).where(eq(auditLog.entityId, _id))).map((row) => row.action)).toEqual([
      "create",
    ]);
  });

  it("an article's creation or edit and its audit row are saved together, or neither is", async () => {
    const t = await staff();
    const db = testContext().db;
    const article = await seedArticle();
    await whileAuditLogRefuses(2, async () => {
      const created = await appFetch("/api/blogs", {
        method: "POST",
        headers: bearer(t.adminToken),
        body: form({ title: "Unlogged Insight", summary: "A summary.", highlight: "A highlight." }),
      });
      expect(created.status).toBe(500);
      const edited = await appFetch(`/api/blogs/${article.id}`, {
        method: "PUT",
        headers: bearer(t.adminToken),
        body: form({ title: "Retitled Without A Trace" }),
      });
      expect(edited.status).toBe(500);
    });
    expect(await db.select().from(articles).where(eq(articles.title, "Unlogged Insight"))).toHaveLength(0);
    const [kept] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(kept!.title).toBe(article.title);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityKind, "article"))).toHaveLength(0);
  });

  it("a refused request writes no audit row", async () => {
    const t = await staff();
    const article = await seedArticle();
    expect(
      (await appFetch(`/api/blogs/${article.id}`, { method: "DELETE", headers: bearer(t.clientToken) })).status,
    ).toBe(403);
    expect((await appFetch(`/api/blogs/nope`, { method: "DELETE", headers: bearer(t.adminToken) })).status).toBe(404);
    const roleRefused = await appFetch("/api/roles/add", {
      method: "POST",
      headers: { ...bearer(t.teacherToken), "Content-Type": "application/json" },
      body: JSON.stringify({ role: "admin", email: "sneaky@example.com" }),
    });
    expect(roleRefused.status).toBe(403);
    const restoreRefused = await postForm("/admin/trash", t.clientCookie, { intent: "restore", id: "x" });
    expect(restoreRefused.status).toBe(403);
    expect(await testContext().db.select().from(auditLog)).toEqual([]);
    expect(
      await testContext()
        .db.select()
        .from(articles)
        .where(and(eq(articles.id, article.id))),
    ).toHaveLength(1);
    expect(await testContext().db.select().from(quizzes)).toHaveLength(0);
  });
});
