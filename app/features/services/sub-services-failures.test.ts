// Unexpected failures answer with the error catalogue's fallbacks. Its own
// file: it drops the sub_services table, and storage is isolated per file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiTokenFor, appFetch, createTestUser, expectConsoleError, postJson } from "../../../tests/helpers";

const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");

describe("sub-service endpoints when the database fails", () => {
  it("answer 'Failed to fetch/create/delete sub-service(s)' and keep no uploaded file", async () => {
    const user = await createTestUser({ role: "teacher" });
    const token = await apiTokenFor(user.email);
    const headers = { Authorization: `Bearer ${token}` };
    const service = (await (
      await postJson("/api/services", { title: "S", path: "s", levels: "L", icon: "FaGavel" }, headers)
    ).json()) as { _id: string };
    await env.DB.exec("DROP TABLE sub_services");
    expectConsoleError(3);

    const list = await appFetch(`/api/sub-services?serviceId=${service._id}`);
    expect(list.status).toBe(500);
    expect(await list.json()).toEqual({ message: "Failed to fetch sub-services" });

    const form = new FormData();
    form.append("title", "Unit");
    form.append("syllabus", new File([PDF], "s.pdf", { type: "application/pdf" }));
    form.append("serviceId", service._id);
    const created = await appFetch("/api/sub-services", { method: "POST", headers, body: form });
    expect(created.status).toBe(500);
    expect(await created.json()).toEqual({ message: "Failed to create sub-service" });
    expect((await env.UPLOADS.list()).objects).toEqual([]);

    const deleted = await appFetch("/api/sub-services/some-id", { method: "DELETE", headers });
    expect(deleted.status).toBe(500);
    expect(await deleted.json()).toEqual({ message: "Failed to delete sub-service" });
  });

  it("an edit whose audit row cannot be written saves nothing and keeps no new file", async () => {
    const user = await createTestUser({ role: "teacher" });
    const headers = { Authorization: `Bearer ${await apiTokenFor(user.email)}` };
    const service = (await (
      await postJson("/api/services", { title: "T", path: "t", levels: "L", icon: "FaGavel" }, headers)
    ).json()) as { _id: string };
    const form = (title: string) => {
      const body = new FormData();
      body.append("title", title);
      body.append("serviceId", service._id);
      body.append("syllabus", new File([PDF], `${title}.pdf`, { type: "application/pdf" }));
      return body;
    };
    const created = await appFetch("/api/sub-services", { method: "POST", headers, body: form("Unit") });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const filesBefore = (await env.UPLOADS.list()).objects.map((object) => object.key);

    await env.DB.exec(
      "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'simulated outage'); END;",
    );
    try {
      expectConsoleError(1);
      const edited = await appFetch(`/api/sub-services/${_id}`, { method: "PUT", headers, body: form("Renamed") });
      expect(edited.status).toBe(500);
      expect(await edited.json()).toEqual({ message: "Failed to update sub-service" });
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_audit;");
    }
    const [row] = await env.DB.prepare("select title, syllabus_key from sub_services where id = ?")
      .bind(_id)
      .all<{
        title: string;
        syllabus_key: string;
      }>()
      .then((result) => result.results);
    expect(row!.title).toBe("Unit");
    expect(filesBefore).toContain(row!.syllabus_key);
    // The new file was removed, the old one kept.
    expect((await env.UPLOADS.list()).objects.map((object) => object.key)).toEqual(filesBefore);
  });
});
