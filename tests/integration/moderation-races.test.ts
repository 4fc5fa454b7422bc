// Moderation meeting another request at the worst moment (the interleaving made certain with
// overtakenAtBatch): an approval of an article trashed meanwhile logs nothing, and an article's new
// slug taken meanwhile by another article is chosen again instead of answering 500.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, auditLog } from "../../db/schema";
import { createTestUser, httpRejection, overtakenAtBatch, testContext } from "../helpers";
import { loadAuthUser, type AuthUser } from "~/lib/auth.server";
import { articlePublishing } from "~/features/articles/article-editor.server";

async function storedArticle(status: "pending" | "published", slug = `race-${crypto.randomUUID().slice(0, 8)}`) {
  const [article] = await testContext()
    .db.insert(articles)
    .values({ slug, title: "Arbitration clauses", summary: "S", highlight: "H", publishedAt: new Date(), status })
    .returning();
  return article!;
}

async function adminActor() {
  const ctx = testContext();
  return (await loadAuthUser(ctx, (await createTestUser({ role: "admin" })).id)) as AuthUser;
}

describe("moderation races", () => {
  it("approving an article another admin moves to the trash meanwhile is a 404 and logs no approval", async () => {
    const ctx = testContext();
    const actor = await adminActor();
    const article = await storedArticle("pending");
    const db = overtakenAtBatch(ctx.db, () => articlePublishing.remove(ctx, actor, article.id));
    const refusal = await httpRejection(articlePublishing.review({ ...ctx, db }, actor, article.id, "published"));
    expect(db.overtaken()).toBe(true);
    expect([refusal.status, refusal.message]).toEqual([404, "Article not found"]);
    const approvals = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, article.id), eq(auditLog.action, "approve")));
    expect(approvals).toEqual([]);
  });

  it("an article's new slug taken by another article meanwhile gets the next free one instead of a 500", async () => {
    const ctx = testContext();
    const actor = await adminActor();
    const article = await storedArticle("published");
    const wanted = `gst-${crypto.randomUUID().slice(0, 8)}`;
    const db = overtakenAtBatch(ctx.db, () => storedArticle("published", wanted));
    const saved = await articlePublishing.update({ ...ctx, db }, actor, article.id, { slug: wanted }, null);
    expect(db.overtaken()).toBe(true);
    expect(saved.slug).toBe(`${wanted}-2`);
    const holders = await ctx.db.select({ id: articles.id }).from(articles).where(eq(articles.slug, wanted));
    expect(holders.map((row) => row.id)).not.toContain(article.id);
  });
});
