import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { enrolments, services, subServices } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  postJson,
  sessionCookieFor,
  testContext,
  bearer,
} from "../../../tests/helpers";

const SERVICE = { title: "Moot Court Training", path: "moot-court", levels: "Beginner · Advanced", icon: "FaGavel" };

async function tokenFor(role: "admin" | "teacher" | "client") {
  const user = await createTestUser({ role });
  return apiTokenFor(user.email);
}

describe("services through /api/services", () => {
  it("teachers and admins create; clients and visitors cannot; the grid and the detail page show it", async () => {
    const [client, teacher] = [await tokenFor("client"), await tokenFor("teacher")];
    expect((await postJson("/api/services", SERVICE)).status).toBe(401);
    expect((await postJson("/api/services", SERVICE, bearer(client))).status).toBe(403);
    const created = await postJson("/api/services", SERVICE, bearer(teacher));
    expect(created.status).toBe(201);
    const body = (await created.json()) as { _id: string; createdBy: { _id: string; name: string } };
    expect(body).toMatchObject({ _id: expect.any(String), path: "moot-court", icon: "FaGavel" });
    expect(body.createdBy).toEqual({ _id: expect.any(String), name: "Test User" });
    const list = (await (await appFetch("/api/services")).json()) as Array<{ path: string; createdBy: unknown }>;
    expect(list.map((service) => [service.path, service.createdBy])).toEqual([["moot-court", body.createdBy]]);
    const one = await appFetch(`/api/services/${body._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(list[0]);
    const unknown = await appFetch("/api/services/no-such-id");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Service not found" });
    const grid = await (await appFetch("/services")).text();
    expect(grid).toContain('href="/services/moot-court"');
    expect((await appFetch("/services/moot-court")).status).toBe(200);
    expect((await appFetch("/services/no-such")).status).toBe(404);
  });

  it("takes only a title, as the dashboard's quick create does: the path comes from the title; a partial full form is refused naming the missing field", async () => {
    const teacher = await tokenFor("teacher");
    const quick = await postJson("/api/services", { title: "Cyber Law (2026)" }, bearer(teacher));
    expect(quick.status).toBe(201);
    expect(await quick.json()).toMatchObject({
      title: "Cyber Law (2026)",
      path: "cyber-law-2026",
      levels: "",
      icon: "FaBookOpen",
    });
    // The spec's dashboard may send its other fields empty; the same title again gets the next free path.
    const again = await postJson(
      "/api/services",
      { title: "Cyber Law (2026)", path: "", levels: "", icon: "" },
      bearer(teacher),
    );
    expect(again.status).toBe(201);
    expect(((await again.json()) as { path: string }).path).toBe("cyber-law-2026-2");
    expect((await postJson("/api/services", { title: "" }, bearer(teacher))).status).toBe(400);

    const partial = await postJson("/api/services", { title: "Tax Law", path: "tax-law" }, bearer(teacher));
    expect(partial.status).toBe(400);
    expect(Object.keys(((await partial.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
      "levels",
      "icon",
    ]);
    const paths = (await testContext().db.select({ path: services.path }).from(services)).map((row) => row.path);
    expect(paths.sort()).toEqual(["cyber-law-2026", "cyber-law-2026-2"]);
    expect((await postJson("/api/services", { title: "Tax Law" }, bearer(await tokenFor("client")))).status).toBe(403);
  });

  it("refuses a duplicate or unsafe path and bad fields with a clear 4xx", async () => {
    const admin = await tokenFor("admin");
    expect((await postJson("/api/services", SERVICE, bearer(admin))).status).toBe(201);
    const duplicate = await postJson("/api/services", { ...SERVICE, title: "Other" }, bearer(admin));
    expect(duplicate.status).toBe(409);
    for (const [body, message] of [
      [{ ...SERVICE, path: "has spaces" }, "no spaces or slashes"],
      [{ ...SERVICE, path: "a/b" }, "no spaces or slashes"],
      [{ ...SERVICE, icon: "FaRocket" }, "Choose one of the listed icons"],
      [{ ...SERVICE, title: "" }, "Title is required"],
    ] as const) {
      const response = await postJson("/api/services", body, bearer(admin));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await postJson("/api/services", "{oops", bearer(admin))).status).toBe(400);
    expect(await testContext().db.select().from(services)).toHaveLength(1);
  });

  it("deleting a service takes its sub-services to the trash, keeping their files; a client may not", async () => {
    const [client, teacher] = [await tokenFor("client"), await tokenFor("teacher")];
    const { _id } = (await (await postJson("/api/services", SERVICE, bearer(teacher))).json()) as { _id: string };
    await env.UPLOADS.put("subservices/s.pdf", "%PDF-1.4");
    await testContext()
      .db.insert(subServices)
      .values({ serviceId: _id, title: "Unit 1", syllabusKey: "subservices/s.pdf" });
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: bearer(client) })).status).toBe(403);
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: bearer(teacher) })).status).toBe(200);
    expect(await testContext().db.select().from(subServices)).toHaveLength(0);
    // The files stay until the service is deleted forever (tests/integration/trash.test.ts).
    expect(await env.UPLOADS.head("subservices/s.pdf")).not.toBeNull();
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: bearer(teacher) })).status).toBe(404);
  });
});

describe("enrolment: POST /api/services/{id}/enroll and /dashboard", () => {
  it("any signed-in user enrols once; twice is harmless; unknown services are a 404", async () => {
    const admin = await tokenFor("admin");
    const { _id } = (await (await postJson("/api/services", SERVICE, bearer(admin))).json()) as { _id: string };
    const client = await createTestUser({ role: "client" });
    const token = await apiTokenFor(client.email);
    expect((await appFetch(`/api/services/${_id}/enroll`, { method: "POST" })).status).toBe(401);
    const first = await appFetch(`/api/services/${_id}/enroll`, { method: "POST", headers: bearer(token) });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ message: "Enrolled", service: { _id, path: "moot-court" } });
    const again = await appFetch(`/api/services/${_id}/enroll`, { method: "POST", headers: bearer(token) });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ message: "Already enrolled" });
    const unknown = await appFetch("/api/services/no-such-id/enroll", { method: "POST", headers: bearer(token) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: "Service not found" });
    expect((await appFetch(`/api/services/${_id}/enroll`, { headers: bearer(token) })).status).toBe(405);
    expect(await testContext().db.select().from(enrolments)).toEqual([
      expect.objectContaining({ userId: client.id, serviceId: _id }),
    ]);
  });

  it("the dashboard enrols without JavaScript, lists my enrolments, and offers the quick create only to staff", async () => {
    const [row] = await testContext()
      .db.insert(services)
      .values({ title: "Judiciary Prep", path: "judiciary-prep", levels: "Prelims" })
      .returning();
    const serviceId = row!.id;
    expect((await appFetch("/dashboard")).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    const client = await createTestUser({ role: "client" });
    const cookie = await sessionCookieFor(client.id);
    const page = async () => (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(await page()).toContain("You are not enrolled in any service yet.");
    expect(await page()).not.toContain("Create a service");

    const enrol = (id: string) =>
      appFetch("/dashboard", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "enrol", serviceId: id }),
      });
    const done = await enrol(serviceId);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard?done=enrolled&title=Judiciary+Prep");
    expect(await (await appFetch(done.headers.get("Location")!, { headers: { Cookie: cookie } })).text()).toContain(
      "You are enrolled in Judiciary Prep.",
    );
    expect((await enrol(serviceId)).headers.get("Location")).toBe("/dashboard?done=already&title=Judiciary+Prep");
    expect(await page()).toMatch(/My enrolments[\s\S]*href="\/services\/judiciary-prep"/);
    expect((await enrol("missing")).status).toBe(404);

    // A client cannot create a service through the dashboard's action either.
    const create = await appFetch("/dashboard", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ intent: "create", title: "Mine" }),
    });
    expect(create.status).toBe(403);
    expect(await testContext().db.select().from(services)).toHaveLength(1);
  });

  it("staff create a service from the dashboard with only a title; the path is derived and made unique", async () => {
    const teacher = await createTestUser({ role: "teacher" });
    const cookie = await sessionCookieFor(teacher.id);
    expect(await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text()).toContain("Create a service");
    const create = (title: string) =>
      appFetch("/dashboard", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "create", title }),
      });
    expect((await create("   ")).status).toBe(400);
    expect((await create("Moot Court (2026)")).headers.get("Location")).toBe(
      "/dashboard?done=created&title=Moot+Court+%282026%29&path=moot-court-2026",
    );
    expect((await create("Moot court 2026!")).headers.get("Location")).toContain("path=moot-court-2026-2");
    const rows = await testContext().db.select().from(services);
    expect(rows.map((row) => [row.path, row.icon, row.createdBy])).toEqual([
      ["moot-court-2026", "FaBookOpen", teacher.id],
      ["moot-court-2026-2", "FaBookOpen", teacher.id],
    ]);
    expect((await appFetch("/services/moot-court-2026-2")).status).toBe(200);
  });
});

describe("/admin dashboard and Manage Services", () => {
  it("shows each role its sections: teachers see Manage Services only; clients get 403", async () => {
    const cookies = {
      admin: await sessionCookieFor((await createTestUser({ role: "admin" })).id),
      teacher: await sessionCookieFor((await createTestUser({ role: "teacher" })).id),
      client: await sessionCookieFor((await createTestUser({ role: "client" })).id),
    };
    const adminHtml = await (await appFetch("/admin", { headers: { Cookie: cookies.admin } })).text();
    for (const label of ["Manage Services", "Manage Founders", "Manage Roles", "Manage Teachers"])
      expect(adminHtml).toContain(label);
    const teacherHtml = await (await appFetch("/admin", { headers: { Cookie: cookies.teacher } })).text();
    expect(teacherHtml).toContain("Manage Services");
    for (const label of ["Manage Founders", "Manage Roles", "Manage Teachers"])
      expect(teacherHtml).not.toContain(label);
    expect((await appFetch("/admin", { headers: { Cookie: cookies.client } })).status).toBe(403);
    expect((await appFetch("/admin/services", { headers: { Cookie: cookies.client } })).status).toBe(403);
    expect((await appFetch("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("a teacher creates a service with a form post and deletes it after confirming; bad input re-renders with field errors", async () => {
    const cookie = await sessionCookieFor((await createTestUser({ role: "teacher" })).id);
    const post = (fields: Record<string, string>) =>
      appFetch("/admin/services", { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
    const fields = {
      ...SERVICE,
      youtubeVideos: "https://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nhttps://youtu.be/dQw4w9WgXcQ",
    };
    const created = await post(fields);
    expect(created.status).toBe(302);
    const [row] = await testContext().db.select().from(services);
    expect(created.headers.get("Location")).toBe(`/admin/services?done=created&saved=${row!.id}`);
    const notice = (
      await (await appFetch(created.headers.get("Location")!, { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(notice).toContain(`Service “${row!.title}” created.`);
    expect(notice).toContain('href="/services/moot-court"');
    expect(row!.youtubeVideos).toEqual(["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"]);

    const duplicate = await post(fields);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("This path is already used");
    const spaces = await post({ ...fields, path: "two words", youtubeVideos: "not a link" });
    expect(spaces.status).toBe(400);
    const html = await spaces.text();
    expect(html).toContain("no spaces or slashes");
    expect(html).toContain("Each video must be a link");

    const ask = await post({ intent: "confirm-delete", id: row!.id });
    expect(ask.headers.get("Location")).toBe(`/admin/services?delete=${row!.id}`);
    expect(await (await appFetch(ask.headers.get("Location")!, { headers: { Cookie: cookie } })).text()).toContain(
      "Move this service and its sub-services to the trash?",
    );
    expect((await post({ intent: "delete", id: row!.id })).headers.get("Location")).toBe(
      `/admin/services?done=deleted&undo=${row!.id}`,
    );
    expect(await testContext().db.select().from(services)).toHaveLength(0);
  });
});
