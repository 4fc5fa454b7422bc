// Every redirectTo / returnTo in the app goes through safeRedirectPath: each
// off-site value an attacker may send ends on the route's default page instead.
import { describe, expect, it } from "vitest";
import { consultationRequests } from "../../db/schema";
import { appFetch, createTestUser, sessionCookieFor, testContext } from "../helpers";
import { ROUTE_REDIRECT_VECTORS } from "../redirect-vectors";

const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(body),
});

/**
 * Each test sends a request per vector (a password check for logins): on a loaded machine that can
 * take long, and a test cut off by its timeout leaves requests running, which breaks the pool's
 * per-test storage isolation for the rest of the run.
 */
const SLOW = 120_000;

let ip = 0;
const nextIp = () => `192.0.2.${(++ip % 250) + 1}`;

describe("redirect targets", () => {
  it(
    "login: a successful sign-in never leaves the site",
    async () => {
      const user = await createTestUser();
      for (const redirectTo of ROUTE_REDIRECT_VECTORS) {
        const response = await appFetch(
          `/login?${new URLSearchParams({ redirectTo })}`,
          form(
            { intent: "login", email: user.email, password: user.password, redirectTo },
            { "CF-Connecting-IP": nextIp() },
          ),
        );
        expect(response.status, redirectTo).toBe(302);
        expect(response.headers.get("Location"), redirectTo).toBe("/");
      }
      const good = await appFetch(
        "/login",
        form({ intent: "login", email: user.email, password: user.password, redirectTo: "/dashboard?tab=1" }),
      );
      expect(good.headers.get("Location")).toBe("/dashboard?tab=1");
    },
    SLOW,
  );

  it(
    "login page: an off-site redirectTo is not carried into the form",
    async () => {
      for (const redirectTo of ROUTE_REDIRECT_VECTORS) {
        const html = await (await appFetch(`/login?${new URLSearchParams({ redirectTo })}`)).text();
        expect(html, redirectTo).not.toContain('name="redirectTo"');
      }
      const html = await (await appFetch(`/login?${new URLSearchParams({ redirectTo: "/quiz/results" })}`)).text();
      expect(html).toContain('<input type="hidden" name="redirectTo" value="/quiz/results"/>');
    },
    SLOW,
  );

  it(
    "register: the new account lands on the site",
    async () => {
      for (const [index, redirectTo] of ["/..//evil.example", "https://evil.example", "/\\evil.example"].entries()) {
        const response = await appFetch(
          "/login?tab=register",
          form(
            {
              intent: "register",
              fullName: "Redirected Person",
              email: `redirected-${index}@example.com`,
              password: "a long enough passphrase",
              redirectTo,
            },
            { "CF-Connecting-IP": nextIp() },
          ),
        );
        expect(response.status, redirectTo).toBe(302);
        expect(response.headers.get("Location"), redirectTo).toBe("/");
      }
    },
    SLOW,
  );

  it(
    "the disclaimer's 'I agree' and the consultation inbox's returnTo",
    async () => {
      const admin = await createTestUser({ role: "admin" });
      const cookie = await sessionCookieFor(admin.id);
      for (const redirectTo of ROUTE_REDIRECT_VECTORS) {
        const accept = await appFetch("/disclaimer", form({ intent: "accept-disclaimer", redirectTo }));
        expect(accept.headers.get("Location"), redirectTo).toBe("/");
      }
      // returnTo is read only after a valid status change; an unknown id answers 404 before it, so
      // a real request is needed.
      const [request] = await testContext()
        .db.insert(consultationRequests)
        .values({ name: "A", email: "a@example.com", phone: "9876543210", service: "Family Law" })
        .returning();
      for (const returnTo of ROUTE_REDIRECT_VECTORS) {
        const response = await appFetch(
          "/admin/consultations",
          form({ id: request!.id, status: "contacted", returnTo }, { Cookie: cookie }),
        );
        expect(response.status, returnTo).toBe(302);
        // The default page, with the saved-status notice (never the vector's host or path).
        const location = new URL(response.headers.get("Location")!, "http://127.0.0.1:8787");
        expect(location.origin + location.pathname, returnTo).toBe("http://127.0.0.1:8787/admin/consultations");
        expect(response.headers.get("Location"), returnTo).toMatch(/^\/admin\/consultations\?done=status&id=/);
      }
    },
    SLOW,
  );

  it(
    "account security: `next` (where staff were going before the two-factor prompt) stays on the site",
    async () => {
      const teacher = await createTestUser({ role: "teacher" });
      const cookie = await sessionCookieFor(teacher.id);
      const continueLink = async (next: string) => {
        const response = await appFetch(`/account/security?${new URLSearchParams({ prompt: "1", next })}`, {
          headers: { Cookie: cookie },
        });
        expect(response.status, next).toBe(200);
        const html = await response.text();
        return /<a [^>]*href="([^"]*)"[^>]*>continue without it<\/a>/.exec(html)?.[1];
      };
      for (const next of ROUTE_REDIRECT_VECTORS) expect(await continueLink(next), next).toBe("/");
      expect(await continueLink("/quiz/manage")).toBe("/quiz/manage");
    },
    SLOW,
  );

  it(
    "a consultation's page: `back` (the inbox with its filters) stays in the inbox",
    async () => {
      const admin = await createTestUser({ role: "admin" });
      const cookie = await sessionCookieFor(admin.id);
      const [request] = await testContext()
        .db.insert(consultationRequests)
        .values({ name: "A", email: "a@example.com", phone: "9876543210", service: "Family Law" })
        .returning();
      const backLink = async (back: string) => {
        const response = await appFetch(`/admin/consultations/${request!.id}?${new URLSearchParams({ back })}`, {
          headers: { Cookie: cookie },
        });
        expect(response.status, back).toBe(200);
        const html = await response.text();
        return /<a [^>]*href="([^"]*)"[^>]*>← All requests<\/a>/.exec(html)?.[1];
      };
      for (const back of ROUTE_REDIRECT_VECTORS) expect(await backLink(back), back).toBe("/admin/consultations");
      // A path on the site but outside the inbox is not where "All requests" goes either.
      expect(await backLink("/admin/users")).toBe("/admin/consultations");
      // The inbox with its filters is kept (the link's & is HTML-escaped).
      expect(await backLink("/admin/consultations?status=new&q=x")).toBe("/admin/consultations?status=new&amp;q=x");
    },
    SLOW,
  );
});
