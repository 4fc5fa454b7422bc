// Editing what can be created: a service's fields and path (the old address redirects,
// a taken path is refused with nothing saved), and a sub-service's files (the old R2 object is removed
// only once the new one is stored). Through the built Worker against the real local D1 and R2.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, servicePathRedirects, services, subServices } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  postJson,
  sessionCookieFor,
  testContext,
  postUrlEncoded,
} from "../../../tests/helpers";

const PDF = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\ntrailer <<>>\n%%EOF\n`);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8]);
const WEBM = (seed: number) => new Uint8Array(64).map((_, index) => [0x1a, 0x45, 0xdf, 0xa3][index] ?? index + seed);

async function staff(role: "admin" | "teacher" = "teacher") {
  const user = await createTestUser({ role });
  return { cookie: await sessionCookieFor(user.id), token: await apiTokenFor(user.email) };
}

async function newService(token: string, path: string, title = `Service ${path}`) {
  const response = await postJson(
    "/api/services",
    { title, path, levels: "Beginner", icon: "FaGavel", youtubeVideos: [] },
    { Authorization: `Bearer ${token}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { _id: string; path: string };
}

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return postUrlEncoded(path, fields, { Cookie: cookie });
}

const edit = (id: string, fields: Partial<Record<string, string>> = {}) => ({
  intent: "update",
  id,
  title: "Moot Court Advanced",
  path: "moot-court-advanced",
  levels: "Advanced",
  icon: "FaBalanceScale",
  youtubeVideos: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ...fields,
});

describe("editing a service at /admin/services", () => {
  it("shows the saved values in the edit form, saves every field, and redirects the old path with a 301", async () => {
    const { cookie, token } = await staff();
    const service = await newService(token, "moot-court", "Moot Court");
    const form = await (await appFetch(`/admin/services?edit=${service._id}`, { headers: { Cookie: cookie } })).text();
    expect(form).toContain("Edit “Moot Court”");
    expect(form).toContain('value="moot-court"');

    const saved = await postForm("/admin/services", cookie, edit(service._id));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/services?edit=${service._id}&done=updated&saved=${service._id}`);
    const row = await testContext().db.query.services.findFirst({ where: eq(services.id, service._id) });
    expect(row).toMatchObject({
      title: "Moot Court Advanced",
      path: "moot-court-advanced",
      levels: "Advanced",
      icon: "FaBalanceScale",
      youtubeVideos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    });
    const notice = (
      await (await appFetch(saved.headers.get("Location")!, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    // The notice names the service and links to it; the edit form shows the values as saved.
    expect(notice).toContain("Service “Moot Court Advanced” saved.");
    expect(notice).toContain('href="/services/moot-court-advanced"');
    expect(notice).toContain("Edit “Moot Court Advanced”");
    expect(notice).toContain('value="moot-court-advanced"');
    // The activity log says who changed what.
    const [audit] = await testContext()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, service._id), eq(auditLog.action, "edit")));
    expect(audit).toMatchObject({ entityKind: "service" });
    expect(audit!.summary).toContain("moot-court-advanced");

    const old = await appFetch("/services/moot-court?utm_source=x");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/services/moot-court-advanced?utm_source=x");
    expect((await appFetch("/services/moot-court-advanced")).status).toBe(200);

    // Moving again: the first address follows to the newest path (no chain), the second redirects too.
    expect((await postForm("/admin/services", cookie, edit(service._id, { path: "moot-court-3" }))).status).toBe(302);
    expect((await appFetch("/services/moot-court")).headers.get("Location")).toBe("/services/moot-court-3");
    expect((await appFetch("/services/moot-court-advanced")).headers.get("Location")).toBe("/services/moot-court-3");
    // Moving back to an old path makes it live again (no redirect shadows it).
    expect((await postForm("/admin/services", cookie, edit(service._id, { path: "moot-court" }))).status).toBe(302);
    expect((await appFetch("/services/moot-court")).status).toBe(200);
    expect((await appFetch("/services/moot-court-3")).headers.get("Location")).toBe("/services/moot-court");
    expect((await appFetch("/services/never-existed")).status).toBe(404);
  });

  it("refuses a path another service uses with a field error; nothing is saved and no redirect is made", async () => {
    const { cookie, token } = await staff("admin");
    const first = await newService(token, "family-law");
    await newService(token, "tax-law");
    const refused = await postForm("/admin/services", cookie, edit(first._id, { path: "tax-law", title: "Renamed" }));
    expect(refused.status).toBe(409);
    const html = await refused.text();
    // The error sits next to the Path field, and the form keeps what was typed.
    expect(html).toMatch(/id="[^"]*path-error"[^>]*>(<[^>]+>)*This path is already used by another service/);
    expect(html).toContain('value="Renamed"');
    const row = await testContext().db.query.services.findFirst({ where: eq(services.id, first._id) });
    expect(row).toMatchObject({ path: "family-law", title: "Service family-law" });
    expect(await testContext().db.select().from(servicePathRedirects)).toEqual([]);
    expect(await testContext().db.select().from(auditLog).where(eq(auditLog.entityId, first._id))).not.toContainEqual(
      expect.objectContaining({ action: "edit" }),
    );

    // Invalid fields are field errors too; an unknown id is a 404.
    const invalid = await postForm("/admin/services", cookie, edit(first._id, { path: "Has Spaces" }));
    expect(invalid.status).toBe(400);
    const unknown = await postForm("/admin/services", cookie, edit("no-such-id", { path: "fresh-path" }));
    expect(unknown.status).toBe(404);
  });

  it("PUT /api/services/{id}: staff edit, clients 403, a taken path 409 with errors.path", async () => {
    const { token } = await staff();
    const client = await createTestUser();
    const clientToken = await apiTokenFor(client.email);
    const one = await newService(token, "corporate");
    await newService(token, "criminal");
    const put = (id: string, body: unknown, bearer = token) =>
      appFetch(`/api/services/${id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const body = { title: "Corporate Law", path: "corporate-law", levels: "All", icon: "FaBriefcase" };
    expect((await put(one._id, body, clientToken)).status).toBe(403);
    const taken = await put(one._id, { ...body, path: "criminal" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ errors: { path: ["This path is already used by another service"] } });
    const wrongType = await put(one._id, { ...body, levels: 3 });
    expect(wrongType.status).toBe(400);
    const ok = await put(one._id, body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ _id: one._id, title: "Corporate Law", path: "corporate-law" });
    expect((await appFetch("/services/corporate")).headers.get("Location")).toBe("/services/corporate-law");
  });
});

describe("the services list", () => {
  it("searches, pages without JavaScript, shows the last page past the end and an empty state", async () => {
    const { cookie, token } = await staff("admin");
    for (let i = 0; i < 23; i++) await newService(token, `svc-${String(i).padStart(2, "0")}`);
    const list = async (query: string) => {
      const response = await appFetch(`/admin/services${query}`, { headers: { Cookie: cookie } });
      return { status: response.status, html: await response.text() };
    };
    const first = await list("");
    expect(first.html).toContain(`href="/services/svc-22"`);
    expect(first.html).not.toContain(`href="/services/svc-00"`);
    expect(first.html).toContain('href="/admin/services?page=2"');
    const past = await list("?page=999");
    expect(past.status).toBe(200);
    expect(past.html).toContain(`href="/services/svc-00"`);
    expect(past.html).not.toContain(`href="/services/svc-22"`);
    const searched = await list("?q=svc-1&page=abc");
    expect(searched.html).toContain(`href="/services/svc-15"`);
    expect(searched.html).not.toContain(`href="/services/svc-20"`);
    const none = await list("?q=nothing-like-this");
    expect(none.html).toContain("No services match this search.");
  });
});

describe("editing a sub-service's files", () => {
  it("replaces the PDF and the video: the new files are served, the old objects removed; unsent files stay", async () => {
    const { cookie, token } = await staff();
    const service = await newService(token, "judiciary");
    const path = `/admin/services/${service.path}`;
    const created = await appFetch(path, {
      method: "POST",
      headers: { Cookie: cookie },
      body: (() => {
        const form = new FormData();
        form.append("serviceId", service._id);
        form.append("title", "Civil Procedure");
        form.append("syllabus", new File([PDF("old syllabus")], "s.pdf", { type: "application/pdf" }));
        form.append("questions", new File([PDF("old questions")], "q.pdf", { type: "application/pdf" }));
        form.append("video", new File([WEBM(1)], "v.webm", { type: "video/webm" }));
        return form;
      })(),
    });
    expect(created.status).toBe(302);
    const { db } = testContext();
    const [before] = await db.select().from(subServices);
    const editPage = await (await appFetch(`${path}?edit=${before!.id}`, { headers: { Cookie: cookie } })).text();
    expect(editPage).toContain("Edit “Civil Procedure”");
    expect(editPage).toContain(`action="${path}?edit=${before!.id}"`);

    // A refused replacement (an executable named .pdf) changes nothing and stores nothing.
    const refusedForm = new FormData();
    refusedForm.append("serviceId", service._id);
    refusedForm.append("title", "Civil Procedure");
    refusedForm.append("syllabus", new File([EXE], "s.pdf", { type: "application/pdf" }));
    const refused = await appFetch(`${path}?edit=${before!.id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: refusedForm,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The file must be a PDF file.");
    const [unchanged] = await db.select().from(subServices);
    expect(unchanged).toEqual(before);
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects).toHaveLength(3);

    const form = new FormData();
    form.append("serviceId", service._id);
    form.append("title", "Civil Procedure Code");
    form.append("description", "Orders and rules.");
    form.append("syllabus", new File([PDF("new syllabus")], "s2.pdf", { type: "application/pdf" }));
    form.append("video", new File([WEBM(7)], "v2.webm", { type: "video/webm" }));
    const saved = await appFetch(`${path}?edit=${before!.id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: form,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${path}?edit=${before!.id}&done=updated&saved=${before!.id}`);
    const [after] = await db.select().from(subServices);
    expect(after).toMatchObject({ title: "Civil Procedure Code", description: "Orders and rules." });
    expect(after!.syllabusKey).not.toBe(before!.syllabusKey);
    expect(after!.videoKey).not.toBe(before!.videoKey);
    expect(after!.questionKey).toBe(before!.questionKey);
    // The old objects are gone; the new ones and the untouched questions PDF are stored.
    expect(await env.UPLOADS.head(before!.syllabusKey!)).toBeNull();
    expect(await env.UPLOADS.head(before!.videoKey!)).toBeNull();
    const keys = (await env.UPLOADS.list({ prefix: "subservices/" })).objects.map((object) => object.key).sort();
    expect(keys).toEqual([after!.syllabusKey, after!.questionKey, after!.videoKey].sort());
    // The page serves the new file.
    const served = await appFetch(`/uploads/${after!.syllabusKey}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("new syllabus");
    const notice = (
      await (await appFetch(saved.headers.get("Location")!, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(notice).toContain("Sub-service “Civil Procedure Code” saved.");
    expect(notice).toContain(`href="${path}#sub-service-${before!.id}"`);
    expect(notice).toContain("Edit “Civil Procedure Code”");
    expect(notice).toContain(`/uploads/${after!.syllabusKey}`);

    // Through another service's page the sub-service is not found; a client may not edit at all.
    const other = await newService(token, "other-service");
    const elsewhere = new FormData();
    elsewhere.append("serviceId", other._id);
    elsewhere.append("title", "Hijack");
    const wrong = await appFetch(`/admin/services/other-service?edit=${before!.id}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: elsewhere,
    });
    expect(wrong.status).toBe(404);
    const client = await createTestUser();
    const clientEdit = new FormData();
    clientEdit.append("serviceId", service._id);
    clientEdit.append("title", "Client edit");
    const forbidden = await appFetch(`${path}?edit=${before!.id}`, {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(client.id) },
      body: clientEdit,
    });
    expect(forbidden.status).toBe(403);
    const [final] = await db.select().from(subServices);
    expect(final!.title).toBe("Civil Procedure Code");
  });
});

describe("PUT /api/sub-services/{id}", () => {
  it("replaces the questions PDF through the API; a client gets 403, an unknown id 404", async () => {
    const { token } = await staff();
    const service = await newService(token, "api-sub-edit");
    const create = new FormData();
    create.append("serviceId", service._id);
    create.append("title", "Torts");
    create.append("questions", new File([PDF("old questions")], "q.pdf", { type: "application/pdf" }));
    const created = await appFetch("/api/sub-services", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: create,
    });
    expect(created.status).toBe(201);
    const { _id, questionPath } = (await created.json()) as { _id: string; questionPath: string };

    const form = () => {
      const body = new FormData();
      body.append("serviceId", service._id);
      body.append("title", "Torts II");
      body.append("questions", new File([PDF("new questions")], "q2.pdf", { type: "application/pdf" }));
      return body;
    };
    const client = await createTestUser();
    const clientToken = await apiTokenFor(client.email);
    const forbidden = await appFetch(`/api/sub-services/${_id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${clientToken}` },
      body: form(),
    });
    expect(forbidden.status).toBe(403);
    const unknown = await appFetch("/api/sub-services/no-such-id", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: form(),
    });
    expect(unknown.status).toBe(404);
    // The refused request's upload is not left behind.
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects).toHaveLength(1);

    const updated = await appFetch(`/api/sub-services/${_id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: form(),
    });
    expect(updated.status).toBe(200);
    const body = (await updated.json()) as { _id: string; title: string; questionPath: string };
    expect(body).toMatchObject({ _id, title: "Torts II" });
    expect(body.questionPath).not.toBe(questionPath);
    expect(await (await appFetch(body.questionPath)).text()).toContain("new questions");
    expect((await appFetch(questionPath)).status).toBe(404);
  });
});
