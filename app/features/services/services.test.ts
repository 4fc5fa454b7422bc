import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { services, subServices } from "../../../db/schema";
import { apiTokenFor, appFetch, createTestUser, postJson, testContext } from "../../../tests/helpers";

const SERVICE = { title: "Moot Court Training", path: "moot-court", levels: "Beginner · Advanced", icon: "FaGavel" };

async function tokenFor(role: "admin" | "teacher" | "client") {
  const user = await createTestUser({ role });
  return apiTokenFor(user.email, user.password);
}
const auth = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

describe("services through /api/services", () => {
  it("teachers and admins create; clients and visitors cannot; the grid and the detail page show it", async () => {
    const [client, teacher] = [await tokenFor("client"), await tokenFor("teacher")];
    expect((await postJson("/api/services", SERVICE)).status).toBe(401);
    expect((await postJson("/api/services", SERVICE, auth(client))).status).toBe(403);
    const created = await postJson("/api/services", SERVICE, auth(teacher));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ _id: expect.any(String), path: "moot-court", icon: "FaGavel" });
    const list = (await (await appFetch("/api/services")).json()) as Array<{ path: string }>;
    expect(list.map((service) => service.path)).toEqual(["moot-court"]);
    const grid = await (await appFetch("/services")).text();
    expect(grid).toContain('href="/services/moot-court"');
    expect((await appFetch("/services/moot-court")).status).toBe(200);
    expect((await appFetch("/services/no-such")).status).toBe(404);
  });

  it("refuses a duplicate or unsafe path and bad fields with a clear 4xx", async () => {
    const admin = await tokenFor("admin");
    expect((await postJson("/api/services", SERVICE, auth(admin))).status).toBe(201);
    const duplicate = await postJson("/api/services", { ...SERVICE, title: "Other" }, auth(admin));
    expect(duplicate.status).toBe(409);
    for (const [body, message] of [
      [{ ...SERVICE, path: "has spaces" }, "no spaces or slashes"],
      [{ ...SERVICE, path: "a/b" }, "no spaces or slashes"],
      [{ ...SERVICE, icon: "FaRocket" }, "Choose one of the listed icons"],
      [{ ...SERVICE, title: "" }, "Title is required"],
    ] as const) {
      const response = await postJson("/api/services", body, auth(admin));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await postJson("/api/services", "{oops", auth(admin))).status).toBe(400);
    expect(await testContext().db.select().from(services)).toHaveLength(1);
  });

  it("deleting a service removes its sub-services and their files; a client may not", async () => {
    const [client, teacher] = [await tokenFor("client"), await tokenFor("teacher")];
    const { _id } = (await (await postJson("/api/services", SERVICE, auth(teacher))).json()) as { _id: string };
    await env.UPLOADS.put("subservices/s.pdf", "%PDF-1.4");
    await testContext().db.insert(subServices).values({ serviceId: _id, title: "Unit 1", syllabusKey: "subservices/s.pdf" });
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: auth(client) })).status).toBe(403);
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: auth(teacher) })).status).toBe(200);
    expect(await testContext().db.select().from(subServices)).toHaveLength(0);
    expect(await env.UPLOADS.head("subservices/s.pdf")).toBeNull();
    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: auth(teacher) })).status).toBe(404);
  });
});
