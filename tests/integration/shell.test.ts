import { describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import { appFetch, testContext } from "../helpers";

describe("the site shell", () => {
  it("serves the home page with the menu, footer and contact dial, and the database's articles", async () => {
    const { db } = testContext();
    await db.insert(articles).values({
      slug: "test-article",
      title: "Stamp Duty on Gift Deeds",
      summary: "What it costs.",
      highlight: "Register it.",
      publishedAt: new Date(Date.now() - 60_000),
      status: "published",
    });
    const response = await appFetch("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Stamp Duty on Gift Deeds");
    for (const label of ["Home", "Blog", "About", "Consultation", "Practice Areas", "Testimonials", "Login"]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('aria-label="Quick contact"');
    expect(html).toContain('href="/practice-areas/corporate-commercial"');
    expect(html).toContain('href="/disclaimer"');
  });

  it("answers an unknown path with the 404 page inside the shell, never a 500", async () => {
    for (const path of [
      "/no-such-page",
      "/services/no-such-service",
      "/blogs/no-such-article",
      "/practice-areas/no-such-area",
      "/a/b/c/../d",
      "/%E0%A4%A",
    ]) {
      const response = await appFetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page Under Construction");
      // A title for the tab, the history and a screen reader's first words; never an empty one.
      expect(/<title>([^<]+)<\/title>/.exec(html)?.[1], `${path} has a title`).toMatch(/Not Found|Under Construction/);
      expect(html).toContain('href="/contact"');
      expect(html).toContain('aria-label="Main"');
    }
  });

  it("puts the security headers on every response, with the CSP nonce on the page's scripts", async () => {
    for (const path of ["/", "/no-such-page", "/blogs.data", "/favicon.ico.missing"]) {
      const response = await appFetch(path);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      // Local mode is plain HTTP: no HSTS.
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
    const response = await appFetch("/");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy")!)![1]!;
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes)) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
  });
});
