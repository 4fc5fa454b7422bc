// Two people editing one article, testimonial, founder, service, sub-service or site image (decision
// 105): the edit form carries the item's version; a save from a form opened before someone else's save
// is refused (409, nothing changed, the new file not kept) instead of undoing theirs. The API's PUT of
// articles, testimonials and founders sends no version and changes only the fields given, as before;
// those of services and sub-services may send the version GET gave.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, faculty, services, siteImages, subServices, testimonials } from "../../db/schema";
import {
  apiTokenFor,
  appFetch,
  auditRows,
  bearer,
  createTestUser,
  httpRejection,
  migratedUpTo,
  overtakenAtBatch,
  pageText,
  sessionCookieFor,
  testContext,
} from "../helpers";
import { loadAuthUser, type AuthUser } from "~/lib/auth.server";
import { savedMeanwhileMessage } from "~/lib/schema-fields";
import { articlePublishing } from "~/features/articles/article-editor.server";
import { updateService } from "~/features/services/services.server";
import { updateSiteImage } from "~/features/site-images/site-images.server";

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

/** A published article, as an editor would open it. */
async function storedArticle(slugPrefix: string) {
  const [article] = await testContext()
    .db.insert(articles)
    .values({
      slug: `${slugPrefix}-${crypto.randomUUID().slice(0, 6)}`,
      title: "Stamp duty on gift deeds",
      summary: "What a gift deed costs.",
      highlight: "Register within four months.",
      publishedAt: new Date(),
      status: "published",
    })
    .returning();
  return article!;
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
    const article = await storedArticle("conflict");
    const version = await openedVersion(`/admin/blogs?edit=${article.id}`, cookie);
    const save = (title: string, image?: File) =>
      appFetch("/admin/blogs", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart(
          {
            id: article.id,
            version,
            title,
            summary: article.summary,
            highlight: article.highlight,
            slug: article.slug,
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

    const row = await testContext().db.query.articles.findFirst({ where: eq(articles.id, article.id) });
    expect(row).toMatchObject({ title: "Stamp duty on gift deeds, first tab", image: null });
    expect((await env.UPLOADS.list({ prefix: "articles/" })).objects.length).toBe(uploadsBefore);
    expect(await auditRows(article.id, "edit")).toHaveLength(1);

    // Opened again, the form carries the saved version, and saving from it works.
    const reopened = await openedVersion(`/admin/blogs?edit=${article.id}`, cookie);
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
      const db = overtakenAtBatch(ctx.db, () =>
        articlePublishing.update(ctx, actor, article!.id, { title: `The other save ${withVersion}` }, null),
      );
      const input = { title: `Overtaken ${withVersion}`, ...(withVersion ? { version: readAt.getTime() } : {}) };
      const refusal = await httpRejection(articlePublishing.update({ ...ctx, db }, actor, article!.id, input, null));
      expect(db.overtaken()).toBe(true);
      expect([refusal.status, refusal.message]).toEqual([409, savedMeanwhileMessage("article")]);
      const row = await ctx.db.query.articles.findFirst({ where: eq(articles.id, article!.id) });
      expect(row!.title).toBe(`The other save ${withVersion}`);
    }
  });
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const SERVICE = { levels: "Beginner", icon: "FaGavel" } as const;

async function storedService(path: string) {
  const [service] = await testContext()
    .db.insert(services)
    .values({ title: "Property law", path, ...SERVICE })
    .returning();
  return service!;
}

describe("one opened edit form sent twice (a double click without JavaScript sends both posts)", () => {
  it("an article, a founder and a service: saved once, and both answers lead where the save did", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    const article = await storedArticle("twice");
    const [founder] = await db.insert(faculty).values({ name: "Adv. Kavita Rao", subject: "Arbitration" }).returning();
    const service = await storedService(`twice-${crypto.randomUUID().slice(0, 6)}`);
    const kinds: { path: string; id: string; fields: Record<string, string> }[] = [
      {
        path: "/admin/blogs",
        id: article.id,
        fields: {
          title: "Gift deeds, updated",
          summary: article.summary,
          highlight: article.highlight,
          slug: article.slug,
        },
      },
      { path: "/admin/founders", id: founder!.id, fields: { name: "Adv. Kavita Rao", subject: "Mediation" } },
      {
        path: "/admin/services",
        id: service.id,
        fields: { title: "Property law, updated", path: service.path, ...SERVICE },
      },
    ];
    for (const kind of kinds) {
      const page = await pageText(await appFetch(`${kind.path}?edit=${kind.id}`, { headers: { Cookie: cookie } }));
      const version = /<input[^>]*name="version"[^>]*value="(\d+)"/.exec(page)?.[1];
      const formToken = /<input[^>]*name="formToken"[^>]*value="([^"]+)"/.exec(page)?.[1];
      expect(formToken, `${kind.path}'s edit form carries a one-time token`).toBeDefined();
      const send = () =>
        appFetch(kind.path, {
          method: "POST",
          headers: { Cookie: cookie },
          body: multipart({ id: kind.id, version: version!, formToken: formToken!, ...kind.fields }),
        });
      const first = await send();
      const second = await send();
      expect([first.status, second.status], kind.path).toEqual([302, 302]);
      expect(second.headers.get("Location"), kind.path).toBe(first.headers.get("Location"));
      expect(await auditRows(kind.id, "edit"), kind.path).toHaveLength(1);
    }
  });
});

describe("the sub-service form sent twice (its token rides in the form's address: the body streams to R2)", () => {
  it("a create saves one sub-service with one set of files; an edit saves once; both answers lead where the first did", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const service = await storedService(`twice-sub-${crypto.randomUUID().slice(0, 6)}`);
    /** The form's action, as the page renders it (HTML-escaped ampersands undone). */
    const formAction = async (path: string) => {
      const page = await pageText(await appFetch(path, { headers: { Cookie: cookie } }));
      const action = /<form[^>]*action="([^"]*formToken=[^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
      expect(action, `${path}'s sub-service form carries a one-time token`).toBeDefined();
      return {
        page,
        action: new URL(action!, "http://localhost").pathname + new URL(action!, "http://localhost").search,
      };
    };
    const pdf = () => ({ name: "syllabus", file: new File([PDF], "syllabus.pdf", { type: "application/pdf" }) });

    const create = await formAction(`/admin/services/${service.path}`);
    const send = (action: string, fields: Record<string, string>) =>
      appFetch(action, { method: "POST", headers: { Cookie: cookie }, body: multipart(fields, pdf()) });
    const first = await send(create.action, { serviceId: service.id, title: "GST registration" });
    const second = await send(create.action, { serviceId: service.id, title: "GST registration" });
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const rows = await testContext().db.select().from(subServices).where(eq(subServices.serviceId, service.id));
    expect(rows).toHaveLength(1);
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects).toHaveLength(1);

    const edit = await formAction(`/admin/services/${service.path}?edit=${rows[0]!.id}`);
    const version = /<input[^>]*name="version"[^>]*value="(\d+)"/.exec(edit.page)![1]!;
    const fields = { serviceId: service.id, version, title: "GST registration and returns" };
    const firstEdit = await send(edit.action, fields);
    const secondEdit = await send(edit.action, fields);
    expect([firstEdit.status, secondEdit.status]).toEqual([302, 302]);
    expect(secondEdit.headers.get("Location")).toBe(firstEdit.headers.get("Location"));
    expect(await auditRows(rows[0]!.id, "edit")).toHaveLength(1);
    // The replaced syllabus is gone and the duplicate's copy was never kept: one file.
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects).toHaveLength(1);
  });
});

describe("services, sub-services and site images: an edit made after someone else's save", () => {
  it("a service on /admin/services: the second of two saves from one opened form is refused, its values and version kept", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const service = await storedService(`property-${crypto.randomUUID().slice(0, 6)}`);
    const version = await openedVersion(`/admin/services?edit=${service.id}`, cookie);
    const save = (title: string) =>
      appFetch("/admin/services", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart({ id: service.id, version, title, path: service.path, ...SERVICE }),
      });
    expect((await save("Property and tenancy law")).status).toBe(302);
    const second = await save("Property law for NRIs");
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(savedMeanwhileMessage("service"));
    expect(refused).toMatch(/<input[^>]*value="Property law for NRIs"/);
    expect(refused).toMatch(new RegExp(`<input[^>]*name="version"[^>]*value="${version}"`));
    const row = await testContext().db.query.services.findFirst({ where: eq(services.id, service.id) });
    expect(row!.title).toBe("Property and tenancy law");
    expect(await auditRows(service.id, "edit")).toHaveLength(1);
    expect(Number(await openedVersion(`/admin/services?edit=${service.id}`, cookie))).toBeGreaterThan(Number(version));
  });

  it("a service through the API: GET gives its version; a PUT with an older one is refused, a wrong type is a 400 naming it, the current one saves", async () => {
    const teacher = await createTestUser({ role: "teacher" });
    const auth = { ...bearer(await apiTokenFor(teacher.email)), "Content-Type": "application/json" };
    const service = await storedService(`civil-${crypto.randomUUID().slice(0, 6)}`);
    const read = (await (await appFetch(`/api/services/${service.id}`)).json()) as { version: number };
    expect(read.version).toBe(service.updatedAt.getTime());
    const put = (body: Record<string, unknown>) =>
      appFetch(`/api/services/${service.id}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ title: "Civil litigation", path: service.path, ...SERVICE, ...body }),
      });

    const wrongType = await put({ version: String(read.version) });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { errors: Record<string, string[]> }).errors.version).toBeDefined();

    const saved = await put({ version: read.version });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as { title: string; version: number };
    expect(after.title).toBe("Civil litigation");
    expect(after.version).toBeGreaterThan(read.version);

    const stale = await put({ title: "Civil disputes", version: read.version });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: savedMeanwhileMessage("service") });
    const row = await testContext().db.query.services.findFirst({ where: eq(services.id, service.id) });
    expect(row!.title).toBe("Civil litigation");
    // Without a version the last save wins, as the spec's client expects.
    expect((await put({ title: "Civil disputes" })).status).toBe(200);
  });

  it("a sub-service on its service's page: the second save is refused with the reason, its typed title and version kept, its new PDF not kept", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const service = await storedService(`tax-${crypto.randomUUID().slice(0, 6)}`);
    const [sub] = await testContext()
      .db.insert(subServices)
      .values({ serviceId: service.id, title: "GST registration" })
      .returning();
    const page = `/admin/services/${service.path}?edit=${sub!.id}`;
    const version = await openedVersion(page, cookie);
    const save = (title: string, syllabus?: File) =>
      appFetch(page, {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart({ serviceId: service.id, version, title }, syllabus && { name: "syllabus", file: syllabus }),
      });
    expect((await save("GST registration and returns")).status).toBe(302);

    const second = await save("GST for exporters", new File([PDF], "syllabus.pdf", { type: "application/pdf" }));
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(savedMeanwhileMessage("sub-service"));
    expect(refused).toMatch(/<input[^>]*value="GST for exporters"/);
    expect(refused).toMatch(new RegExp(`<input[^>]*name="version"[^>]*value="${version}"`));
    const row = await testContext().db.query.subServices.findFirst({ where: eq(subServices.id, sub!.id) });
    expect(row).toMatchObject({ title: "GST registration and returns", syllabusKey: null });
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects).toEqual([]);
    expect(await auditRows(sub!.id, "edit")).toHaveLength(1);
  });

  it("a sub-service through the API: a PUT with an older version is refused and keeps no file; a version that is not digits is a 400 naming it", async () => {
    const teacher = await createTestUser({ role: "teacher" });
    const auth = bearer(await apiTokenFor(teacher.email));
    const service = await storedService(`family-${crypto.randomUUID().slice(0, 6)}`);
    const [sub] = await testContext()
      .db.insert(subServices)
      .values({ serviceId: service.id, title: "Divorce by mutual consent" })
      .returning();
    const [read] = (await (await appFetch(`/api/sub-services?serviceId=${service.id}`)).json()) as {
      version: number;
    }[];
    expect(read!.version).toBe(sub!.updatedAt.getTime());
    const put = (fields: Record<string, string>) =>
      appFetch(`/api/sub-services/${sub!.id}`, {
        method: "PUT",
        headers: auth,
        body: multipart(
          { serviceId: service.id, title: "Mutual-consent divorce", ...fields },
          { name: "questions", file: new File([PDF], "questions.pdf", { type: "application/pdf" }) },
        ),
      });

    const notDigits = await put({ version: "yesterday" });
    expect(notDigits.status).toBe(400);
    expect(((await notDigits.json()) as { errors: Record<string, string[]> }).errors.version).toBeDefined();
    expect((await put({ version: String(read!.version) })).status).toBe(200);
    const [kept] = (await env.UPLOADS.list({ prefix: "subservices/" })).objects;

    const stale = await put({ title: "Contested divorce", version: String(read!.version) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(savedMeanwhileMessage("sub-service"));
    expect((await env.UPLOADS.list({ prefix: "subservices/" })).objects.map((object) => object.key)).toEqual([
      kept!.key,
    ]);
    const row = await testContext().db.query.subServices.findFirst({ where: eq(subServices.id, sub!.id) });
    expect(row!.title).toBe("Mutual-consent divorce");
  });

  it("a site image on /admin/images: the second save is refused with the reason, its caption and version kept", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const image = await storedSiteImage();
    const version = await openedVersion(`/admin/images?edit=${image.id}`, cookie);
    const save = (caption: string) =>
      appFetch("/admin/images", {
        method: "POST",
        headers: { Cookie: cookie },
        body: multipart({ id: image.id, version, kind: "gallery", caption, alt: image.alt, sortOrder: "0" }),
      });
    expect((await save("The library, 2026")).status).toBe(302);
    const second = await save("Our library");
    expect(second.status).toBe(409);
    const refused = await pageText(second);
    expect(refused).toContain(savedMeanwhileMessage("image"));
    expect(refused).toMatch(/<input[^>]*value="Our library"/);
    const row = await testContext().db.query.siteImages.findFirst({ where: eq(siteImages.id, image.id) });
    expect(row!.caption).toBe("The library, 2026");
    expect(await auditRows(image.id, "edit")).toHaveLength(1);
  });

  it("a service's and a site image's save overtaken by another between its read and its write changes nothing, version or not", async () => {
    const ctx = testContext();
    const admin = await createTestUser({ role: "admin" });
    const actor = (await loadAuthUser(ctx, admin.id)) as AuthUser;
    const service = await storedService(`race-${crypto.randomUUID().slice(0, 6)}`);
    const image = await storedSiteImage();
    for (const withVersion of [false, true]) {
      const serviceRead = (await ctx.db.query.services.findFirst({ where: eq(services.id, service.id) }))!;
      const serviceEdit = (title: string, version?: number) => ({
        title,
        path: service.path,
        levels: "Beginner",
        icon: "FaGavel" as const,
        version,
      });
      const serviceDb = overtakenAtBatch(ctx.db, () =>
        updateService(ctx, actor, service.id, serviceEdit(`The other save ${withVersion}`)),
      );
      const serviceRefusal = await httpRejection(
        updateService(
          { ...ctx, db: serviceDb },
          actor,
          service.id,
          serviceEdit(`Overtaken ${withVersion}`, withVersion ? serviceRead.updatedAt.getTime() : undefined),
        ),
      );
      expect(serviceDb.overtaken()).toBe(true);
      expect([serviceRefusal.status, serviceRefusal.message]).toEqual([409, savedMeanwhileMessage("service")]);
      const serviceRow = await ctx.db.query.services.findFirst({ where: eq(services.id, service.id) });
      expect(serviceRow!.title).toBe(`The other save ${withVersion}`);

      const imageRead = (await ctx.db.query.siteImages.findFirst({ where: eq(siteImages.id, image.id) }))!;
      const imageEdit = (caption: string, version?: number) => ({
        kind: "gallery" as const,
        caption,
        alt: image.alt,
        version,
      });
      const imageDb = overtakenAtBatch(ctx.db, () =>
        updateSiteImage(ctx, actor, image.id, imageEdit(`The other save ${withVersion}`), new FormData()),
      );
      const imageRefusal = await httpRejection(
        updateSiteImage(
          { ...ctx, db: imageDb },
          actor,
          image.id,
          imageEdit(`Overtaken ${withVersion}`, withVersion ? imageRead.updatedAt.getTime() : undefined),
          new FormData(),
        ),
      );
      expect(imageDb.overtaken()).toBe(true);
      expect([imageRefusal.status, imageRefusal.message]).toEqual([409, savedMeanwhileMessage("image")]);
      const imageRow = await ctx.db.query.siteImages.findFirst({ where: eq(siteImages.id, image.id) });
      expect(imageRow!.caption).toBe(`The other save ${withVersion}`);
    }
  });
});

async function storedSiteImage() {
  const [image] = await testContext()
    .db.insert(siteImages)
    .values({
      kind: "gallery",
      image: "/images/gallery/gallery-2.jpg",
      width: 1200,
      height: 800,
      caption: "The library",
      alt: "An open law book on a library shelf",
      published: true,
    })
    .returning();
  return image!;
}

describe("migration 0013: services and sub-services get a version", () => {
  it("starts each existing row's version at its creation", async () => {
    const migration = await migratedUpTo("0013_services_updated_at");
    const created = Date.UTC(2025, 5, 1);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO services (id, title, path, levels, icon, youtube_videos, created_at) VALUES ('s1', 'Tax', 'tax', '', 'FaGavel', '[]', ?)",
      ).bind(created),
      env.DB.prepare(
        "INSERT INTO sub_services (id, service_id, title, description, created_at) VALUES ('ss1', 's1', 'GST', '', ?)",
      ).bind(created + 1),
    ]);
    await migration.applyTheRest();
    const rows = await env.DB.prepare(
      "SELECT id, updated_at FROM services UNION ALL SELECT id, updated_at FROM sub_services ORDER BY id",
    ).all();
    expect(rows.results).toEqual([
      { id: "s1", updated_at: created },
      { id: "ss1", updated_at: created + 1 },
    ]);
  });
});
