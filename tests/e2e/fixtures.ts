/**
 * Playwright fixtures. `loginAs(page, role)` signs a browser in as one of the
 * seeded demo accounts without the login form: it asks the API for a token
 * and opens /oauth-success?token=…, which starts a session. Only the login
 * tests go through the form itself.
 */
import { spawnSync } from "node:child_process";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-Password-1";
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", fullName: "Anjali Sharma" },
  teacher: { email: "teacher@example.com", fullName: "Rohan Mehta" },
  client: { email: "client@example.com", fullName: "Priya Verma" },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** An API token for an account (seeded or registered in the test). */
export async function apiToken(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  // A token lives 7 days: each worker signs a demo account in once (one password hash check), not per test.
  const key = `${email}\n${password}`;
  const known = tokens.get(key);
  if (known) return known;
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const token = (await response.json()).token as string;
  if (Object.values(DEMO_ACCOUNTS).some((account) => account.email === email)) tokens.set(key, token);
  return token;
}

/** This worker's API tokens of the demo accounts, by email and password. */
const tokens = new Map<string, string>();

/**
 * Sign the page's browser context in as a demo account. The first time in a worker this goes through
 * /oauth-success (which lands on the home page); later it reuses that session's cookies, so a test
 * does not render and hydrate the home page only to sign in. The caller then opens the page it tests.
 */
export async function loginAs(page: Page, role: DemoRole) {
  const known = sessions.get(role);
  if (known) {
    await page.context().addCookies(known);
    return;
  }
  const token = await apiToken(page, DEMO_ACCOUNTS[role].email);
  await page.goto(`/oauth-success?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/$/);
  const cookies = (await page.context().cookies()).filter((cookie) => /^(__Host-)?session$/.test(cookie.name));
  expect(cookies, "a session cookie after /oauth-success").toHaveLength(1);
  sessions.set(role, cookies);
}

/** This worker's session cookies of the demo accounts, by role. */
const sessions = new Map<DemoRole, Awaited<ReturnType<BrowserContext["cookies"]>>>();

/** A fresh client account, registered through the API, with its credentials. */
export async function registerClient(page: Page, label = "client") {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "a fresh test passphrase";
  const response = await page.request.post("/api/auth/register", {
    data: { fullName: `Test ${label}`, email, password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, fullName: `Test ${label}`, token: (await response.json()).token as string };
}

/**
 * Mark the home page's disclaimer as accepted for this browser context (the
 * session cookie 'I AGREE' sets), so a test about something else on "/" is
 * not covered by the modal. Tests of the disclaimer itself do not call this.
 */
export async function skipDisclaimer(context: BrowserContext, baseURL = "http://127.0.0.1") {
  await context.addCookies([{ name: "disclaimer_accepted", value: "1", url: baseURL }]);
}

/** Fail a test on any uncaught page error or console error it did not expect. */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      // What the page's data requests got back, so an error that says only "SyntaxError" (a body
      // Remix could not decode) names the request and its answer in the failure.
      const dataRequests: string[] = [];
      const isData = (url: string) => new URL(url).pathname.endsWith(".data");
      page.on("response", (response) => {
        if (!isData(response.url())) return;
        const type = response.headers()["content-type"] ?? "none";
        if (!type.startsWith("text/x-script")) {
          dataRequests.push(`${response.request().method()} ${response.url()}: ${response.status()} ${type}`);
        }
      });
      page.on("requestfailed", (request) => {
        if (isData(request.url())) {
          dataRequests.push(`${request.method()} ${request.url()}: failed (${request.failure()?.errorText})`);
        }
      });
      await use();
      expect(
        errors,
        `unexpected errors in the page; data requests answered otherwise: ${dataRequests.join("; ") || "none"}`,
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Wait until an element's event handlers are attached: React has hydrated it or, on a page that does
 * not hydrate (app/lib/hydration.ts), the islands bundle has run (it marks <html data-islands="ready">).
 */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    if (!element) return false;
    if (document.documentElement.dataset.islands === "ready") return true;
    return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  }, selector);
}

/**
 * The newest mail sent to an address as its recipient reads it (the delivery copy when there
 * is one: one-time links are redacted in the `text` staff see at /admin/outbox), read from the e2e server's local outbox
 * table (mail in local mode is stored, not sent). With the sqlite3 command on
 * the PATH the database file is read directly (milliseconds); otherwise through
 * `wrangler d1 execute` (seconds: it starts a workerd). The server may be
 * writing at that moment (another worker's test): a busy database is asked again.
 */
export async function latestMailTo(to: string): Promise<{ subject: string; text: string } | null> {
  const { execFile } = await import("node:child_process");
  const { readdirSync } = await import("node:fs");
  const { promisify } = await import("node:util");
  const port = process.env.E2E_PORT || "8788";
  const stateDir = process.env.E2E_STATE_DIR || `.wrangler/e2e-${port}`;
  const sql = `SELECT subject, COALESCE(delivery_text, text) AS text FROM mail_outbox WHERE "to" = '${to.replace(/'/g, "''")}' ORDER BY created_at DESC LIMIT 1`;
  const d1Dir = `${stateDir}/v3/d1/miniflare-D1DatabaseObject`;
  const [file] = readdirSync(d1Dir).filter((name) => name.endsWith(".sqlite"));
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
  for (let attempt = 1; ; attempt++) {
    try {
      if (sqlite3Available()) {
        const { stdout } = await promisify(execFile)(
          "sqlite3",
          ["-json", "-cmd", ".timeout 5000", `${d1Dir}/${file}`, sql],
          { env },
        );
        return stdout.trim() ? (JSON.parse(stdout)[0] ?? null) : null;
      }
      const { stdout } = await promisify(execFile)(
        "node_modules/.bin/wrangler",
        ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
        { encoding: "utf8", env },
      );
      return JSON.parse(stdout)[0]?.results?.[0] ?? null;
    } catch (error) {
      if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(String(error))) throw error;
    }
  }
}

let hasSqlite3: boolean | undefined;
function sqlite3Available() {
  hasSqlite3 ??= spawnSync("sqlite3", ["-version"]).status === 0;
  return hasSqlite3;
}

/** The path of the newest one-time link (e.g. "/verify-email/") mailed to an address, once it has arrived. */
export async function mailedLinkPath(page: Page, to: string, pathPrefix: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${pathPrefix.replace(/[/-]/g, "\\$&")}[A-Za-z0-9_-]+)`);
  let path: string | undefined;
  // The mail is written after the response: wait for it (expect.poll backs off by itself).
  await expect
    .poll(async () => (path = pattern.exec((await latestMailTo(to))?.text ?? "")?.[1]), {
      message: `a ${pathPrefix} link mailed to ${to}`,
      timeout: 10_000,
    })
    .toBeTruthy();
  return path!;
}

/** A one-question quiz made through the API by the account the token is for; its id. */
export async function quizThroughApi(page: Page, token: string, title: string): Promise<string> {
  const quiz = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      questions: [{ text: "Which court?", options: ["A", "B", "C", "D"], correctAnswer: 1, timePerQuestion: 1 }],
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return ((await quiz.json()) as { _id: string })._id;
}
