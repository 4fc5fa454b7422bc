// Every change a public page shows is seen by the next anonymous visitor (decision 070): for the
// changes the edge cache's own tests do not cover, a page is first served from the cache (HIT), the
// change is made as staff make it, and the next anonymous view is rendered again with the change.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, services, trashItems } from "../../db/schema";
import { cacheKey, isStorable } from "~/lib/edge-cache.server";
import { DISCLAIMER_COOKIE } from "~/features/disclaimer/disclaimer";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  expectConsoleError,
  formData,
  pngFile,
  postJson,
  postUrlEncoded,
  sessionCookieFor,
  testContext,
} from "../helpers";

const DAY = 24 * 3600_000;

const versionState = () =>
  (globalThis as unknown as Record<symbol, { version: number | null }>)[Symbol.for("lawfirm.edge-cache.version")]!;

/** An anonymous GET, read whole; a MISS waits until its copy is in the cache, so the next view can HIT. */
async function get(path: string) {
  const response = await appFetch(path);
  const body = await response.text();
  if (response.headers.get("X-Cache") === "MISS" && isStorable(response)) {
    const cache = await caches.open("public-pages");
    const key = cacheKey(new Request(`http://127.0.0.1:8787${path}`), versionState().version!, {
      sessionCookies: [],
      keyCookies: [DISCLAIMER_COOKIE],
    });
    for (let waited = 0; !(await cache.match(key)); waited += 20) {
      if (waited > 5000) throw new Error(`${path} was never stored in the edge cache`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { status: response.status, cache: response.headers.get("X-Cache"), body };
}

/** Each page served from the cache, and without `text`. */
async function cachedWithout(paths: string[], text: string) {
  for (const path of paths) {
    await get(path);
    const page = await get(path);
    expect(page.cache, path).toBe("HIT");
    expect(page.body, path).not.toContain(text);
  }
}

async function expectShown(paths: string[], text: string) {
  for (const path of paths) expect((await get(path)).body, path).toContain(text);
}

async function admin() {
  const user = await createTestUser({ role: "admin" });
  return { cookie: await sessionCookieFor(user.id), token: await apiTokenFor(user.email) };
}

const ARTICLE_PAGES = ["/", "/blogs", "/blogs/rss.xml", "/sitemap.xml"];

describe("changes without an edge-cache test of their own reach the next anonymous visitor", () => {
  it("an article restored from the trash is back on the home page, the list, the feed and the sitemap", async () => {
    const staff = await admin();
    const [article] = await testContext()
      .db.insert(articles)
      .values({
        slug: "restored-article",
        title: "Restored Article on Arbitration",
        summary: "A summary.",
        highlight: "A highlight.",
        publishedAt: new Date(Date.now() - DAY),
        status: "published",
      })
      .returning();
    const deleted = await appFetch(`/api/blogs/${article!.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(deleted.status).toBe(200);
    await cachedWithout(ARTICLE_PAGES, "restored-article");

    const trashed = await testContext().db.query.trashItems.findFirst({ where: eq(trashItems.entityId, article!.id) });
    const restored = await postUrlEncoded(
      "/admin/trash",
      { intent: "restore", id: trashed!.id },
      { Cookie: staff.cookie },
    );
    expect(restored.status).toBe(303);
    await expectShown(ARTICLE_PAGES, "restored-article");
  });

  it("a service's new title is on /services and its own page; a restored service is back on /services and the sitemap", async () => {
    const staff = await admin();
    const auth = { Authorization: `Bearer ${staff.token}` };
    const created = await postJson(
      "/api/services",
      { title: "Moot Court", path: "moot-court", levels: "L1", icon: "FaGavel" },
      auth,
    );
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    await cachedWithout(["/services", "/services/moot-court"], "Mock Trial Practice");

    const edited = await appFetch(`/api/services/${_id}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Mock Trial Practice", path: "moot-court", levels: "L1", icon: "FaGavel" }),
    });
    expect(edited.status).toBe(200);
    await expectShown(["/services", "/services/moot-court"], "Mock Trial Practice");

    expect((await appFetch(`/api/services/${_id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    await cachedWithout(["/services", "/sitemap.xml"], "moot-court");
    const trashed = await testContext().db.query.trashItems.findFirst({ where: eq(trashItems.entityId, _id) });
    expect(
      (await postUrlEncoded("/admin/trash", { intent: "restore", id: trashed!.id }, { Cookie: staff.cookie })).status,
    ).toBe(303);
    expect(await testContext().db.query.services.findFirst({ where: eq(services.id, _id) })).toBeTruthy();
    await expectShown(["/services", "/sitemap.xml"], "moot-court");
  });

  it("a published gallery image is on the home page and /about at once", async () => {
    const staff = await admin();
    await cachedWithout(["/", "/about"], "Partners at the Kochi office");
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 800);
    new DataView(png.buffer).setUint32(20, 600);
    png.set([8, 6, 0, 0, 0], 24);
    const saved = await appFetch("/admin/images", {
      method: "POST",
      headers: { Cookie: staff.cookie },
      body: formData(
        { kind: "gallery", caption: "Partners at the Kochi office", alt: "Partners", sortOrder: "0", published: "on" },
        { image: new File([png], "kochi.png", { type: "image/png" }) },
      ),
    });
    expect(saved.status).toBe(302);
    await expectShown(["/", "/about"], "Partners at the Kochi office");
  });
  it("an article edit saved when its old image cannot be deleted from R2 still purges the article page", async () => {
    const staff = await admin();
    const undeletable = `articles/${"a".repeat(1100)}.png`; // longer than R2 allows: its delete is refused
    const [article] = await testContext()
      .db.insert(articles)
      .values({
        slug: "undeletable-cover",
        title: "Cheque Bounce Cases",
        summary: "Section 138 in brief.",
        highlight: "Send the notice in time.",
        image: undeletable,
        publishedAt: new Date(Date.now() - DAY),
        status: "published",
      })
      .returning();
    await cachedWithout(["/blogs/undeletable-cover"], "Now with the 2025 limits.");

    expectConsoleError(1); // the failed delete is logged
    const edited = await appFetch(`/api/blogs/${article!.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${staff.token}` },
      body: formData({ summary: "Now with the 2025 limits." }, { image: pngFile("new-cover.png") }),
    });
    expect(edited.status).toBe(200);
    const [row] = await testContext().db.select().from(articles).where(eq(articles.id, article!.id));
    expect(row!.summary).toBe("Now with the 2025 limits.");
    expect(row!.image).not.toBe(undeletable);
    await expectShown(["/blogs/undeletable-cover"], "Now with the 2025 limits.");
  });
});
