// Findable admin lists: every list searches, filters by status where there is one,
// pages on the server with the filters kept in the links, has header rows and an empty state; paging
// past the end and nonsense filter values are ignored (never a 500). Through the built Worker, real D1.
import { describe, expect, it } from "vitest";
import {
  articles,
  faculty,
  quizzes,
  roleAssignments,
  siteImages,
  teacherApplications,
  teacherProfiles,
  testimonials,
  trashItems,
} from "../../db/schema";
import { appFetch, createTestUser, sessionCookieFor, testContext } from "../helpers";
import { pageHref, pageNumber, pageWindow } from "~/lib/pagination";

async function adminCookie() {
  const admin = await createTestUser({ role: "admin" });
  return sessionCookieFor(admin.id);
}

async function get(cookie: string, path: string) {
  const response = await appFetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
}

const NONSENSE = [
  "page=0",
  "page=-4",
  "page=1e9",
  "page=abc",
  "page=99999",
  "status=archived",
  "status[]=x",
  "q=%25%25%5F",
  `q=${"ü".repeat(400)}`,
  "tpage=zz",
];

describe("the pagination helper", () => {
  it("reads a page number, clamps it, and builds links that keep filters and drop one-off parameters", () => {
    expect([pageNumber("3"), pageNumber("0"), pageNumber("-1"), pageNumber("2.5"), pageNumber(null)]).toEqual([
      3, 1, 1, 1, 1,
    ]);
    expect(pageWindow(9, 45, 20)).toEqual({ page: 3, pages: 3, total: 45, offset: 40, limit: 20 });
    expect(pageWindow(2, 0, 20)).toMatchObject({ page: 1, pages: 1, offset: 0 });
    expect(pageHref("?q=tax&status=pending&page=2&done=approved", 3)).toBe("?q=tax&status=pending&page=3");
    expect(pageHref("?q=tax&page=2", 1)).toBe("?q=tax");
    expect(pageHref("?page=2&tpage=3", 4, "tpage")).toBe("?page=2&tpage=4");
  });
});

describe("every admin list answers nonsense with the list, never a 500", () => {
  it.each([
    "/admin/blogs",
    "/admin/testimonials",
    "/admin/teachers",
    "/admin/founders",
    "/admin/services",
    "/admin/consultations",
    "/admin/outbox",
    "/admin/trash",
    "/admin/images",
    "/quiz/manage",
  ])("%s", async (path) => {
    const cookie = await adminCookie();
    for (const query of NONSENSE) {
      const { status, html } = await get(cookie, `${path}?${query}`);
      expect(status, `${path}?${query}`).toBe(200);
      expect(html, `${path}?${query}`).toContain("<h1");
    }
  });
});

describe("the articles list", () => {
  it("pages the articles server-side, filters by status, searches, and keeps the filters in the page links", async () => {
    const { db } = testContext();
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 25; i++) {
      await db.insert(articles).values({
        slug: `law-note-${i}`,
        title: `Law Note ${String(i).padStart(2, "0")}`,
        summary: "s",
        highlight: "h",
        publishedAt: new Date(base),
        status: i < 3 ? "pending" : i % 2 ? "published" : "rejected",
        createdAt: new Date(base + i * 1000),
      });
    }
    const cookie = await adminCookie();
    const first = await get(cookie, "/admin/blogs");
    // The review queue has its header row and caption.
    expect(first.html).toContain('<caption class="visually-hidden">Articles awaiting review</caption><thead>');
    expect(first.html).toContain("Law Note 24");
    expect(first.html).toContain('href="/admin/blogs?page=2"');
    const last = await get(cookie, "/admin/blogs?page=40");
    expect(last.html).toContain("Page <!-- -->2<!-- --> of <!-- -->2");
    const published = await get(cookie, "/admin/blogs?status=published&q=law+note");
    expect(published.html).toContain("Law Note 23");
    expect(published.html).not.toContain("Law Note 22");
    expect(published.html).toContain('<option value="published" selected="">');
    const searched = await get(cookie, "/admin/blogs?q=note+1");
    expect(searched.html).toContain("Law Note 15");
    expect(searched.html).not.toContain("Law Note 20");
    const none = await get(cookie, "/admin/blogs?q=no-such-article");
    expect(none.html).toContain("No articles match these filters.");
    expect(none.html).toContain("No article awaiting review matches this search.");
  });
});

describe("the testimonials, founders, quizzes and applications lists", () => {
  it("search, filter and page each", async () => {
    const { db } = testContext();
    const base = Date.parse("2026-02-01T00:00:00Z");
    for (let i = 0; i < 24; i++) {
      await db.insert(testimonials).values({
        clientName: `Client ${String(i).padStart(2, "0")}`,
        message: i === 5 ? "The GST appeal went our way." : "Helpful.",
        status: i % 2 ? "published" : "rejected",
        createdAt: new Date(base + i * 1000),
      });
      await db.insert(faculty).values({ name: `Founder ${String(i).padStart(2, "0")}`, subject: "Tax", sortOrder: i });
      await db
        .insert(quizzes)
        .values({ title: `Quiz ${String(i).padStart(2, "0")}`, totalTime: 5, createdAt: new Date(base + i * 1000) });
      await db.insert(teacherApplications).values({
        fullName: `Applicant ${String(i).padStart(2, "0")}`,
        email: `applicant${i}@example.com`,
        reason: "r",
        educationalQualification: "LLB",
        subjectToTeach: i === 7 ? "Constitutional Law" : "Tax",
        workExperience: "3",
        previousWorkPlace: "x",
        phoneNumber: "9876543210",
        cvKey: `private/cv-${i}.pdf`,
        cvName: "cv.pdf",
        status: i < 2 ? "pending" : "approved",
        reviewedAt: i < 2 ? null : new Date(base + i * 1000),
      });
    }
    const cookie = await adminCookie();

    const gst = await get(cookie, "/admin/testimonials?q=gst");
    expect(gst.html).toContain("Client 05");
    expect(gst.html).not.toContain("Client 04");
    const rejectedPage2 = await get(cookie, "/admin/testimonials?status=rejected&page=2");
    expect(rejectedPage2.html).toContain("Client 00");
    expect(rejectedPage2.html).not.toContain("Client 01<");
    const testimonialsPage2 = await get(cookie, "/admin/testimonials?page=2");
    expect(testimonialsPage2.html).toContain("Client 01");
    expect(testimonialsPage2.html).not.toContain("Client 21");

    const founders = await get(cookie, "/admin/founders?page=2");
    expect(founders.html).toContain("Founder 21");
    expect(founders.html).not.toContain("Founder 00");
    expect((await get(cookie, "/admin/founders?q=founder+07")).html).not.toContain("Founder 08");

    const quizPage = await get(cookie, "/quiz/manage?page=2");
    expect(quizPage.html).toContain("Quiz 01");
    expect(quizPage.html).not.toContain("Quiz 21");
    const quizSearch = await get(cookie, "/quiz/manage?q=zzz");
    expect(quizSearch.html).toContain("No quizzes match this search.");

    const constitutional = await get(cookie, "/admin/teachers?q=constitutional");
    expect(constitutional.html).toContain("Applicant 07");
    expect(constitutional.html).not.toContain("Applicant 08");
    const pendingOnly = await get(cookie, "/admin/teachers?status=pending");
    expect(pendingOnly.html).toContain("Applicant 01");
    expect(pendingOnly.html).not.toContain("Applicant 10");
    expect(pendingOnly.html).toContain("No reviewed application matches these filters.");
    const reviewedPage2 = await get(cookie, "/admin/teachers?status=approved&page=2&q=applicant");
    expect(reviewedPage2.html).toContain("Applicant 02");
    expect(reviewedPage2.html).not.toContain("Applicant 21");
    expect(reviewedPage2.html).toContain('href="/admin/teachers?status=approved&amp;q=applicant"');
  });
});

describe("the teachers list", () => {
  it("pages and searches the teacher role in SQL: by name from the profile or the account, email and subject", async () => {
    const { db } = testContext();
    for (let i = 0; i < 23; i++) {
      const email = `teacher-${String(i).padStart(2, "0")}@lists.example.in`;
      await db.insert(roleAssignments).values({ role: "teacher", email });
      if (i % 2 === 0) {
        await db.insert(teacherProfiles).values({
          email,
          fullName: `Profiled Teacher ${String(i).padStart(2, "0")}`,
          subjectToTeach: i === 4 ? "Arbitration" : "Contracts",
        });
      }
    }
    await createTestUser({ email: "teacher-03@lists.example.in", fullName: "Registered Teacher 03" });
    const cookie = await adminCookie();
    const first = await get(cookie, "/admin/teachers?q=lists.example.in");
    expect(first.html).toContain("teacher-00@lists.example.in");
    expect(first.html).not.toContain("teacher-22@lists.example.in");
    expect(first.html).toContain('href="/admin/teachers?q=lists.example.in&amp;tpage=2"');
    const second = await get(cookie, "/admin/teachers?q=lists.example.in&tpage=2");
    expect(second.html).toContain("teacher-22@lists.example.in");
    expect(second.html).not.toContain("teacher-00@lists.example.in");
    const byProfile = await get(cookie, "/admin/teachers?q=PROFILED+teacher+08");
    expect(byProfile.html).toContain("teacher-08@lists.example.in");
    expect(byProfile.html).not.toContain("teacher-10@lists.example.in");
    const byAccount = await get(cookie, "/admin/teachers?q=registered+teacher");
    expect(byAccount.html).toContain("teacher-03@lists.example.in");
    expect(byAccount.html).toContain("Registered");
    expect(byAccount.html).not.toContain("teacher-05@lists.example.in");
    const bySubject = await get(cookie, "/admin/teachers?q=arbitration");
    expect(bySubject.html).toContain("teacher-04@lists.example.in");
    expect(bySubject.html).not.toContain("teacher-06@lists.example.in");
    expect((await get(cookie, "/admin/teachers?q=nobody-teaches-this")).html).toContain(
      "No teachers match this search.",
    );
  });
});

describe("edit forms show the current image", () => {
  it("articles, testimonials and founders", async () => {
    const { db } = testContext();
    const [article] = await db
      .insert(articles)
      .values({
        slug: "with-cover",
        title: "With Cover",
        summary: "s",
        highlight: "h",
        publishedAt: new Date(),
        status: "published",
        image: "articles/cover-1.png",
      })
      .returning();
    const [testimonial] = await db
      .insert(testimonials)
      .values({ clientName: "Pic Client", message: "m", status: "published", photo: "testimonials/p-1.png" })
      .returning();
    const [founder] = await db
      .insert(faculty)
      .values({ name: "Pic Founder", subject: "Tax", image: "faculty/f-1.png" })
      .returning();
    const cookie = await adminCookie();
    const blog = await get(cookie, `/admin/blogs?edit=${article!.id}`);
    expect(blog.html).toMatch(/<img src="\/uploads\/articles\/cover-1\.png" alt="Current cover image"/);
    const story = await get(cookie, `/admin/testimonials?edit=${testimonial!.id}`);
    expect(story.html).toMatch(/<img src="\/uploads\/testimonials\/p-1\.png" alt="Current photo"/);
    const person = await get(cookie, `/admin/founders?edit=${founder!.id}`);
    expect(person.html).toMatch(/<img src="\/uploads\/faculty\/f-1\.png" alt="Current photo"/);
    // A new item's form shows none.
    expect((await get(cookie, "/admin/blogs")).html).not.toContain("Current cover image");
  });
});

describe("the trash and the images lists", () => {
  it("search, filter by kind and page each, keeping the filters in the page links", async () => {
    const { db } = testContext();
    const base = Date.parse("2026-03-01T00:00:00Z");
    for (let i = 0; i < 25; i++) {
      await db.insert(trashItems).values({
        kind: i % 5 === 0 ? "founder" : "article",
        entityId: `gone-${i}`,
        label: `Binned ${String(i).padStart(2, "0")}`,
        snapshot: [{ table: "faculty", row: { id: `gone-${i}` } }],
        files: [],
        pages: [],
        checks: [],
        deletedAt: new Date(base + i * 1000),
      });
      await db.insert(siteImages).values({
        kind: i < 22 ? "gallery" : "accolade",
        image: `site-images/${i}.png`,
        width: 800,
        height: 600,
        caption: `Picture ${String(i).padStart(2, "0")}`,
        alt: i === 3 ? "The Delhi office at dusk" : "A photo",
        sortOrder: i,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      });
    }
    const cookie = await adminCookie();

    const trash = await get(cookie, "/admin/trash");
    expect(trash.html).toContain("Binned 24");
    expect(trash.html).not.toContain("Binned 04");
    expect(trash.html).toContain('href="/admin/trash?page=2"');
    expect((await get(cookie, "/admin/trash?page=9")).html).toContain("Binned 00");
    const founders = await get(cookie, "/admin/trash?status=founder&q=binned");
    expect(founders.html).toContain("Binned 20");
    expect(founders.html).toContain("Binned 05");
    expect(founders.html).not.toContain("Binned 21");
    expect(founders.html).toContain('<option value="founder" selected="">');
    const searched = await get(cookie, "/admin/trash?q=binned+1");
    expect(searched.html).toContain("Binned 13");
    expect(searched.html).not.toContain("Binned 24");
    expect((await get(cookie, "/admin/trash?q=nothing-like-it")).html).toContain(
      "Nothing in the trash matches these filters.",
    );

    // Accolades first, then the gallery, each in the firm's order.
    const images = await get(cookie, "/admin/images");
    expect(images.html).toContain("Picture 24");
    expect(images.html).toContain("Picture 00");
    expect(images.html).not.toContain("Picture 21");
    expect(images.html).toContain('href="/admin/images?page=2"');
    const second = await get(cookie, "/admin/images?page=2");
    expect(second.html).toContain("Picture 21");
    expect(second.html).not.toContain("Picture 00");
    expect(second.html).not.toContain('id="images-accolade"');
    const accolades = await get(cookie, "/admin/images?status=accolade");
    expect(accolades.html).toContain("Picture 22");
    expect(accolades.html).not.toContain("Picture 00");
    const byAlt = await get(cookie, "/admin/images?q=delhi+office");
    expect(byAlt.html).toContain("Picture 03");
    expect(byAlt.html).not.toContain("Picture 04");
    expect((await get(cookie, "/admin/images?q=nothing-like-it")).html).toContain("No image matches these filters.");
  });
});
