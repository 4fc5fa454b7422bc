import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, auditLog } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  pageText,
  sessionCookieFor,
  testContext,
  bearer,
} from "../../../tests/helpers";
import { slugify } from "./article-editor.server";

const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 300 }, (_, i) => i % 256),
]);

function articleForm(fields: Record<string, string>, image?: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set("image", image);
  return form;
}

const VALID = { title: "Arbitration & You", summary: "What to know.", highlight: "Name the seat." };

async function tokens() {
  const [client, teacher, admin] = [
    await createTestUser({ role: "client" }),
    await createTestUser({ role: "teacher" }),
    await createTestUser({ role: "admin" }),
  ];
  return {
    client: await apiTokenFor(client.email),
    teacher: await apiTokenFor(teacher.email),
    admin: await apiTokenFor(admin.email),
  };
}

const post = (path: string, form: FormData, token?: string, method = "POST") =>
  appFetch(path, { method, body: form, headers: bearer(token) });

describe("articles through /api/blogs", () => {
  it("a client's article waits for review; the admin approves it and it becomes public", async () => {
    const t = await tokens();
    const created = await post(
      "/api/blogs",
      articleForm(VALID, new File([PNG], "cover.png", { type: "image/png" })),
      t.client,
    );
    expect(created.status).toBe(201);
    const article = (await created.json()) as { _id: string; slug: string; status: string; image: string };
    expect(article).toMatchObject({ slug: "arbitration-and-you", status: "pending" });
    expect(article.image).toMatch(/^articles\/[0-9a-f]+\.png$/);

    const publicList = (await (await appFetch("/api/blogs")).json()) as { items: unknown[]; total: number };
    expect(publicList.total).toBe(0);
    expect((await appFetch(`/blogs/${article.slug}`)).status).toBe(404);

    for (const token of [undefined, t.client, t.teacher]) {
      const response = await appFetch(`/api/blogs/${article._id}/approve`, { method: "POST", headers: bearer(token) });
      expect(response.status).toBe(token ? 403 : 401);
    }
    expect(
      (await appFetch(`/api/blogs/${article._id}/approve`, { method: "POST", headers: bearer(t.admin) })).status,
    ).toBe(200);

    const list = (await (await appFetch("/api/blogs")).json()) as {
      items: Array<{ _id: string }>;
      total: number;
      page: number;
      pages: number;
    };
    expect(list).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(list.items[0]!._id).toBe(article._id);
    const page = await appFetch(`/blogs/${article.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Arbitration &amp; You");

    // The stored cover is served with Range support.
    const range = await appFetch(`/uploads/${article.image}`, { headers: { Range: "bytes=8-15" } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(PNG.slice(8, 16));
  });

  it("only admins edit and delete; replacing removes the old image, deleting keeps it (trash)", async () => {
    const t = await tokens();
    const created = (await (
      await post("/api/blogs", articleForm(VALID, new File([PNG], "a.png", { type: "image/png" })), t.admin)
    ).json()) as {
      _id: string;
      status: string;
      image: string;
    };
    expect(created.status).toBe("published");
    const put = (form: FormData, token?: string) => post(`/api/blogs/${created._id}`, form, token, "PUT");
    expect((await put(articleForm({ title: "x" }))).status).toBe(401);
    expect((await put(articleForm({ title: "x" }), t.client)).status).toBe(403);
    expect((await put(articleForm({ title: "x" }), t.teacher)).status).toBe(403);

    const updated = await put(
      articleForm({ title: "New title", summary: "" }, new File([PNG], "b.png", { type: "image/png" })),
      t.admin,
    );
    expect(updated.status).toBe(200);
    const after = (await updated.json()) as { title: string; summary: string; image: string };
    // Only the non-empty fields changed.
    expect(after).toMatchObject({ title: "New title", summary: "What to know." });
    expect(after.image).not.toBe(created.image);
    expect(await env.UPLOADS.head(created.image)).toBeNull();
    expect(await env.UPLOADS.head(after.image)).not.toBeNull();

    expect((await appFetch(`/api/blogs/${created._id}`, { method: "DELETE", headers: bearer(t.client) })).status).toBe(
      403,
    );
    expect((await appFetch(`/api/blogs/${created._id}`, { method: "DELETE", headers: bearer(t.admin) })).status).toBe(
      200,
    );
    // Deleted means in the trash: the image stays until it is deleted forever (tests/integration/trash.test.ts).
    expect(await env.UPLOADS.head(after.image)).not.toBeNull();
    expect((await appFetch(`/api/blogs/${created._id}`, { method: "DELETE", headers: bearer(t.admin) })).status).toBe(
      404,
    );
  });

  it("refuses bad input with a clear 4xx and stores nothing: missing fields, a disguised image, a visitor", async () => {
    const t = await tokens();
    const { db } = testContext();
    const missing = await post("/api/blogs", articleForm({ title: "Only a title" }), t.client);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Summary is required" });
    const disguised = await post(
      "/api/blogs",
      articleForm(VALID, new File([new TextEncoder().encode("%PDF-1.4 not an image")], "x.png", { type: "image/png" })),
      t.client,
    );
    expect(disguised.status).toBe(400);
    expect(await disguised.json()).toMatchObject({ message: "The file must be a JPEG, PNG, WebP or GIF image." });
    expect((await post("/api/blogs", articleForm(VALID))).status).toBe(401);
    const tooLong = await post("/api/blogs", articleForm({ ...VALID, title: "x".repeat(201) }), t.client);
    expect(tooLong.status).toBe(400);
    const json = await appFetch("/api/blogs", {
      method: "POST",
      headers: { ...bearer(t.client), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ message: "Send the fields as multipart/form-data" });
    expect(await db.select().from(articles)).toHaveLength(0);
    expect((await env.UPLOADS.list()).objects).toHaveLength(0);
  });

  it("schedules an article with a future date and keeps slugs unique", async () => {
    const t = await tokens();
    const future = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    const scheduled = (await (
      await post("/api/blogs", articleForm({ ...VALID, publishedAt: future }), t.admin)
    ).json()) as { slug: string };
    expect((await appFetch(`/blogs/${scheduled.slug}`)).status).toBe(404);
    expect(((await (await appFetch("/api/blogs")).json()) as { total: number }).total).toBe(0);
    // The admin sees it in the API list.
    expect(
      ((await (await appFetch("/api/blogs", { headers: bearer(t.admin) })).json()) as { total: number }).total,
    ).toBe(1);
    // When the day comes it is public.
    await testContext()
      .db.update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) });
    expect((await appFetch(`/blogs/${scheduled.slug}`)).status).toBe(200);

    const second = (await (await post("/api/blogs", articleForm(VALID), t.admin)).json()) as { slug: string };
    expect(second.slug).toBe("arbitration-and-you-2");
    expect(slugify("  Section 138: Cheque Bounce — A Guide ")).toBe("section-138-cheque-bounce-a-guide");
  });

  it("renders Markdown without letting raw HTML or script links through", async () => {
    const { db } = testContext();
    await db.insert(articles).values({
      slug: "safe-markdown",
      title: "Safe",
      summary: "s",
      highlight: "h",
      body: "## Heading\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2)) and **bold**",
      publishedAt: new Date(Date.now() - 1000),
      status: "published",
    });
    const html = await (await appFetch("/blogs/safe-markdown")).text();
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('"@type":"Article"');
    const row = await db.query.articles.findFirst({ where: eq(articles.slug, "safe-markdown") });
    expect(row).toBeTruthy();
  });
});

describe("an article's date on /admin/blogs", () => {
  const pubDate = async (slug: string) =>
    new RegExp(`/blogs/${slug}</link>[\\s\\S]*?<pubDate>([^<]+)</pubDate>`).exec(
      await (await appFetch("/blogs/rss.xml")).text(),
    )?.[1];

  it("is India's clock to the millisecond: an edit of every other field keeps publishedAt exactly", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    // Published at 02:00:12.345 in India on 27 November, still 26 November in UTC.
    const publishedAt = new Date("2026-11-26T20:30:12.345Z");
    const [row] = await db
      .insert(articles)
      .values({ ...VALID, slug: "small-hours", status: "published", publishedAt })
      .returning();
    const shownDate = async (slug: string) =>
      /<time dateTime="[^"]+">([^<]+)<\/time>/.exec(await pageText(await appFetch(`/blogs/${slug}`)))?.[1];
    expect(await shownDate("small-hours")).toBe("27 Nov 2026");
    const feedDate = await pubDate("small-hours");
    expect(feedDate).toBe("Thu, 26 Nov 2026 20:30:12 GMT");

    const editPage = await pageText(await appFetch(`/admin/blogs?edit=${row!.id}`, { headers: { Cookie: cookie } }));
    const input = /<input[^>]*name="publishedAt"[^>]*>/.exec(editPage)?.[0] ?? "";
    expect(input).toContain('type="datetime-local"');
    const shown = /value="([^"]*)"/.exec(input)?.[1];
    expect(shown).toBe("2026-11-27T02:00:12.345");
    const version = /name="version" value="([^"]*)"/.exec(editPage)?.[1];

    // Every field but the date changes, the date sent back as the form showed it.
    const form = articleForm({
      id: row!.id,
      title: "Small Hours, Revised",
      summary: "Revised.",
      highlight: "A new quote.",
      author: "A. Sharma",
      category: "Tax",
      body: "New *text*.",
      slug: "small-hours-revised",
      imageUrl: "https://example.com/cover.png",
      publishedAt: shown!,
      ...(version ? { version } : {}),
    });
    const saved = await appFetch("/admin/blogs", { method: "POST", headers: { Cookie: cookie }, body: form });
    expect(saved.status).toBe(302);
    const stored = await db.query.articles.findFirst({ where: eq(articles.id, row!.id) });
    expect(stored).toMatchObject({ title: "Small Hours, Revised", slug: "small-hours-revised", category: "Tax" });
    expect(stored!.publishedAt.toISOString()).toBe(publishedAt.toISOString());
    expect(await shownDate("small-hours-revised")).toBe("27 Nov 2026");
    expect(await pubDate("small-hours-revised")).toBe(feedDate);
    // The audit row of the edit names no date change.
    const edit = await db.query.auditLog.findFirst({ where: eq(auditLog.entityId, row!.id) });
    expect(edit!.summary).not.toContain("publishedAt");
  });

  it("a date and time typed in the form is India's; a bare date is that day from midnight in India", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    const [row] = await db
      .insert(articles)
      .values({ ...VALID, slug: "typed", status: "published", publishedAt: new Date("2026-01-01T00:00:00Z") })
      .returning();
    const save = (publishedAt: string) =>
      appFetch("/admin/blogs", {
        method: "POST",
        headers: { Cookie: cookie },
        body: articleForm({ id: row!.id, ...VALID, publishedAt }),
      });
    const stored = async () => (await db.query.articles.findFirst({ where: eq(articles.id, row!.id) }))!.publishedAt;
    expect((await save("2026-12-01T09:15")).status).toBe(302);
    expect((await stored()).toISOString()).toBe("2026-12-01T03:45:00.000Z");
    expect((await save("2026-12-01T09:15:30")).status).toBe(302);
    expect((await stored()).toISOString()).toBe("2026-12-01T03:45:30.000Z");
    expect((await save("2026-11-27")).status).toBe(302);
    expect((await stored()).toISOString()).toBe("2026-11-26T18:30:00.000Z");
  });

  it("through the API: a PUT of every field but the date keeps publishedAt exactly", async () => {
    const t = await tokens();
    const { db } = testContext();
    const publishedAt = new Date("2026-11-26T01:27:43.210Z");
    const [row] = await db
      .insert(articles)
      .values({ ...VALID, slug: "api-kept", status: "published", publishedAt })
      .returning();
    const feedDate = await pubDate("api-kept");
    const response = await post(
      `/api/blogs/${row!.id}`,
      articleForm({
        title: "Kept Through the API",
        summary: "New summary.",
        highlight: "New highlight.",
        author: "B. Rao",
        category: "Labour",
        body: "Body.",
        slug: "api-kept-2",
        imageUrl: "https://example.com/other.png",
      }),
      t.admin,
      "PUT",
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { publishedAt: string; title: string };
    expect(body.title).toBe("Kept Through the API");
    expect(body.publishedAt).toBe(publishedAt.toISOString());
    const list = (await (await appFetch("/api/blogs", { headers: bearer(t.admin) })).json()) as {
      items: Array<{ _id: string; publishedAt: string }>;
    };
    expect(list.items.find((item) => item._id === row!.id)?.publishedAt).toBe(publishedAt.toISOString());
    expect(await pubDate("api-kept-2")).toBe(feedDate);
  });
});

describe("removing an article's cover on /admin/blogs (page only)", () => {
  const editForm = (id: string, fields: Record<string, string>, image?: File) =>
    articleForm({ id, ...VALID, ...fields }, image);
  const postPage = (cookie: string, form: FormData) =>
    appFetch("/admin/blogs", { method: "POST", headers: { Cookie: cookie }, body: form });

  it("clears the stored key, deletes the R2 object and audits it; the list shows the generated cover", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    const cookie = await sessionCookieFor(admin.id);
    const created = (await (
      await post("/api/blogs", articleForm(VALID, new File([PNG], "a.png", { type: "image/png" })), token)
    ).json()) as { _id: string; slug: string; image: string };
    expect(await env.UPLOADS.head(created.image)).not.toBeNull();

    // The API's PUT has no such field (docs/api.md): it is ignored there, the image stays.
    const viaApi = await post(`/api/blogs/${created._id}`, articleForm({ removeImage: "on" }), token, "PUT");
    expect(viaApi.status).toBe(200);
    expect(((await viaApi.json()) as { image: string }).image).toBe(created.image);

    const removed = await postPage(cookie, editForm(created._id, { removeImage: "on" }));
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe(`/admin/blogs?edit=${created._id}&done=updated&saved=${created._id}`);
    // The edit lands back on the item's edit form, showing what is stored: no image left to remove.
    const editPage = await pageText(await appFetch(removed.headers.get("Location")!, { headers: { Cookie: cookie } }));
    expect(editPage).toContain("Edit article");
    expect(editPage).toContain("” updated.");
    expect(editPage).toContain(`name="id" value="${created._id}"`);
    expect(editPage).not.toContain('name="removeImage"');
    const { db } = testContext();
    const row = await db.query.articles.findFirst({ where: eq(articles.id, created._id) });
    expect(row).toMatchObject({ image: null, title: VALID.title });
    expect(await env.UPLOADS.head(created.image)).toBeNull();
    const audit = await db.query.auditLog.findMany({ where: eq(auditLog.entityId, created._id) });
    expect(audit.map((entry) => entry.action)).toContain("edit");
    expect(audit.find((entry) => entry.action === "edit" && entry.summary.includes("image: "))?.summary).toContain(
      `image: "${created.image}" → —`,
    );
    const list = await (await appFetch("/blogs")).text();
    expect(list).toContain(`/blogs/${created.slug}/cover.svg`);
    expect(list).not.toContain(created.image);
  });

  it("a new file with the tick is refused, naming the field; a kept link with the tick is removed; no tick keeps it", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    const [linked] = await db
      .insert(articles)
      .values({ ...VALID, slug: "linked", image: "https://example.com/cover.png", publishedAt: new Date() })
      .returning();
    // No tick, the link still in its field: nothing changes.
    expect((await postPage(cookie, editForm(linked!.id, { imageUrl: "https://example.com/cover.png" }))).status).toBe(
      302,
    );
    expect((await db.query.articles.findFirst({ where: eq(articles.id, linked!.id) }))!.image).toBe(
      "https://example.com/cover.png",
    );
    // The tick with the current link still in its field: removed.
    await postPage(cookie, editForm(linked!.id, { imageUrl: "https://example.com/cover.png", removeImage: "on" }));
    expect((await db.query.articles.findFirst({ where: eq(articles.id, linked!.id) }))!.image).toBeNull();
    // The tick with a new file asks for two opposite things: refused, as for founders, and the file is not kept.
    await db.update(articles).set({ image: "https://example.com/cover.png" }).where(eq(articles.id, linked!.id));
    const both = await postPage(
      cookie,
      editForm(linked!.id, { removeImage: "on" }, new File([PNG], "n.png", { type: "image/png" })),
    );
    expect(both.status).toBe(400);
    expect(await both.text()).toContain("Choose a new cover image or remove the current one, not both");
    expect((await db.query.articles.findFirst({ where: eq(articles.id, linked!.id) }))!.image).toBe(
      "https://example.com/cover.png",
    );
    expect((await env.UPLOADS.list({ prefix: "articles/" })).objects).toEqual([]);
    // A new file alone replaces the link.
    const replaced = await postPage(cookie, editForm(linked!.id, {}, new File([PNG], "n.png", { type: "image/png" })));
    expect(replaced.status).toBe(302);
    const image = (await db.query.articles.findFirst({ where: eq(articles.id, linked!.id) }))!.image;
    expect(image).toMatch(/^articles\/[0-9a-f]+\.png$/);
    expect(await env.UPLOADS.head(image!)).not.toBeNull();
  });

  it("a refused edit (a field named) changes nothing and keeps the image", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    await env.UPLOADS.put("articles/kept.png", PNG);
    const [row] = await db
      .insert(articles)
      .values({ ...VALID, slug: "kept", image: "articles/kept.png", publishedAt: new Date() })
      .returning();
    const refused = await postPage(cookie, editForm(row!.id, { title: "", removeImage: "on" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Title is required");
    expect((await db.query.articles.findFirst({ where: eq(articles.id, row!.id) }))!.image).toBe("articles/kept.png");
    expect(await env.UPLOADS.head("articles/kept.png")).not.toBeNull();
  });
});

describe("the RSS feed", () => {
  it("lists published articles, escaped, and nothing pending", async () => {
    const { db } = testContext();
    await db.insert(articles).values([
      {
        slug: "public-one",
        title: "Tax & <Duties>",
        summary: "s",
        highlight: "h",
        publishedAt: new Date(Date.now() - 1000),
        status: "published",
      },
      {
        slug: "hidden-one",
        title: "Pending piece",
        summary: "s",
        highlight: "h",
        publishedAt: new Date(Date.now() - 1000),
        status: "pending",
      },
    ]);
    const response = await appFetch("/blogs/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain("<title>Tax &amp; &lt;Duties&gt;</title>");
    expect(xml).toContain("/blogs/public-one</link>");
    expect(xml).not.toContain("Pending piece");
  });
});

describe("articles with one title at once", () => {
  it("every one is saved, each with its own slug (none answers 500)", async () => {
    const t = await tokens();
    const title = { ...VALID, title: "Budget 2026: What Changes for GST" };
    const senders = [t.client, t.teacher, t.client, t.teacher];
    const responses = await Promise.all(senders.map((token) => post("/api/blogs", articleForm(title), token)));
    expect(responses.map((response) => response.status)).toEqual(senders.map(() => 201));
    const slugs = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { slug: string }).slug),
    );
    const base = "budget-2026-what-changes-for-gst";
    expect(slugs.sort()).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`]);
    const rows = await testContext().db.select().from(articles).where(eq(articles.title, title.title));
    expect(rows).toHaveLength(4);
    // Each has its one audit row.
    const audits = await testContext().db.select().from(auditLog).where(eq(auditLog.entityKind, "article"));
    expect(audits.filter((row) => rows.some((article) => article.id === row.entityId))).toHaveLength(4);
  });
});
