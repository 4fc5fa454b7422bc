import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testimonials } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  pageText,
  sessionCookieFor,
  testContext,
  formData,
  pngFile,
  bearer,
} from "../../../tests/helpers";

const form = (fields: Record<string, string>, photo?: File) => formData(fields, { photo });

async function tokens() {
  const client = await createTestUser({ role: "client" });
  const admin = await createTestUser({ role: "admin" });
  return {
    client: await apiTokenFor(client.email),
    admin: await apiTokenFor(admin.email),
  };
}

describe("testimonials through /api/testimonials", () => {
  it("a client's testimonial is pending until an admin approves it", async () => {
    const t = await tokens();
    const created = await appFetch("/api/testimonials", {
      method: "POST",
      headers: bearer(t.client),
      body: form({ clientName: "Neeraj Bansal", message: "<b>Excellent</b> advice." }, pngFile("me.png")),
    });
    expect(created.status).toBe(201);
    const row = (await created.json()) as { _id: string; status: string; photo: string };
    expect(row.status).toBe("pending");
    expect(await (await appFetch("/api/testimonials")).json()).toEqual([]);
    expect(await (await appFetch("/testimonial")).text()).not.toContain("Neeraj Bansal");

    expect(
      (await appFetch(`/api/testimonials/${row._id}/approve`, { method: "POST", headers: bearer(t.client) })).status,
    ).toBe(403);
    expect(
      (await appFetch(`/api/testimonials/${row._id}/approve`, { method: "POST", headers: bearer(t.admin) })).status,
    ).toBe(200);
    const html = await (await appFetch("/testimonial")).text();
    expect(html).toContain("Neeraj Bansal");
    // Stored as text, shown escaped.
    expect(html).toContain("&lt;b&gt;Excellent&lt;/b&gt;");
  });

  it("PUT changes only the non-empty fields; replacing and deleting remove the old photo", async () => {
    const t = await tokens();
    const created = (await (
      await appFetch("/api/testimonials", {
        method: "POST",
        headers: bearer(t.admin),
        body: form({ clientName: "Ritu", message: "Very good." }, pngFile("a.png")),
      })
    ).json()) as { _id: string; photo: string };
    const put = (body: FormData, token?: string) =>
      appFetch(`/api/testimonials/${created._id}`, { method: "PUT", headers: bearer(token), body });
    expect((await put(form({ message: "x" }), t.client)).status).toBe(403);
    const updated = (await (
      await put(form({ clientName: "", message: "Even better." }, pngFile("b.png")), t.admin)
    ).json()) as {
      clientName: string;
      message: string;
      photo: string;
    };
    expect(updated).toMatchObject({ clientName: "Ritu", message: "Even better." });
    expect(await env.UPLOADS.head(created.photo)).toBeNull();
    const removed = await appFetch(`/api/testimonials/${created._id}`, { method: "DELETE", headers: bearer(t.admin) });
    expect(removed.status).toBe(200);
    // In the trash: the photo stays until it is deleted forever (tests/integration/trash.test.ts).
    expect(await env.UPLOADS.head(updated.photo)).not.toBeNull();
  });

  it("refuses bad input with a clear 4xx and stores nothing", async () => {
    const t = await tokens();
    const missing = await appFetch("/api/testimonials", {
      method: "POST",
      headers: bearer(t.client),
      body: form({ clientName: "A" }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Message is required" });
    const visitor = await appFetch("/api/testimonials", {
      method: "POST",
      body: form({ clientName: "A", message: "B" }),
    });
    expect(visitor.status).toBe(401);
    const badLink = await appFetch("/api/testimonials", {
      method: "POST",
      headers: bearer(t.client),
      body: form({ clientName: "A", message: "B", photoUrl: "javascript:alert(1)" }),
    });
    expect(badLink.status).toBe(400);
    expect(await testContext().db.select().from(testimonials)).toHaveLength(0);
  });
});

describe("testimonial permissions on every endpoint", () => {
  it("visitor 401, client and teacher 403, admin allowed, for PUT, DELETE, approve and reject", async () => {
    const { db } = testContext();
    const [row] = await db
      .insert(testimonials)
      .values({ clientName: "X", message: "Y", status: "pending" })
      .returning();
    const teacher = await createTestUser({ role: "teacher" });
    const t = { ...(await tokens()), teacher: await apiTokenFor(teacher.email) };
    const calls = (token?: string) => [
      () =>
        appFetch(`/api/testimonials/${row!.id}`, {
          method: "PUT",
          headers: bearer(token),
          body: form({ message: "Z" }),
        }),
      () => appFetch(`/api/testimonials/${row!.id}/approve`, { method: "POST", headers: bearer(token) }),
      () => appFetch(`/api/testimonials/${row!.id}/reject`, { method: "POST", headers: bearer(token) }),
      () => appFetch(`/api/testimonials/${row!.id}`, { method: "DELETE", headers: bearer(token) }),
    ];
    for (const [token, status] of [
      [undefined, 401],
      [t.client, 403],
      [t.teacher, 403],
    ] as const) {
      for (const call of calls(token)) expect((await call()).status).toBe(status);
    }
    // A teacher may submit (pending), like any signed-in user.
    const submitted = await appFetch("/api/testimonials", {
      method: "POST",
      headers: bearer(t.teacher),
      body: form({ clientName: "T", message: "M" }),
    });
    expect(await submitted.json()).toMatchObject({ status: "pending" });
    const statuses = [];
    for (const call of calls(t.admin)) statuses.push((await call()).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

describe("removing a testimonial's photo on /admin/testimonials (page only)", () => {
  it("clears the stored key and deletes the R2 object; the page shows the placeholder; the API ignores the field", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    const cookie = await sessionCookieFor(admin.id);
    const created = (await (
      await appFetch("/api/testimonials", {
        method: "POST",
        headers: bearer(token),
        body: form({ clientName: "Meera Das", message: "Clear advice." }, pngFile("a.png")),
      })
    ).json()) as { _id: string; photo: string };
    expect(await env.UPLOADS.head(created.photo)).not.toBeNull();

    const viaApi = await appFetch(`/api/testimonials/${created._id}`, {
      method: "PUT",
      headers: bearer(token),
      body: form({ removeImage: "on" }),
    });
    expect(((await viaApi.json()) as { photo: string }).photo).toBe(created.photo);

    // A new photo with the tick asks for two opposite things: refused, naming the field; nothing changes or stays.
    const both = await appFetch("/admin/testimonials", {
      method: "POST",
      headers: { Cookie: cookie },
      body: form(
        { id: created._id, clientName: "Meera Das", message: "Clear advice.", removeImage: "on" },
        pngFile("b.png"),
      ),
    });
    expect(both.status).toBe(400);
    expect(await both.text()).toContain("Choose a new photo or remove the current one, not both");
    expect((await env.UPLOADS.list({ prefix: "testimonials/" })).objects.map((object) => object.key)).toEqual([
      created.photo,
    ]);

    const removed = await appFetch("/admin/testimonials", {
      method: "POST",
      headers: { Cookie: cookie },
      body: form({ id: created._id, clientName: "Meera Das", message: "Clear advice.", removeImage: "on" }),
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe(
      `/admin/testimonials?edit=${created._id}&done=updated&saved=${created._id}`,
    );
    // The edit lands back on the item's edit form, showing what is stored: no image left to remove.
    const editPage = await pageText(await appFetch(removed.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(editPage).toContain("Edit testimonial");
    expect(editPage).toContain("” updated.");
    expect(editPage).toContain(`name="id" value="${created._id}"`);
    expect(editPage).not.toContain('name="removeImage"');
    const row = await testContext().db.query.testimonials.findFirst({ where: eq(testimonials.id, created._id) });
    expect(row).toMatchObject({ photo: null, clientName: "Meera Das" });
    expect(await env.UPLOADS.head(created.photo)).toBeNull();
    const page = await (await appFetch("/testimonial")).text();
    expect(page).toContain("testimonial-card__photo--initials");
    expect(page).not.toContain(created.photo);
    // The edit form no longer offers a current photo to remove.
    const edit = await (
      await appFetch(`/admin/testimonials?edit=${created._id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(edit).not.toContain("Current photo");
    expect(edit).not.toContain('name="removeImage"');
  });
});
