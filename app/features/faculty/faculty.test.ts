import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { faculty } from "../../../db/schema";
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
  expectConsoleError,
} from "../../../tests/helpers";

const form = (fields: Record<string, string>, image?: File) => formData(fields, { image });

async function tokenFor(role: "admin" | "teacher" | "client") {
  const user = await createTestUser({ role });
  return apiTokenFor(user.email);
}

type Member = {
  _id: string;
  name: string;
  subject: string;
  services: string[];
  image: string | null;
  specialization: string;
};

async function bucketKeys(prefix = "faculty/") {
  return (await env.UPLOADS.list({ prefix })).objects.map((object) => object.key);
}

describe("founders through /api/faculty", () => {
  it("only admins add; services arrive as a JSON list; /founders and GET /api/faculty show the founder", async () => {
    const [client, teacher, admin] = [await tokenFor("client"), await tokenFor("teacher"), await tokenFor("admin")];
    const fields = {
      name: "Adv. Meera Iyer",
      subject: "Corporate Law",
      specialization: "M&A",
      services: '["Due diligence", "Contracts"]',
    };
    expect((await appFetch("/api/faculty", { method: "POST", body: form(fields) })).status).toBe(401);
    expect(
      (await appFetch("/api/faculty", { method: "POST", headers: bearer(client), body: form(fields) })).status,
    ).toBe(403);
    expect(
      (await appFetch("/api/faculty", { method: "POST", headers: bearer(teacher), body: form(fields) })).status,
    ).toBe(403);
    const created = await appFetch("/api/faculty", {
      method: "POST",
      headers: bearer(admin),
      body: form(fields, pngFile()),
    });
    expect(created.status).toBe(201);
    const member = (await created.json()) as Member;
    expect(member).toMatchObject({
      name: "Adv. Meera Iyer",
      subject: "Corporate Law",
      services: ["Due diligence", "Contracts"],
    });
    expect(member.image).toMatch(/^faculty\/.+\.png$/);
    expect(await env.UPLOADS.head(member.image!)).not.toBeNull();

    const list = (await (await appFetch("/api/faculty")).json()) as Member[];
    expect(list.map((item) => item._id)).toEqual([member._id]);
    const page = await (await appFetch("/founders")).text();
    expect(page).toContain("Adv. Meera Iyer");
    expect(page).toContain("Due diligence");
    expect(page).toContain(`/uploads/${member.image}`);
  });

  it("refuses missing fields, malformed service lists and non-images with a 4xx, storing nothing", async () => {
    const admin = await tokenFor("admin");
    const post = (body: FormData) => appFetch("/api/faculty", { method: "POST", headers: bearer(admin), body });
    for (const [fields, message] of [
      [{ subject: "Tax" }, "Name is required"],
      [{ name: "A", subject: "  " }, "Subject is required"],
      [
        { name: "A", subject: "Tax", services: '["unclosed' },
        "Services must be comma separated, or a JSON list of names",
      ],
      [{ name: "A", subject: "Tax", services: "[1, 2]" }, "Services must be comma separated, or a JSON list of names"],
    ] as const) {
      const response = await post(form(fields));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const executable = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], "photo.png", {
      type: "image/png",
    });
    const badImage = await post(form({ name: "A", subject: "Tax" }, executable));
    expect(badImage.status).toBe(400);
    expect(((await badImage.json()) as { message: string }).message).toContain("JPEG, PNG, WebP or GIF");
    expect(
      (
        await appFetch("/api/faculty", {
          method: "POST",
          headers: { ...bearer(admin), "Content-Type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(415);
    expect(await testContext().db.select().from(faculty)).toHaveLength(0);
    expect(await bucketKeys()).toEqual([]);
  });

  it("PUT changes the non-empty fields and replaces the photo; DELETE moves the row to the trash, keeping the photo", async () => {
    const [client, admin] = [await tokenFor("client"), await tokenFor("admin")];
    const created = (await (
      await appFetch("/api/faculty", {
        method: "POST",
        headers: bearer(admin),
        body: form({ name: "Rohan Das", subject: "Tax", services: "GST, Income tax" }, pngFile()),
      })
    ).json()) as Member;
    expect(created.services).toEqual(["GST", "Income tax"]);
    const put = (body: FormData, token?: string) =>
      appFetch(`/api/faculty/${created._id}`, { method: "PUT", headers: bearer(token), body });
    expect((await put(form({ subject: "x" }), client)).status).toBe(403);
    const updated = await put(
      form({ name: "", subject: "Indirect Tax", services: '["GST"]' }, pngFile("new.png")),
      admin,
    );
    expect(updated.status).toBe(200);
    const member = (await updated.json()) as Member;
    expect(member).toMatchObject({ name: "Rohan Das", subject: "Indirect Tax", services: ["GST"] });
    expect(member.image).not.toBe(created.image);
    expect(await bucketKeys()).toEqual([member.image]);
    expect((await put(form({ subject: "x" }), admin)).status).toBe(200);
    expect(
      (await appFetch("/api/faculty/nope", { method: "PUT", headers: bearer(admin), body: form({ subject: "x" }) }))
        .status,
    ).toBe(404);

    expect((await appFetch(`/api/faculty/${created._id}`, { method: "DELETE", headers: bearer(client) })).status).toBe(
      403,
    );
    const removed = await appFetch(`/api/faculty/${created._id}`, { method: "DELETE", headers: bearer(admin) });
    expect(removed.status).toBe(200);
    expect(await testContext().db.select().from(faculty)).toHaveLength(0);
    // In the trash: the photo stays until it is deleted forever (tests/integration/trash.test.ts).
    expect(await bucketKeys()).toEqual([member.image]);
    expect((await appFetch(`/api/faculty/${created._id}`, { method: "DELETE", headers: bearer(admin) })).status).toBe(
      404,
    );
  });
});

describe("/admin/founders", () => {
  it("is for admins only: visitors go to /login, teachers and clients get 403", async () => {
    expect((await appFetch("/admin/founders")).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    for (const role of ["client", "teacher"] as const) {
      const cookie = await sessionCookieFor((await createTestUser({ role })).id);
      expect((await appFetch("/admin/founders", { headers: { Cookie: cookie } })).status).toBe(403);
      const post = await appFetch("/admin/founders", {
        method: "POST",
        headers: { Cookie: cookie },
        body: form({ name: "X", subject: "Y" }),
      });
      expect(post.status).toBe(403);
    }
    expect(await testContext().db.select().from(faculty)).toHaveLength(0);
  });

  it("adds with comma separated services, edits, and deletes after a confirmation step", async () => {
    const cookie = await sessionCookieFor((await createTestUser({ role: "admin" })).id);
    const post = (body: FormData) => appFetch("/admin/founders", { method: "POST", headers: { Cookie: cookie }, body });

    const invalid = await post(form({ name: "", subject: "" }));
    expect(invalid.status).toBe(400);

    const added = await post(
      form({ name: "Kavita Rao", subject: "Family Law", services: " Divorce ,, Custody , Divorce " }),
    );
    expect(added.status).toBe(302);
    const [row] = await testContext().db.select().from(faculty);
    expect(row).toMatchObject({ name: "Kavita Rao", services: ["Divorce", "Custody"] });
    expect(added.headers.get("Location")).toBe(`/admin/founders?done=added&saved=${row!.id}`);
    const addedPage = await pageText(await appFetch(added.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(addedPage).toContain("Founder “Kavita Rao” added.");
    expect(addedPage).toContain('href="/founders"');
    expect(addedPage).toContain("Add a founder");

    const editPage = await (await appFetch(`/admin/founders?edit=${row!.id}`, { headers: { Cookie: cookie } })).text();
    expect(editPage).toContain('value="Divorce, Custody"');
    expect(
      (
        await post(form({ id: row!.id, name: "Kavita Rao", subject: "Family & Matrimonial Law", services: "Divorce" }))
      ).headers.get("Location"),
    ).toBe(`/admin/founders?edit=${row!.id}&done=updated&saved=${row!.id}`);
    // After an edit the page keeps the founder in the edit form, with the values as saved.
    const updatedPage = await pageText(
      await appFetch(`/admin/founders?edit=${row!.id}&done=updated&saved=${row!.id}`, { headers: { Cookie: cookie } }),
    );
    expect(updatedPage).toContain("Founder “Kavita Rao” updated.");
    expect(updatedPage).toContain("Edit Kavita Rao");
    expect(updatedPage).toContain('value="Family &amp; Matrimonial Law"');
    expect((await testContext().db.select().from(faculty))[0]).toMatchObject({
      subject: "Family & Matrimonial Law",
      services: ["Divorce"],
    });

    const ask = await post(form({ id: row!.id, intent: "confirm-delete" }));
    expect(ask.headers.get("Location")).toBe(`/admin/founders?delete=${row!.id}`);
    expect(await (await appFetch(ask.headers.get("Location")!, { headers: { Cookie: cookie } })).text()).toContain(
      "Move this founder to the trash?",
    );
    expect((await post(form({ id: row!.id, intent: "delete" }))).headers.get("Location")).toBe(
      `/admin/founders?done=deleted&undo=${row!.id}`,
    );
    expect(await testContext().db.select().from(faculty)).toHaveLength(0);
  });
});

describe("removing a founder's photo", () => {
  it("on /admin/founders clears the stored image and deletes its R2 object, as a replacement does", async () => {
    const cookie = await sessionCookieFor((await createTestUser({ role: "admin" })).id);
    const post = (body: FormData) => appFetch("/admin/founders", { method: "POST", headers: { Cookie: cookie }, body });
    expect((await post(form({ name: "Rekha Menon", subject: "Tax" }, pngFile()))).status).toBe(302);
    const [created] = await testContext().db.select().from(faculty);
    expect(created!.image).toMatch(/^faculty\/.+\.png$/);
    expect(await bucketKeys()).toEqual([created!.image]);

    // The edit form offers it only while there is a photo.
    const editUrl = `/admin/founders?edit=${created!.id}`;
    expect(await (await appFetch(editUrl, { headers: { Cookie: cookie } })).text()).toContain("Remove the photo");

    // A new photo and "remove" together are refused, naming the field; nothing changes, the new upload is not kept.
    const both = await post(
      form({ id: created!.id, name: "Rekha Menon", subject: "Tax", removeImage: "on" }, pngFile()),
    );
    expect(both.status).toBe(400);
    expect(await both.text()).toContain("Choose a new photo or remove the current one, not both");
    expect((await testContext().db.select().from(faculty))[0]!.image).toBe(created!.image);
    expect(await bucketKeys()).toEqual([created!.image]);

    const removed = await post(form({ id: created!.id, name: "Rekha Menon", subject: "Tax", removeImage: "on" }));
    expect(removed.status).toBe(302);
    const [row] = await testContext().db.select().from(faculty);
    expect(row).toMatchObject({ name: "Rekha Menon", subject: "Tax", image: null });
    expect(await env.UPLOADS.head(created!.image!)).toBeNull();
    expect(await bucketKeys()).toEqual([]);
    const editPage = await (await appFetch(editUrl, { headers: { Cookie: cookie } })).text();
    expect(editPage).not.toContain("Remove the photo");
    expect(editPage).not.toContain("Current photo");
    // The public card shows the silhouette.
    const founders = await (await appFetch("/founders")).text();
    expect(founders).toContain("person-card__silhouette");
    expect(founders).not.toContain("Portrait of Rekha Menon");
  });

  it("through PUT /api/faculty/{id} with removeImage=true, and a photo link is cleared too", async () => {
    const admin = await tokenFor("admin");
    const created = (await (
      await appFetch("/api/faculty", {
        method: "POST",
        headers: bearer(admin),
        body: form({ name: "Vikram Sethi", subject: "Arbitration", imageUrl: "https://example.com/vikram.jpg" }),
      })
    ).json()) as Member;
    expect(created.image).toBe("https://example.com/vikram.jpg");
    const put = (fields: Record<string, string>) =>
      appFetch(`/api/faculty/${created._id}`, { method: "PUT", headers: bearer(admin), body: form(fields) });
    const wrong = await put({ removeImage: "yes" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      removeImage: ["removeImage must be true or false, not text"],
    });
    const cleared = await put({ removeImage: "true" });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as Member).image).toBeNull();
    expect((await testContext().db.select().from(faculty))[0]!.image).toBeNull();
  });
});

describe("founders and the edge cache", () => {
  /** An anonymous GET, read whole so its cache write completes; returns the cache status and the page. */
  async function anonymous(path: string) {
    const response = await appFetch(path);
    const body = await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { cache: response.headers.get("X-Cache"), body };
  }

  it("adding, editing and deleting a founder purges the cached /founders page", async () => {
    const admin = await tokenFor("admin");
    expect((await anonymous("/founders")).cache).toBe("MISS");
    expect((await anonymous("/founders")).cache).toBe("HIT");

    const created = (await (
      await appFetch("/api/faculty", {
        method: "POST",
        headers: bearer(admin),
        body: form({ name: "Adv. Sunil Kapoor", subject: "Criminal Law" }),
      })
    ).json()) as Member;
    const afterAdd = await anonymous("/founders");
    expect(afterAdd.cache).toBe("MISS");
    expect(afterAdd.body).toContain("Adv. Sunil Kapoor");
    expect((await anonymous("/founders")).cache).toBe("HIT");

    await appFetch(`/api/faculty/${created._id}`, {
      method: "PUT",
      headers: bearer(admin),
      body: form({ subject: "White-collar Crime" }),
    });
    expect((await anonymous("/founders")).body).toContain("White-collar Crime");

    await appFetch(`/api/faculty/${created._id}`, { method: "DELETE", headers: bearer(admin) });
    expect((await anonymous("/founders")).body).not.toContain("Adv. Sunil Kapoor");
  });
  it("an edit saved when the old photo cannot be deleted from R2 still purges /founders", async () => {
    const admin = await tokenFor("admin");
    const created = (await (
      await appFetch("/api/faculty", {
        method: "POST",
        headers: bearer(admin),
        body: form({ name: "Adv. Rekha Menon", subject: "Family Law" }),
      })
    ).json()) as Member;
    // An old photo R2 refuses to delete: its key is longer than R2 allows (as when R2 fails).
    const undeletable = `faculty/${"a".repeat(1100)}.png`;
    await testContext().db.update(faculty).set({ image: undeletable }).where(eq(faculty.id, created._id));
    await anonymous("/founders");
    expect((await anonymous("/founders")).cache).toBe("HIT");

    expectConsoleError(1); // the failed delete is logged, with its key
    const edited = await appFetch(`/api/faculty/${created._id}`, {
      method: "PUT",
      headers: bearer(admin),
      body: form({ subject: "Matrimonial Disputes" }, pngFile("new.png")),
    });
    // The edit is saved (the new photo replaced the old one), and the editor is told so, not given a 500…
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Member).subject).toBe("Matrimonial Disputes");
    const [row] = await testContext().db.select().from(faculty).where(eq(faculty.id, created._id));
    expect(row!.subject).toBe("Matrimonial Disputes");
    expect(row!.image).not.toBe(undeletable);
    // …and the next anonymous visitor sees it.
    const after = await anonymous("/founders");
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("Matrimonial Disputes");
  });
});
