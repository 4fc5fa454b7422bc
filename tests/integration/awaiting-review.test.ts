// What awaits review is visible: /admin counts pending articles, testimonials, teacher applications and
// new consultation requests (each linking to its list), and a client's submission mails the moderators.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationRequests, mailOutbox, teacherApplications } from "../../db/schema";
import {
  apiTokenFor,
  appFetch,
  bearer,
  createTestUser,
  formData,
  pageText,
  sessionCookieFor,
  testContext,
} from "../helpers";

const dashboard = async (cookie: string) => pageText(await appFetch("/admin", { headers: { Cookie: cookie } }));

/** "3 articles awaiting review" and where it links, as the page shows it. */
function countOf(html: string, label: string) {
  const match = new RegExp(`<a [^>]*href="([^"]+)"[^>]*><strong>(\\d+)</strong> ${label}</a>`).exec(
    html.replace(/<!-- -->/g, ""),
  );
  return match ? { href: match[1], count: Number(match[2]) } : null;
}

const reviewMails = () => testContext().db.select().from(mailOutbox).where(eq(mailOutbox.kind, "review-pending"));

describe("the staff home page's counts", () => {
  it("shows what awaits review, each linking to its list, and the count changes with a submission", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    await db.insert(consultationRequests).values([
      { name: "A", email: "a@example.in", phone: "98765 43210", service: "Real Estate" },
      { name: "B", email: "b@example.in", phone: "98765 43210", service: "Real Estate", status: "closed" },
    ]);
    await db.insert(teacherApplications).values({
      fullName: "Asha Verma",
      email: "asha@example.in",
      reason: "r",
      educationalQualification: "LLM",
      subjectToTeach: "Contracts",
      workExperience: "5 years",
      previousWorkPlace: "A firm",
      phoneNumber: "98765 43210",
      cvKey: "cv/x.pdf",
      cvName: "cv.pdf",
    });

    const before = await dashboard(cookie);
    expect(countOf(before, "articles awaiting review")).toEqual({ href: "/admin/blogs?status=pending", count: 0 });
    expect(countOf(before, "testimonials awaiting review")).toEqual({
      href: "/admin/testimonials?status=pending",
      count: 0,
    });
    expect(countOf(before, "teacher applications awaiting review")).toEqual({ href: "/admin/teachers", count: 1 });
    expect(countOf(before, "new consultation requests")).toEqual({ href: "/admin/consultations?status=new", count: 1 });

    const client = await createTestUser();
    const token = await apiTokenFor(client.email);
    const submitted = await appFetch("/api/blogs", {
      method: "POST",
      body: formData({ title: "Waiting Piece", summary: "s", highlight: "h" }),
      headers: bearer(token),
    });
    expect(submitted.status).toBe(201);
    expect(countOf(await dashboard(cookie), "articles awaiting review")?.count).toBe(1);

    // A teacher sees no counts of what only admins review.
    const teacher = await createTestUser({ role: "teacher" });
    const teacherView = await dashboard(await sessionCookieFor(teacher.id));
    expect(countOf(teacherView, "articles awaiting review")).toBeNull();
    expect(countOf(teacherView, "new consultation requests")).toBeNull();
  });
});

describe("a submission mails the moderators", () => {
  it("through the API and the page: each verified admin gets the title and a link, nothing else", async () => {
    const admin = await createTestUser({ role: "admin", email: "moderator@example.in", fullName: "Priya Moderator" });
    await createTestUser({ role: "admin", email: "unverified-admin@example.in", emailVerified: false });
    await createTestUser({ role: "teacher", email: "a-teacher@example.in" });
    const client = await createTestUser({ email: "client@example.in" });

    const viaApi = await appFetch("/api/testimonials", {
      method: "POST",
      body: formData({ clientName: "Rohan Mehta", message: "A private account of my case." }),
      headers: bearer(await apiTokenFor(client.email)),
    });
    expect(viaApi.status).toBe(201);

    const cookie = await sessionCookieFor(client.id);
    const form = await pageText(await appFetch("/admin/blogs?new=1", { headers: { Cookie: cookie } }));
    const formToken = /name="formToken" value="([^"]+)"/.exec(form)?.[1] ?? "";
    const viaPage = await appFetch("/admin/blogs", {
      method: "POST",
      headers: { Cookie: cookie },
      body: formData({ title: "Stamp Duty Basics", summary: "Secret summary.", highlight: "h", formToken }),
    });
    expect(viaPage.status).toBe(302);
    expect(viaPage.headers.get("Location")).toBe("/admin/blogs?done=submitted");

    const mails = await reviewMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(["moderator@example.in", "moderator@example.in"]);
    const testimonial = mails.find((mail) => mail.subject.includes("testimonial"))!;
    expect(testimonial.subject).toBe("A new testimonial awaits review: Rohan Mehta");
    expect(testimonial.text).toContain("Review it at http://127.0.0.1:8787/admin/testimonials");
    expect(testimonial.text).not.toContain("private account");
    const article = mails.find((mail) => mail.subject.includes("article"))!;
    expect(article.subject).toBe("A new article awaits review: Stamp Duty Basics");
    expect(article.text).toContain("Dear Priya Moderator,");
    expect(article.text).toContain("Review it at http://127.0.0.1:8787/admin/blogs");
    expect(article.text).not.toContain("Secret summary");
    expect(admin.emailVerified).toBe(true);

    // An admin's own item is published at once: nobody is mailed.
    const published = await appFetch("/api/blogs", {
      method: "POST",
      body: formData({ title: "Published Directly", summary: "s", highlight: "h" }),
      headers: bearer(await apiTokenFor(admin.email)),
    });
    expect(published.status).toBe(201);
    expect(await reviewMails()).toHaveLength(2);
  });
});
