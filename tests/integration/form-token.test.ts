// The double-submit guard: a create form carries a one-time
// token; the same form posted twice saves one row and both answers lead to the same place. Through
// the built Worker's page actions, real D1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, consultationRequests, formSubmissions, testimonials } from "../../db/schema";
import { FORM_TOKEN_MESSAGES } from "~/lib/form-token.server";
import { appFetch, createTestUser, runCron, sessionCookieFor, testContext } from "../helpers";

function articleForm(title: string, token?: string) {
  const form = new FormData();
  form.set("title", title);
  form.set("summary", "What a gift deed of immovable property costs in Delhi.");
  form.set("highlight", "Register the deed within four months.");
  if (token) form.set("formToken", token);
  return form;
}

async function adminCookie() {
  const admin = await createTestUser({ role: "admin" });
  return sessionCookieFor(admin.id);
}

const post = (path: string, cookie: string, body: FormData | URLSearchParams, ip = "198.51.100.7") =>
  appFetch(path, { method: "POST", headers: { Cookie: cookie, "CF-Connecting-IP": ip }, body });

describe("one-time form tokens", () => {
  it("an article form posted twice with its token creates one article; both answers redirect alike", async () => {
    const cookie = await adminCookie();
    const title = `Double click ${crypto.randomUUID()}`;
    const token = crypto.randomUUID();
    const first = await post("/admin/blogs", cookie, articleForm(title, token));
    const second = await post("/admin/blogs", cookie, articleForm(title, token));
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const rows = await testContext().db.select().from(articles).where(eq(articles.title, title));
    expect(rows).toHaveLength(1);
    expect(first.headers.get("Location")).toContain(`saved=${rows[0]!.id}`);
  });

  it("two posts of one token at the same moment still create one testimonial", async () => {
    const cookie = await adminCookie();
    const clientName = `Concurrent ${crypto.randomUUID().slice(0, 8)}`;
    const token = crypto.randomUUID();
    const body = () => {
      const form = new FormData();
      form.set("clientName", clientName);
      form.set("message", "They explained every step.");
      form.set("formToken", token);
      return form;
    };
    const answers = await Promise.all([
      post("/admin/testimonials", cookie, body()),
      post("/admin/testimonials", cookie, body()),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const rows = await testContext().db.select().from(testimonials).where(eq(testimonials.clientName, clientName));
    expect(rows).toHaveLength(1);
  });

  it("without a token every post saves (the guard is the token, nothing else)", async () => {
    const cookie = await adminCookie();
    const title = `No token ${crypto.randomUUID()}`;
    await post("/admin/blogs", cookie, articleForm(title));
    await post("/admin/blogs", cookie, articleForm(title));
    expect(await testContext().db.select().from(articles).where(eq(articles.title, title))).toHaveLength(2);
  });

  it("a refused submission frees its token: the corrected form saves with it", async () => {
    const cookie = await adminCookie();
    const title = `Corrected ${crypto.randomUUID()}`;
    const token = crypto.randomUUID();
    const refused = articleForm("", token);
    const answer = await post("/admin/blogs", cookie, refused);
    expect(answer.status).toBe(400);
    const saved = await post("/admin/blogs", cookie, articleForm(title, token));
    expect(saved.status).toBe(302);
    expect(await testContext().db.select().from(articles).where(eq(articles.title, title))).toHaveLength(1);
  });

  it("the consultation form's plain POST sent twice stores one request", async () => {
    const name = `Twice Sent ${crypto.randomUUID().slice(0, 8)}`;
    const token = crypto.randomUUID();
    const body = () =>
      new URLSearchParams({
        name,
        email: "twice@example.com",
        phone: "+91 98765 43210",
        service: "Intellectual Property",
        message: "",
        consent: "on",
        company: "",
        formToken: token,
      });
    const first = await post("/consultation", "", body(), "198.51.100.91");
    const second = await post("/consultation", "", body(), "198.51.100.91");
    expect([first.status, second.status]).toEqual([303, 302]);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const rows = await testContext().db.select().from(consultationRequests).where(eq(consultationRequests.name, name));
    expect(rows).toHaveLength(1);
  });

  it("a duplicate of a form still being saved after 5 s says so on each form's page and keeps what was typed", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const typed = `Typed ${crypto.randomUUID().slice(0, 8)}`;
    const pages: { path: string; cookie: string; fields: Record<string, string> }[] = [
      { path: "/quiz/create", cookie, fields: { title: typed } },
      { path: "/admin/blogs", cookie, fields: { title: typed } },
      { path: "/dashboard", cookie, fields: { title: typed } },
      { path: "/consultation", cookie: "", fields: { name: typed, email: "dup@example.com" } },
      { path: "/join-us", cookie: "", fields: { fullName: typed, email: "dup@example.com" } },
    ];
    // Side by side: each duplicate waits out the first submission's 5 s, which never ends here.
    await Promise.all(
      pages.map(async (page, index) => {
        const token = crypto.randomUUID();
        // The first submission holds the token: it is still saving.
        await testContext().db.insert(formSubmissions).values({ token });
        const form = new FormData();
        for (const [name, value] of Object.entries(page.fields)) form.set(name, value);
        form.set("formToken", token);
        const answer = await post(page.path, page.cookie, form, `198.51.100.${120 + index}`);
        expect(answer.status, page.path).toBe(409);
        // What the page shows, not the data Remix hands its scripts.
        const shown = (await answer.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
        expect(shown.split(FORM_TOKEN_MESSAGES.beingSent), page.path).toHaveLength(2); // once
        expect(shown, page.path).toContain(`value="${typed}"`);
      }),
    );
  });

  it("the scheduled job forgets tokens after a day", async () => {
    const { db } = testContext();
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await db.insert(formSubmissions).values([
      { token: old, location: "/admin/blogs", createdAt: new Date(Date.now() - 2 * 24 * 3600_000) },
      { token: fresh, location: "/admin/blogs" },
    ]);
    await runCron();
    const left = (await db.select().from(formSubmissions)).map((row) => row.token);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });
});
