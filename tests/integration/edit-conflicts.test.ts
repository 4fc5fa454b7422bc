// Two people editing one article, testimonial or founder (decision 105): the edit form carries the item's
// version; a save from a form opened before someone else's save is refused (409, nothing changed, the
// new image not kept) instead of undoing theirs. The API's PUT sends no version and changes only the
// fields given, as before.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, faculty, testimonials } from "../../db/schema";
import {
  appFetch,
  auditRows,
  createTestUser,
  httpRejection,
  pageText,
  sessionCookieFor,
  testContext,
} from "../helpers";
import { loadAuthUser, type AuthUser } from "~/lib/auth.server";
import { savedMeanwhileMessage } from "~/lib/schema-fields";
import { articlePublishing } from "~/features/articles/article-editor.server";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0,
  0, 0,
]);

function multipart(fields: Record<string, string>, file?: { name: string; file: File }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set(file.name, file.file);
  return form;
}

/** The edit page's hidden version, as the browser would send it back. */
async function openedVersion(path: string, cookie: string) {
  const page = await pageText(await appFetch(path, { headers: { Cookie: cookie } }));
  const version = /<input[^>]*name="version"[^>]*value="(\d+)"/.exec(page)?.[1];
  expect(version, `${path} carries the version`).toBeDefined();
  return version!;
}

describe("an edit made after someone else's save", () => {
  it("an article: the second of two saves from one opened form is refused with the reason, its values and version kept; its upload is not kept", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const [article] = await testContext()
      .db.insert(articles)
      .values({
        slug: `conflict-${crypto.randomUUID().slice(0, 6)}`,
        title: "Stamp duty on gift deeds",
        summary: "What a gift deed costs.",
        highlight: "Register within four months.",
        publishedAt: new Date(),
        status: "published",
      })
      .returning();
    const version = await openedVersion(`/admin/blogs?edit=${article!.id}`, cookie);
    const save = (title: string, image?: File) =>
      appFetch("/admin/blogs", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart(
          {
            id: article!.id,
            version,
            title,
            summary: article!.summary,
            highlight: article!.highlight,
            slug: article!.slug,
          },
          image ? { name: "image", file: image } : undefined,
        ),
      });

    const first = await save("Stamp duty on gift deeds, first tab");
    expect(first.status).toBe(302);
    const uploadsBefore = (await env.UPLOADS.list({ prefix: "articles/" })).objects.length;

    const second = await save(
      "Stamp duty on gift deeds, second tab",
      new File([PNG], "cover.png", { type: "image/png" }),
    );
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(savedMeanwhileMessage("article"));
    expect(refused).toMatch(/<input[^>]*value="Stamp duty on gift deeds, second tab"/);
    expect(refused).toMatch(new RegExp(`<input[^>]*name="version"[^>]*value="${version}"`));

    const row = await testContext().db.query.articles.findFirst({ where: eq(articles.id, article!.id) });
    expect(row).toMatchObject({ title: "Stamp duty on gift deeds, first tab", image: null });
    expect((await env.UPLOADS.list({ prefix: "articles/" })).objects.length).toBe(uploadsBefore);
    expect(await auditRows(article!.id, "edit")).toHaveLength(1);

    // Opened again, the form carries the saved version, and saving from it works.
    const reopened = await openedVersion(`/admin/blogs?edit=${article!.id}`, cookie);
    expect(Number(reopened)).toBeGreaterThan(Number(version));
  });

  it("a testimonial, on its page", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const [testimonial] = await testContext()
      .db.insert(testimonials)
      .values({ clientName: "Meera", message: "They settled our lease dispute.", status: "published" })
      .returning();
    const version = await openedVersion(`/admin/testimonials?edit=${testimonial!.id}`, cookie);
    const save = (message: string) =>
      appFetch("/admin/testimonials", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart({ id: testimonial!.id, version, clientName: "Meera", message }),
      });
    expect((await save("They settled our lease dispute in a month.")).status).toBe(302);
    const second = await save("They settled our lease dispute quickly.");
    expect(second.status).toBe(409);
    expect(await pageText(second)).toContain(savedMeanwhileMessage("testimonial"));
    const row = await testContext().db.query.testimonials.findFirst({ where: eq(testimonials.id, testimonial!.id) });
    expect(row!.message).toBe("They settled our lease dispute in a month.");
  });

  it("a founder, on /admin/founders", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const [founder] = await testContext()
      .db.insert(faculty)
      .values({ name: "Adv. Kavita Rao", subject: "Arbitration" })
      .returning();
    const version = await openedVersion(`/admin/founders?edit=${founder!.id}`, cookie);
    const save = (subject: string) =>
      appFetch("/admin/founders", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart({ id: founder!.id, version, name: "Adv. Kavita Rao", subject }),
      });
    expect((await save("Arbitration and mediation")).status).toBe(302);
    const second = await save("Commercial arbitration");
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(savedMeanwhileMessage("founder"));
    expect(refused).toMatch(/<input[^>]*value="Commercial arbitration"/);
    const row = await testContext().db.query.faculty.findFirst({ where: eq(faculty.id, founder!.id) });
    expect(row!.subject).toBe("Arbitration and mediation");
    expect(await auditRows(founder!.id, "edit")).toHaveLength(1);
  });

  it("a save overtaken by another between its read and its write changes nothing, version or not", async () => {
    const ctx = testContext();
    const admin = await createTestUser({ role: "admin" });
    const actor = (await loadAuthUser(ctx, admin.id)) as AuthUser;
    const [article] = await ctx.db
      .insert(articles)
      .values({
        slug: `race-${crypto.randomUUID().slice(0, 6)}`,
        title: "Limitation periods",
        summary: "Three years, mostly.",
        highlight: "Count from the cause of action.",
        publishedAt: new Date(),
        status: "published",
      })
      .returning();
    for (const withVersion of [false, true]) {
      const readAt = (await ctx.db.query.articles.findFirst({ where: eq(articles.id, article!.id) }))!.updatedAt;
      // The other save runs to the end just as this one's batch is sent (db.$client.batch).
      let overtaken = false;
      const db = new Proxy(ctx.db, {
        get(target, property, receiver) {
          if (property !== "$client") return Reflect.get(target, property, receiver) as unknown;
          const d1 = target.$client;
          return new Proxy(d1, {
            get: (client, name) =>
              name === "batch"
                ? async (statements: D1PreparedStatement[]) => {
                    if (!overtaken) {
                      overtaken = true;
                      await articlePublishing.update(
                        ctx,
                        actor,
                        article!.id,
                        { title: `The other save ${withVersion}` },
                        null,
                      );
                    }
                    return client.batch(statements);
                  }
                : (Reflect.get(client, name) as unknown),
          });
        },
      });
      const input = { title: `Overtaken ${withVersion}`, ...(withVersion ? { version: readAt.getTime() } : {}) };
      const refusal = await httpRejection(articlePublishing.update({ ...ctx, db }, actor, article!.id, input, null));
      expect(overtaken).toBe(true);
      expect([refusal.status, refusal.message]).toEqual([409, savedMeanwhileMessage("article")]);
      const row = await ctx.db.query.articles.findFirst({ where: eq(articles.id, article!.id) });
      expect(row!.title).toBe(`The other save ${withVersion}`);
    }
  });
});
