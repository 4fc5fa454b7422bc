// Every documented API endpoint and every page of the build, walked: as a staff member the "staff must
// use two-factor" rule blocks (they reach nothing a role opens), and as a visitor (no question of an
// open quiz leaves without an attempt). The lint rule on who-is-calling imports (eslint.config.js)
// keeps new routes on the guards; this walk proves the guards are the only way in today.
import apiDoc from "../../docs/api.md?raw";
import * as build from "remix-server-build";
import { describe, expect, it } from "vitest";
import { articles, services, siteSettings, testimonials } from "../../db/schema";
import { SITE_SETTINGS_ID, STAFF_TWO_FACTOR_REQUIRED_MESSAGE } from "~/lib/two-factor-policy.server";
import { apiTokenFor, appFetch, createTestUser, sessionCookieFor, testContext } from "../helpers";
import { anonymous, callJson, clientIp } from "./contract/client";

type Route = { id: string; path?: string; index?: boolean; parentId?: string; module: { default?: unknown } };
const routes = build.routes as unknown as Record<string, Route>;

const PENDING_ARTICLE = "Walk: a pending piece on arbitration";
const PENDING_TESTIMONIAL = "Walk: a pending word of thanks";

async function ruleOn() {
  await testContext()
    .db.insert(siteSettings)
    .values({ id: SITE_SETTINGS_ID, staffTwoFactorRequired: true })
    .onConflictDoUpdate({ target: siteSettings.id, set: { staffTwoFactorRequired: true } });
}

/** An admin without two-factor, a pending article and testimonial, and a service with its staff forms. */
async function adminAndPendingItems() {
  const { db } = testContext();
  const admin = await createTestUser({ role: "admin" });
  const author = await createTestUser();
  const [article] = await db
    .insert(articles)
    .values({
      title: PENDING_ARTICLE,
      slug: `walk-${crypto.randomUUID().slice(0, 8)}`,
      summary: "S",
      highlight: "H",
      publishedAt: new Date(),
      status: "pending",
      submittedByUserId: author.id,
    })
    .returning();
  await db.insert(testimonials).values({ clientName: "A client", message: PENDING_TESTIMONIAL, status: "pending" });
  const [service] = await db
    .insert(services)
    .values({ title: "Walk service", path: `walk-${crypto.randomUUID().slice(0, 8)}` })
    .returning();
  return { admin, article: article!, service: service! };
}

/** Every "METHOD /api/path" heading of docs/api.md. */
const documented = [...apiDoc.matchAll(/^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)$/gm)].map(([, method, path]) => ({
  method: method!,
  path: path!,
}));

/** A page route's URL pattern: its own path under its parents' (pathless layouts add nothing). */
function urlOf(route: Route): string {
  const parent = route.parentId && route.parentId !== "root" ? urlOf(routes[route.parentId]!) : "";
  return route.path ? `${parent}/${route.path}` : parent;
}

describe("a staff member the two-factor rule blocks", () => {
  it("gets 403 from every documented API endpoint that reads the caller, and nothing pending from any", async () => {
    const { admin, article } = await adminAndPendingItems();
    await ruleOn();
    const blocked = { token: await apiTokenFor(admin.email), ip: clientIp() };
    expect(documented.length).toBeGreaterThan(50);
    const sameAsVisitor: string[] = [];
    for (const { method, path } of documented) {
      // The sign-in endpoints take no caller (the resend and verify chores are the account's own).
      if (path.startsWith("/api/auth/")) continue;
      const url = path.replace("/api", "").replace(/\{[^}]+\}/g, article.id);
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const answer = await callJson({ ...blocked, ip: clientIp() }, method, url, body);
      const text = await answer.text();
      const label = `${method} ${path}`;
      expect(text, label).not.toContain(PENDING_ARTICLE);
      expect(text, label).not.toContain(PENDING_TESTIMONIAL);
      if (answer.status === 403 && text.includes(STAFF_TWO_FACTOR_REQUIRED_MESSAGE)) continue;
      // Otherwise the endpoint never asked who is calling: a visitor gets the very same answer.
      const visitor = await callJson(anonymous(), method, url, body);
      expect({ status: answer.status, text }, label).toEqual({ status: visitor.status, text: await visitor.text() });
      sameAsVisitor.push(label);
    }
    // Public reads with no staff view and the public forms, which never ask who is calling; every
    // list with pending items and every staff action is refused.
    expect(sameAsVisitor.sort()).toEqual([
      "GET /api/faculty",
      "GET /api/services",
      "GET /api/services/{id}",
      "GET /api/sub-services",
      "POST /api/consultation/send-consultation-request",
      "POST /api/join",
    ]);
  });

  it("is sent to the two-factor setup from every staff page and sees no staff view on any other page", async () => {
    const { admin, article, service } = await adminAndPendingItems();
    const cookie = await sessionCookieFor(admin.id);
    const staffView = (text: string) =>
      /(?:href|action)="\/admin(?:"|\/(?!blogs"|testimonials"))/.test(text) || text.includes("Add/Delete");
    // Before the rule, the same admin sees the staff views the walk looks for (so the walk can fail).
    const before = (path: string) => appFetch(path, { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(staffView(await before(`/services/${service.path}`))).toBe(true);
    expect(staffView(await before("/blogs"))).toBe(true);
    await ruleOn();
    const params: Record<string, string> = { slug: article.slug, serviceId: service.path, area: "tax" };
    const pages = Object.values(routes).filter((route) => route.module.default && !urlOf(route).includes("*"));
    expect(pages.length).toBeGreaterThan(50);
    for (const route of pages) {
      const url = (urlOf(route) || "/").replace(/:(\w+)\??/g, (_, name: string) => params[name] ?? article.id);
      const answer = await appFetch(url, { headers: { Cookie: cookie, "CF-Connecting-IP": clientIp() } });
      const text = await answer.text();
      const label = `${route.id} (${url})`;
      expect(text, label).not.toContain(PENDING_ARTICLE);
      expect(text, label).not.toContain(PENDING_TESTIMONIAL);
      // No staff link, form or label: clients too are offered /admin/blogs and /admin/testimonials (to submit).
      expect(staffView(text), label).toBe(false);
      if (route.id.startsWith("routes/admin")) {
        expect(answer.status, label).toBe(302);
        expect(answer.headers.get("Location"), label).toBe("/account/security?required=1");
      }
    }
  });
});

describe("a visitor, without a token", () => {
  it("gets no question text or option of an open quiz from any API GET or page", async () => {
    const teacher = await createTestUser({ role: "teacher" });
    const question = "Walk: the period for a suit on a promissory note?";
    const options = ["Walk option one", "Walk option two", "Walk option three", "Walk option four"];
    const created = await callJson({ token: await apiTokenFor(teacher.email), ip: clientIp() }, "POST", "/quiz", {
      title: "Walk quiz",
      totalTime: 10,
      questions: [{ text: question, options, correctAnswer: 1 }],
    });
    expect(created.status).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };
    // The teacher's own view has them (so the walk looks for text that is there to leak).
    const own = await callJson({ token: await apiTokenFor(teacher.email), ip: clientIp() }, "GET", `/quiz/${id}`);
    expect(await own.text()).toContain(question);

    const leaks = (text: string) => text.includes(question) || options.some((option) => text.includes(option));
    for (const { path } of documented.filter((endpoint) => endpoint.method === "GET")) {
      const url = path.replace("/api", "").replace(/\{[^}]+\}/g, id);
      const answer = await callJson(anonymous(), "GET", url);
      expect(leaks(await answer.text()), `GET ${path}`).toBe(false);
    }
    const pages = Object.values(routes).filter((route) => route.module.default && !urlOf(route).includes("*"));
    for (const route of pages) {
      const url = (urlOf(route) || "/").replace(/:(\w+)\??/g, id);
      const answer = await appFetch(url, { headers: { "CF-Connecting-IP": clientIp() } });
      expect(leaks(await answer.text()), `${route.id} (${url})`).toBe(false);
    }
  });
});
