// The article lists' totals ("Page 1 of N", the API's total and pages) come from article_counts, which
// triggers on `articles` keep (migrations/0010, decision 102). Every path that writes articles is taken
// here: rows written straight to the table, the API's create, approve, reject, edit and delete, a restore
// from the trash, the trash's delete-forever, a scheduled article. After each, the stored counts must equal
// a count of the table, and each list's total a count of what that list may show.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleCounts, articles, trashItems } from "../../db/schema";
import {
  apiTokenFor,
  appFetch,
  bearer,
  createTestUser,
  formData,
  pageText,
  postUrlEncoded,
  sessionCookieFor,
  testContext,
} from "../helpers";

const DAY = 24 * 3600_000;
const db = () => testContext().db;

type List = { items: { _id: string }[]; total: number; page: number; pages: number };
const list = async (query = "", token?: string) =>
  (await (await appFetch(`/api/blogs${query}`, { headers: bearer(token) })).json()) as List;

async function seed(
  n: number,
  fields: { status: "published" | "pending" | "rejected"; category?: string; at?: number },
) {
  const stamp = crypto.randomUUID().slice(0, 8);
  const row = (i: number) => ({
    slug: `count-${stamp}-${i}`,
    title: `Counted ${stamp} ${i}`,
    summary: "A summary.",
    highlight: "A highlight.",
    category: fields.category ?? null,
    status: fields.status,
    publishedAt: new Date(fields.at ?? Date.now() - DAY - i * 1000),
  });
  // One insert per row (D1 binds at most 100 values per statement), in one batch.
  const [first, ...rest] = Array.from({ length: n }, (_, i) => db().insert(articles).values(row(i)));
  await db().batch([first!, ...rest]);
}

/** The stored counts, and the same counted from the table, as "status/category" → n (zeros left out). */
async function storedAndCounted() {
  const stored = await db().select().from(articleCounts);
  const counted = await db()
    .select({
      status: articles.status,
      category: sql<string>`coalesce(${articles.category}, '')`,
      n: sql<number>`count(*)`,
    })
    .from(articles)
    .groupBy(articles.status, sql`coalesce(${articles.category}, '')`);
  const asMap = (rows: { status: string; category: string; n: number }[]) =>
    Object.fromEntries(rows.filter((row) => row.n !== 0).map((row) => [`${row.status}/${row.category}`, row.n]));
  return { stored: asMap(stored), counted: asMap(counted) };
}

/** What each list may show, counted from the table: visitors (published and due), by category, and admins (all). */
async function expectedTotals() {
  const rows = await db().select().from(articles);
  const due = rows.filter((row) => row.status === "published" && row.publishedAt.getTime() <= Date.now());
  return { visitor: due.length, tax: due.filter((row) => row.category === "Tax").length, all: rows.length };
}

async function expectTotalsHold(adminToken: string, step: string) {
  const { stored, counted } = await storedAndCounted();
  expect(stored, `${step}: article_counts`).toEqual(counted);
  const expected = await expectedTotals();
  const visitor = await list();
  expect(visitor.total, `${step}: a visitor's total`).toBe(expected.visitor);
  expect(visitor.pages, `${step}: a visitor's pages`).toBe(Math.max(1, Math.ceil(expected.visitor / 10)));
  expect((await list("?category=Tax")).total, `${step}: the Tax category`).toBe(expected.tax);
  expect((await list("", adminToken)).total, `${step}: an admin's total`).toBe(expected.all);
  const pages = Math.max(1, Math.ceil(expected.visitor / 6));
  expect(await pageText(await appFetch("/blogs")), `${step}: /blogs`).toContain(`Page 1 of ${pages}`);
}

describe("the article lists' totals", () => {
  it("follow every path that writes articles", async () => {
    const admin = await createTestUser({ role: "admin" });
    const client = await createTestUser({ role: "client" });
    const adminToken = await apiTokenFor(admin.email);
    const clientToken = await apiTokenFor(client.email);

    await seed(7, { status: "published" });
    await seed(2, { status: "published", category: "Tax" });
    await seed(1, { status: "published", category: "Tax", at: Date.now() + 30 * DAY });
    await seed(2, { status: "pending" });
    await expectTotalsHold(adminToken, "rows written straight to the table, one scheduled");

    const submit = (token: string, fields: Record<string, string>) =>
      appFetch("/api/blogs", { method: "POST", body: formData(fields), headers: bearer(token) });
    const fields = (title: string, category = "") => ({
      title,
      summary: "What to know.",
      highlight: "Read it.",
      category,
    });

    const pending = (await (await submit(clientToken, fields("Pending One", "Tax"))).json()) as { _id: string };
    const refused = (await (await submit(clientToken, fields("Pending Two"))).json()) as { _id: string };
    await expectTotalsHold(adminToken, "a client's two submissions");

    const review = (id: string, verdict: "approve" | "reject") =>
      appFetch(`/api/blogs/${id}/${verdict}`, { method: "POST", headers: bearer(adminToken) });
    expect((await review(pending._id, "approve")).status).toBe(200);
    expect((await review(refused._id, "reject")).status).toBe(200);
    await expectTotalsHold(adminToken, "one approved, one rejected");

    const created = await submit(adminToken, fields("Published By The Admin", "GST"));
    expect(created.status).toBe(201);
    const published = (await created.json()) as { _id: string };
    await expectTotalsHold(adminToken, "an admin's article, published at once");

    const moved = await appFetch(`/api/blogs/${published._id}`, {
      method: "PUT",
      body: formData({ category: "Tax" }),
      headers: bearer(adminToken),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await expectTotalsHold(adminToken, "its category changed");

    expect(
      (await appFetch(`/api/blogs/${published._id}`, { method: "DELETE", headers: bearer(adminToken) })).status,
    ).toBe(200);
    await expectTotalsHold(adminToken, "deleted (to the trash)");

    const cookie = await sessionCookieFor(admin.id);
    const trashed = await db().query.trashItems.findFirst({ where: eq(trashItems.entityId, published._id) });
    const restored = await postUrlEncoded("/admin/trash", { intent: "restore", id: trashed!.id }, { Cookie: cookie });
    expect(restored.status).toBe(303);
    await expectTotalsHold(adminToken, "restored from the trash");

    expect(
      (await appFetch(`/api/blogs/${pending._id}`, { method: "DELETE", headers: bearer(adminToken) })).status,
    ).toBe(200);
    const again = await db().query.trashItems.findFirst({ where: eq(trashItems.entityId, pending._id) });
    const forever = await postUrlEncoded("/admin/trash", { intent: "forever", id: again!.id }, { Cookie: cookie });
    expect(forever.status).toBeLessThan(400);
    await expectTotalsHold(adminToken, "deleted, then deleted forever");
  });

  it("a page past the end shows the last page, read again, in the API and on /blogs", async () => {
    await seed(13, { status: "published" });
    const last = await list("?page=99&limit=5");
    expect(last).toMatchObject({ total: 13, page: 3, pages: 3 });
    expect(last.items).toHaveLength(3);
    const text = await pageText(await appFetch("/blogs?page=99"));
    expect(text).toContain("Page 3 of 3");
    expect(text.match(/<article/g)).toHaveLength(1);
  });
});
