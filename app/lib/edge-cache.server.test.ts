// The edge cache of public pages, through the built Worker (server.ts) with
// workerd's real Cache API and D1: what a visitor, a signed-in user and an
// editor see.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, counters } from "../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  sessionCookieFor,
  testContext,
  formData as form,
} from "../../tests/helpers";
import {
  cacheKey,
  EDGE_FRESH_SECONDS,
  isCacheablePath,
  isStorable,
  occurrences,
  privateForSignedIn,
  purgePublicPages,
  replaceNonce,
} from "./edge-cache.server";
import { DISCLAIMER_COOKIE } from "~/features/disclaimer/disclaimer";
import { PUBLIC_PAGES } from "~/features/site/public-pages";

/** This isolate's copy of the content version (shared by server.ts and the Remix bundle through globalThis). */
const versionState = () =>
  (globalThis as unknown as Record<symbol, { version: number | null; checkedAt: number }>)[
    Symbol.for("lawfirm.edge-cache.version")
  ]!;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A GET as a browser sends it; the body is read whole, so the response (and its cache write) completes. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await appFetch(path, { headers });
  const body = await response.text();
  // The copy for the cache is written after the response (waitUntil): wait until it is there.
  if (response.headers.get("X-Cache") === "MISS" && isStorable(response)) await storedCopy(path, headers);
  else await new Promise((resolve) => setTimeout(resolve, 20));
  return { status: response.status, cache: response.headers.get("X-Cache"), body, headers: response.headers };
}

/** Waits (up to 5 s, however busy the machine) for the background write of a page's cache entry. */
async function storedCopy(path: string, headers: Record<string, string>) {
  const cache = await caches.open("public-pages");
  const key = cacheKey(new Request(`http://127.0.0.1:8787${path}`, { headers }), versionState().version!, {
    sessionCookies: [],
    keyCookies: [DISCLAIMER_COOKIE],
  });
  for (let waited = 0; waited < 5000; waited += 20) {
    if (await cache.match(key)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never stored in the edge cache`);
}

/** The nonce the CSP header allows, and every nonce attribute in the page. */
function nonces(page: { body: string; headers: Headers }) {
  const allowed = /'nonce-([^']+)'/.exec(page.headers.get("Content-Security-Policy") ?? "")?.[1];
  const inPage = [...page.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  return { allowed, inPage };
}

/** Every inline script of the page carries the nonce its CSP header allows, so the scripts run. */
function expectOwnNonce(page: { body: string; headers: Headers }) {
  const { allowed, inPage } = nonces(page);
  expect(allowed).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(inPage.length).toBeGreaterThan(0);
  expect(new Set(inPage)).toEqual(new Set([allowed]));
}

/** The stored entry of a path (no cookies), and its key. */
async function storedEntry(path: string) {
  const cache = await caches.open("public-pages");
  const key = cacheKey(new Request(`http://127.0.0.1:8787${path}`), versionState().version!, {
    sessionCookies: [],
    keyCookies: [],
  });
  const stored = await cache.match(key);
  expect(stored, `${path} is stored`).toBeTruthy();
  return { cache, key, stored: stored! };
}

async function adminAndArticle(title = "Stamp Duty on Share Transfers") {
  const admin = await createTestUser({ role: "admin", fullName: "Asha Admin" });
  const token = await apiTokenFor(admin.email);
  const created = await appFetch("/api/blogs", {
    method: "POST",
    headers: auth(token),
    body: form({ title, summary: "What changed in 2024.", highlight: "Pay before you sign." }),
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as { _id: string; slug: string };
  return { admin, token, article };
}

describe("anonymous visitors are served from the edge cache", () => {
  it("an article is a MISS, then a HIT with the same page and a fresh CSP nonce", async () => {
    const { article } = await adminAndArticle();
    const first = await get(`/blogs/${article.slug}`);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    expect(first.body).toContain("Stamp Duty on Share Transfers");

    const second = await get(`/blogs/${article.slug}`);
    expect(second.cache).toBe("HIT");
    expect(second.headers.get("Age")).toMatch(/^\d+$/);
    const [a, b] = [nonces(first), nonces(second)];
    expect(b.allowed).toBeTruthy();
    expect(b.allowed).not.toBe(a.allowed);
    // Every inline script of the cached page carries this response's nonce, so the CSP lets it run.
    expect(b.inPage.length).toBeGreaterThan(0);
    expect(new Set(b.inPage)).toEqual(new Set([b.allowed]));
    expect(second.body.replaceAll(b.allowed!, "N")).toBe(first.body.replaceAll(a.allowed!, "N"));
    // The security headers are still there.
    expect(second.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("a visitor who never reads a missed page holds nothing back: it is stored, and the next request is answered", async () => {
    const unread = await appFetch("/about");
    expect(unread.headers.get("X-Cache")).toBe("MISS");
    const admin = await createTestUser({ role: "admin" });
    const signedIn = await appFetch("/about", { headers: { Cookie: await sessionCookieFor(admin.id) } });
    expect(await signedIn.text()).toContain("About the Firm");
    expect((await get("/about")).cache).toBe("HIT");
    await unread.body?.cancel();
  });

  it("the home page, the list and their single-fetch data are cached; campaign tags share the entry, other queries do not", async () => {
    for (const path of ["/", "/blogs", "/blogs.data", "/_root.data", "/testimonial", "/services"]) {
      expect((await get(path)).cache, path).toBe("MISS");
      expect((await get(path)).cache, path).toBe("HIT");
    }
    expect((await get("/blogs?utm_source=twitter&fbclid=abc")).cache).toBe("HIT");
    expect((await get("/blogs?page=2")).cache).toBe("MISS");
  });

  it("a page first viewed through a campaign link is stored without the tags, so the next visitor's request is not that campaign's", async () => {
    const tagged = await get("/?utm_source=facebook&utm_campaign=diwali");
    expect(tagged.cache).toBe("MISS");
    // This visitor's own page keeps its tags (its consultation form says where it came from)…
    expect(tagged.body).toContain('name="source" value="/?utm_source=facebook&amp;utm_campaign=diwali"');
    // …the copy kept for everyone else is the page without them.
    for (const path of ["/", "/?utm_source=google"]) {
      const next = await get(path);
      expect(next.cache, path).toBe("HIT");
      expect(next.body, path).toContain('name="source" value="/"');
      expect(next.body, path).not.toContain("facebook");
      // That copy was rendered in the background with a nonce of its own, which each hit replaces.
      expectOwnNonce(next);
    }
  });

  it("a signed-in GET is never served from the cache and never stored", async () => {
    const { admin, article } = await adminAndArticle();
    const path = `/blogs/${article.slug}`;
    const cookie = await sessionCookieFor(admin.id);

    // The header greets a signed-in user by first name (React's text separators left out).
    const greets = (body: string) => body.replaceAll("<!-- -->", "").includes("Hello, Asha");
    const signedIn = await get(path, { Cookie: cookie });
    expect(signedIn.cache).toBe("BYPASS");
    expect(greets(signedIn.body)).toBe(true);
    // Not stored: the next anonymous view is a miss and carries no name.
    const anonymous = await get(path);
    expect(anonymous.cache).toBe("MISS");
    expect(greets(anonymous.body)).toBe(false);
    // Now warm, and still not served to the signed-in user.
    expect((await get(path)).cache).toBe("HIT");
    const again = await get(path, { Cookie: `disclaimer_accepted=1; ${cookie}` });
    expect(again.cache).toBe("BYPASS");
    expect(greets(again.body)).toBe(true);
    // A bearer token (an API client) bypasses too.
    expect((await get(path, { Authorization: "Bearer anything" })).cache).toBe("BYPASS");
  });

  it("the accepted disclaimer is part of the key: the home page is stored once per variant", async () => {
    const anonymous = await get("/");
    expect(anonymous.body).toContain('role="dialog"');
    expect((await get("/")).cache).toBe("HIT");
    const accepted = await get("/", { Cookie: "disclaimer_accepted=1; _ga=GA1.1.123" });
    expect(accepted.cache).toBe("MISS");
    expect(accepted.body).not.toContain('role="dialog"');
    expect(accepted.headers.get("Cache-Control")).toMatch(/^public/);
    const again = await get("/", { Cookie: "disclaimer_accepted=1" });
    expect(again.cache).toBe("HIT");
    expect(again.body).not.toContain('role="dialog"');
    // Other pages do not personalise on it, and are cached per variant too.
    expect((await get("/about", { Cookie: "disclaimer_accepted=1" })).cache).toBe("MISS");
    expect((await get("/about", { Cookie: "disclaimer_accepted=1; theme=dark" })).cache).toBe("HIT");
  });

  it("reads the disclaimer cookie as the page does, odd spacing and quotes included, so no variant is poisoned", async () => {
    for (const cookie of [
      "disclaimer_accepted=1 ; x=y",
      ' disclaimer_accepted = "1";x=y',
      "x=y;disclaimer_accepted=1",
    ]) {
      const home = await get("/", { Cookie: cookie });
      expect(home.body, cookie).not.toContain('role="dialog"');
    }
    // Those requests share the accepted variant's entry, and it is the accepted page.
    const accepted = await get("/", { Cookie: "disclaimer_accepted=1" });
    expect(accepted.cache).toBe("HIT");
    expect(accepted.body).not.toContain('role="dialog"');
    // A value that is not "1" is not accepted, in the page and in the key alike.
    expect((await get("/", { Cookie: "disclaimer_accepted=1x" })).body).toContain('role="dialog"');
    const anonymous = await get("/");
    expect(anonymous.body).toContain('role="dialog"');
    expect((await get("/", { Cookie: "disclaimer_accepted=1" })).body).not.toContain('role="dialog"');
  });

  it("never caches a POST, a redirect, a 404 or a page outside the list", async () => {
    const posted = await appFetch("/disclaimer", {
      method: "POST",
      body: new URLSearchParams({ intent: "accept-disclaimer", redirectTo: "/" }),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("X-Cache")).toBe("BYPASS");
    expect(posted.headers.get("Set-Cookie")).toContain("disclaimer_accepted=1");
    for (const path of ["/blogs/no-such-article", "/admin/blogs", "/login", "/consultation"]) {
      const first = await get(path);
      const second = await get(path);
      expect([first.cache, second.cache], path).not.toContain("HIT");
    }
    expect((await get("/blogs/no-such-article")).status).toBe(404);
    expect(isCacheablePath("/api/blogs")).toBe(false);
    expect(isCacheablePath("/blogs/some-article.data")).toBe(true);
  });

  it("lists every public page of the sitemap except the form landing pages", () => {
    const notCached = PUBLIC_PAGES.map((page) => page.path).filter((path) => !isCacheablePath(path));
    expect(notCached).toEqual(["/consultation", "/join-us"]);
  });
});

describe("changes purge the cached pages", () => {
  it("editing an article through /admin/blogs shows the edit to the next anonymous visitor", async () => {
    const { admin, article } = await adminAndArticle();
    const path = `/blogs/${article.slug}`;
    await get(path);
    expect((await get(path)).cache).toBe("HIT");

    const saved = await appFetch("/admin/blogs", {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(admin.id) },
      body: form({
        id: article._id,
        title: "Stamp Duty, Revised",
        summary: "Now with the 2025 rates.",
        highlight: "Pay before you sign.",
        slug: article.slug,
      }),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/blogs?edit=${article._id}&done=updated&saved=${article._id}`);

    const after = await get(path);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("Stamp Duty, Revised");
    expect(after.body).toContain("Now with the 2025 rates.");
    expect((await get(path)).cache).toBe("HIT");
  });

  it("publishing and deleting an article purge the list and the home page", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    for (const path of ["/", "/blogs"]) {
      await get(path);
      expect((await get(path)).cache).toBe("HIT");
    }
    const created = await appFetch("/api/blogs", {
      method: "POST",
      headers: auth(token),
      body: form({ title: "GST on Legal Services", summary: "Reverse charge.", highlight: "Register." }),
    });
    const article = (await created.json()) as { _id: string; slug: string };
    for (const path of ["/", "/blogs"]) {
      const page = await get(path);
      expect(page.cache, path).toBe("MISS");
      expect(page.body, path).toContain("GST on Legal Services");
    }
    expect((await get(`/blogs/${article.slug}`)).status).toBe(200);
    expect((await get(`/blogs/${article.slug}`)).cache).toBe("HIT");

    expect((await appFetch(`/api/blogs/${article._id}`, { method: "DELETE", headers: auth(token) })).status).toBe(200);
    for (const path of ["/", "/blogs"]) expect((await get(path)).body, path).not.toContain("GST on Legal Services");
    expect((await get(`/blogs/${article.slug}`)).status).toBe(404);
  });

  it("approving and rejecting a testimonial purge the testimonials page", async () => {
    const client = await createTestUser({ role: "client" });
    const admin = await createTestUser({ role: "admin" });
    const [clientToken, adminToken] = [await apiTokenFor(client.email), await apiTokenFor(admin.email)];
    const created = await appFetch("/api/testimonials", {
      method: "POST",
      headers: auth(clientToken),
      body: form({ clientName: "Meera Iyer", message: "They settled our dispute in weeks." }),
    });
    const row = (await created.json()) as { _id: string };
    await get("/testimonial");
    expect((await get("/testimonial")).cache).toBe("HIT");

    expect(
      (await appFetch(`/api/testimonials/${row._id}/approve`, { method: "POST", headers: auth(adminToken) })).status,
    ).toBe(200);
    const approved = await get("/testimonial");
    expect(approved.cache).toBe("MISS");
    expect(approved.body).toContain("They settled our dispute in weeks.");

    expect(
      (await appFetch(`/api/testimonials/${row._id}/reject`, { method: "POST", headers: auth(adminToken) })).status,
    ).toBe(200);
    expect((await get("/testimonial")).body).not.toContain("They settled our dispute in weeks.");
  });

  it("a purge made in another isolate or data centre is seen once this isolate re-reads the version", async () => {
    await get("/about");
    expect((await get("/about")).cache).toBe("HIT");
    // Another isolate raises the version in D1; this isolate's copy is still considered fresh…
    await testContext()
      .db.insert(counters)
      .values({ name: "public_pages_version", value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } });
    expect((await get("/about")).cache).toBe("HIT");
    // …until it is older than VERSION_MAX_AGE_MS: then it is re-read in the background and the old entries stop matching.
    versionState().checkedAt = 0;
    await get("/about"); // answered with the version it had, while the new one is read
    expect((await get("/about")).cache).toBe("MISS");
  });

  it("an entry older than the fresh window is served once (STALE) while a fresh copy is rendered", async () => {
    const { article } = await adminAndArticle("Old Title");
    const path = `/blogs/${article.slug}`;
    await get(path);
    // Change the row behind the cache's back (as a scheduled publication date would), and age the entry.
    await testContext().db.update(articles).set({ title: "New Title" }).where(eq(articles.id, article._id));
    const cache = await caches.open("public-pages");
    const key = cacheKey(new Request(`http://127.0.0.1:8787${path}`), versionState().version!, {
      sessionCookies: [],
      keyCookies: [],
    });
    const stored = await cache.match(key);
    expect(stored).toBeTruthy();
    const aged = new Response(stored!.body, stored);
    aged.headers.set("X-Edge-Stored-At", String(Date.now() - (EDGE_FRESH_SECONDS + 5) * 1000));
    await cache.put(key, aged);

    const stale = await get(path);
    expect(stale.cache).toBe("STALE");
    expect(stale.body).toContain("Old Title");
    // The fresh copy is rendered and stored after the response (waitUntil): wait until it is there.
    for (let waited = 0; !(await (await cache.match(key))?.text())?.includes("New Title"); waited += 20) {
      if (waited > 5000) throw new Error(`${path} was never refreshed in the edge cache`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const fresh = await get(path);
    expect(fresh.cache).toBe("HIT");
    expect(fresh.body).toContain("New Title");
    // The background render's nonce was recorded with its copy, and this hit's replaced it.
    expectOwnNonce(fresh);
  });

  it("a page stored by another build of the app is never served: its HTML names that build's scripts", async () => {
    await get("/about");
    expect((await get("/about")).cache).toBe("HIT");
    // What a deploy leaves behind: the entry the previous build stored (its asset files are gone).
    const cache = await caches.open("public-pages");
    const key = cacheKey(new Request("http://127.0.0.1:8787/about"), versionState().version!, {
      sessionCookies: [],
      keyCookies: [],
    });
    const stored = await cache.match(key);
    const headers = new Headers(stored!.headers);
    expect(headers.get("X-Edge-Release")).toMatch(/\S/);
    headers.set("X-Edge-Release", "the-previous-build");
    await stored!.body?.cancel();
    await cache.put(
      key,
      new Response('<!DOCTYPE html><script src="/assets/entry.client-OLD.js"></script>', { headers }),
    );

    const after = await get("/about");
    expect(after.cache).toBe("MISS");
    expect(after.body).not.toContain("entry.client-OLD");
    expect(after.body).toContain("About");
    expect(after.headers.has("X-Edge-Release")).toBe(false);
    // The fresh copy replaced it.
    expect((await get("/about")).cache).toBe("HIT");
  });

  it("a stored page whose nonce record does not match its bytes is never served: it is rendered and stored again", async () => {
    await get("/about");
    const { cache, key, stored } = await storedEntry("/about");
    expect(stored.headers.get("X-Edge-Nonce")).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(stored.headers.get("X-Edge-Nonce-Offsets")).toMatch(/^\d+(,\d+)*$/);
    const body = await stored.text();
    // Each tampered record in turn: an offset off by one, no offsets at all, no nonce, a nonce of another length.
    const tampered: [string, string | null][] = [
      [
        "X-Edge-Nonce-Offsets",
        stored.headers.get("X-Edge-Nonce-Offsets")!.replace(/^\d+/, (offset) => `${Number(offset) + 1}`),
      ],
      ["X-Edge-Nonce-Offsets", null],
      ["X-Edge-Nonce", null],
      ["X-Edge-Nonce", "c2hvcnQ="],
    ];
    for (const [name, value] of tampered) {
      const headers = new Headers(stored.headers);
      if (value === null) headers.delete(name);
      else headers.set(name, value);
      // Marked, so the copy that replaces it can be told apart (still inside the fresh window).
      const storedAt = String(Date.now() - 1000);
      headers.set("X-Edge-Stored-At", storedAt);
      await cache.put(key, new Response(body, { headers }));
      const after = await get("/about");
      expect(after.cache, `${name}: ${value}`).toBe("MISS");
      expectOwnNonce(after);
      expect(after.headers.has("X-Edge-Nonce")).toBe(false);
      // The fresh copy replaces it, after the response (waitUntil).
      for (let waited = 0; (await cache.match(key))?.headers.get("X-Edge-Stored-At") === storedAt; waited += 20) {
        if (waited > 5000) throw new Error("the tampered entry was never replaced");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const again = await get("/about");
      expect(again.cache).toBe("HIT");
      expectOwnNonce(again);
      expect(again.headers.has("X-Edge-Nonce-Offsets")).toBe(false);
    }
  });

  it("purgePublicPages raises the version in D1 and never goes backwards", async () => {
    const ctx = testContext();
    await purgePublicPages(ctx, ["/"]);
    const first = (await ctx.db.query.counters.findFirst({ where: eq(counters.name, "public_pages_version") }))!.value;
    await purgePublicPages(ctx, ["/blogs"]);
    const second = (await ctx.db.query.counters.findFirst({ where: eq(counters.name, "public_pages_version") }))!.value;
    expect(second).toBeGreaterThan(first);
    expect(versionState().version).toBe(second);
  });
});

describe("every response to a signed-in request is private, no-store", () => {
  it("pages, data requests, redirects, refusals and actions with a session cookie", async () => {
    const admin = await createTestUser({ role: "admin" });
    const client = await createTestUser();
    const adminCookie = await sessionCookieFor(admin.id);
    const clientCookie = await sessionCookieFor(client.id);
    const cases: Array<[string, RequestInit, number]> = [
      ["/", { headers: { Cookie: adminCookie } }, 200],
      ["/blogs", { headers: { Cookie: adminCookie } }, 200],
      ["/dashboard", { headers: { Cookie: adminCookie } }, 200],
      ["/admin/roles", { headers: { Cookie: adminCookie } }, 200],
      ["/admin/outbox", { headers: { Cookie: adminCookie } }, 200],
      ["/quiz/manage", { headers: { Cookie: adminCookie } }, 200],
      ["/dashboard.data", { headers: { Cookie: adminCookie } }, 200],
      ["/admin/roles", { headers: { Cookie: clientCookie } }, 403],
      ["/login", { headers: { Cookie: clientCookie } }, 302],
      ["/no-such-page", { headers: { Cookie: clientCookie } }, 404],
      [
        "/dashboard",
        {
          method: "POST",
          headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "create", title: "" }),
        },
        400,
      ],
    ];
    for (const [path, init, status] of cases) {
      const response = await appFetch(path, init);
      await response.text();
      const label = `${init.method ?? "GET"} ${path}`;
      expect(response.status, label).toBe(status);
      expect(response.headers.get("Cache-Control"), label).toBe("private, no-store");
    }
  });

  it("API answers to a bearer token; anonymous answers keep their own caching", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    for (const path of ["/api/roles", "/api/quiz", "/api/blogs", "/api/services"]) {
      const response = await appFetch(path, { headers: auth(token) });
      await response.text();
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const anonymous = await get("/");
    expect(anonymous.headers.get("Cache-Control")).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
    );
    const list = await appFetch("/api/quiz");
    await list.text();
    expect(list.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("a file the same for everyone that never changes (a public upload) keeps its long cache", () => {
    const file = new Response("img", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
    expect(privateForSignedIn(file).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const page = new Response("<html>", { headers: { "Cache-Control": "public, max-age=60" } });
    expect(privateForSignedIn(page).headers.get("Cache-Control")).toBe("private, no-store");
    expect(privateForSignedIn(new Response("x")).headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("a stored page's nonce is replaced in place", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const text = (body: Uint8Array) => new TextDecoder().decode(body);

  it("finds every occurrence of the nonce, at the start, the end and side by side", () => {
    expect(occurrences(bytes("abXYabXYab"), bytes("ab"))).toEqual([0, 4, 8]);
    expect(occurrences(bytes("aaaa"), bytes("aa"))).toEqual([0, 2]);
    expect(occurrences(bytes('a nonce="N1" b nonce="N1"'), bytes("N1"))).toEqual([9, 22]);
    expect(occurrences(bytes("no such thing"), bytes("N1"))).toEqual([]);
    expect(occurrences(bytes("N"), bytes("N1"))).toEqual([]);
  });

  it("writes the fresh nonce over each recorded offset, in a page of any characters", () => {
    const page = bytes('<p>₹ 5,000 — दस्तावेज़</p><script nonce="OLDOLD==">x</script><b nonce="OLDOLD==">');
    const offsets = occurrences(page, bytes("OLDOLD==")).join(",");
    expect(replaceNonce(page, "OLDOLD==", offsets, "NEWNEW==")).toBe(true);
    expect(text(page)).toBe('<p>₹ 5,000 — दस्तावेज़</p><script nonce="NEWNEW==">x</script><b nonce="NEWNEW==">');
    // A page without a nonce (JSON) records no offsets and is served as it is.
    const json = bytes('{"a":1}');
    expect(replaceNonce(json, "OLDOLD==", "", "NEWNEW==")).toBe(true);
    expect(text(json)).toBe('{"a":1}');
  });

  it("refuses a record that does not hold, and leaves the page untouched", () => {
    const original = '<script nonce="OLDOLD=="></script>';
    const at = String(original.indexOf("OLDOLD=="));
    const refused: [string | null, string | null, string][] = [
      ["OLDOLD==", String(Number(at) + 1), "NEWNEW=="], // the bytes there are not the nonce
      ["OLDOLD==", `${at},1000`, "NEWNEW=="], // past the end (and the first one would have been written)
      ["OLDOLD==", `${at},x`, "NEWNEW=="], // not a number
      ["OLDOLD==", `-1`, "NEWNEW=="],
      ["OLDOLD==", at, "NEWNEWNEW="], // another length
      ["", "", ""],
      [null, at, "NEWNEW=="],
      ["OLDOLD==", null, "NEWNEW=="],
    ];
    for (const [stored, offsets, fresh] of refused) {
      const page = bytes(original);
      expect(replaceNonce(page, stored, offsets, fresh), `${stored} ${offsets} ${fresh}`).toBe(false);
      expect(text(page)).toBe(original);
    }
  });
});
