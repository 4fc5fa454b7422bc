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
});
