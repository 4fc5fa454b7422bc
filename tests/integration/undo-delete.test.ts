// A delete that moves an item to the trash says so, and its notice's Undo (a plain form POST to
// /admin/trash/undo) puts the item back: for an admin, and for the staff member who deleted it.
import { describe, expect, it } from "vitest";
import { articles, services } from "../../db/schema";
import { appFetch, createTestUser, pageText, postUrlEncoded, sessionCookieFor, testContext } from "../helpers";

const SERVICE = { title: "Moot Court Training", path: "moot-court", levels: "Beginner", icon: "FaGavel" };

async function staff(role: "admin" | "teacher") {
  const user = await createTestUser({ role });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const page = async (path: string, cookie: string) => pageText(await appFetch(path, { headers: { Cookie: cookie } }));

describe("delete with Undo", () => {
  it("an article: the confirmation says trash, the notice carries Undo, and Undo restores it", async () => {
    const { cookie } = await staff("admin");
    const { db } = testContext();
    const [row] = await db
      .insert(articles)
      .values({
        slug: "undo-me",
        title: "Undo Me",
        summary: "s",
        highlight: "h",
        status: "published",
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const asked = await postUrlEncoded("/admin/blogs", { intent: "confirm-delete", id: row!.id }, { Cookie: cookie });
    expect(await page(asked.headers.get("Location")!, cookie)).toContain("Move this article to the trash?");

    const deleted = await postUrlEncoded("/admin/blogs", { intent: "delete", id: row!.id }, { Cookie: cookie });
    expect(deleted.headers.get("Location")).toBe(`/admin/blogs?done=deleted&undo=${row!.id}`);
    expect((await appFetch("/blogs/undo-me")).status).toBe(404);
    const notice = await page(deleted.headers.get("Location")!, cookie);
    expect(notice).toContain("Article moved to the trash.");
    expect(notice).toMatch(/<form method="post" action="\/admin\/trash\/undo"/);
    expect(notice).toContain(`name="id" value="${row!.id}"`);
    expect(notice).toContain('name="returnTo" value="/admin/blogs"');

    const undone = await postUrlEncoded(
      "/admin/trash/undo",
      { id: row!.id, returnTo: "/admin/blogs" },
      { Cookie: cookie },
    );
    expect(undone.status).toBe(303);
    expect(undone.headers.get("Location")).toBe("/admin/blogs?done=restored&what=Undo+Me");
    expect(await page(undone.headers.get("Location")!, cookie)).toContain("Restored: “Undo Me” is back where it was.");
    expect((await appFetch("/blogs/undo-me")).status).toBe(200);

    // A second Undo finds nothing in the trash and says so.
    const again = await postUrlEncoded(
      "/admin/trash/undo",
      { id: row!.id, returnTo: "/admin/blogs" },
      { Cookie: cookie },
    );
    expect(again.headers.get("Location")).toContain("done=undo-refused");
    expect(await page(again.headers.get("Location")!, cookie)).toContain(
      "Not restored: This item is no longer in the trash",
    );
  });

  it("a teacher undoes their own service delete, never another's; a client not at all", async () => {
    const first = await staff("teacher");
    const second = await staff("teacher");
    const post = (cookie: string, fields: Record<string, string>) =>
      postUrlEncoded("/admin/services", fields, { Cookie: cookie });
    expect((await post(first.cookie, SERVICE)).status).toBe(302);
    const [row] = await testContext().db.select().from(services);
    const deleted = await post(first.cookie, { intent: "delete", id: row!.id });
    expect(deleted.headers.get("Location")).toBe(`/admin/services?done=deleted&undo=${row!.id}`);
    expect(await page(deleted.headers.get("Location")!, first.cookie)).toContain(
      "Service moved to the trash with its sub-services.",
    );

    const undo = (cookie: string) =>
      postUrlEncoded("/admin/trash/undo", { id: row!.id, returnTo: "/admin/services" }, { Cookie: cookie });
    const refused = await undo(second.cookie);
    expect(refused.headers.get("Location")).toContain("done=undo-refused");
    expect(await testContext().db.select().from(services)).toHaveLength(0);
    const restored = await undo(first.cookie);
    expect(restored.headers.get("Location")).toBe(
      `/admin/services?${new URLSearchParams({ done: "restored", what: "Moot Court Training (/services/moot-court)" })}`,
    );
    expect(await testContext().db.select().from(services)).toHaveLength(1);

    // A client may not undo at all.
    const client = await createTestUser();
    const byClient = await postUrlEncoded(
      "/admin/trash/undo",
      { id: row!.id, returnTo: "/admin/services" },
      { Cookie: await sessionCookieFor(client.id) },
    );
    expect(byClient.status).toBe(403);
  });
});
