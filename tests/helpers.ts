// Helpers for tests that run inside workerd (the "workers" vitest project).
import { applyD1Migrations, env, SELF } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, mailOutbox, roleAssignments, users, type AuditAction } from "../db/schema";
import { createDb, type Db } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createUserSession } from "~/lib/session.server";
import { parseEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { issueApiToken, loadAuthUser } from "~/lib/auth.server";
import { consoleErrors } from "./setup/fail-on-console-error";

export const BASE_URL = "http://127.0.0.1:8787";

/** The same { db, env } a loader gets, over this test file's D1 and R2. */
export function testContext() {
  const appEnv = parseEnv(env as unknown as Record<string, unknown>);
  return { env: appEnv, db: createDb(appEnv.DB) };
}

/** A request to the built Worker, as a browser or API client would send it. */
export function appFetch(path: string, init: RequestInit = {}) {
  return SELF.fetch(new URL(path, BASE_URL), { redirect: "manual", ...init });
}

/** The typed HttpError a promise rejects with; fails when it resolves or rejects with anything else. */
export async function httpRejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected an HttpError");
}

/** Declare that the current test expects `count` console.error calls (e.g. a logged failure). */
export function expectConsoleError(count = 1) {
  consoleErrors.expected += count;
}

/** A multipart form body: the fields, then each given file under its input's name. */
/** A small file the upload check takes for a PNG (the signature, then a few bytes): for forms with a photo. */
export function pngFile(name = "photo.png") {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
  return new File([bytes], name, { type: "image/png" });
}

export function formData(fields: Record<string, string>, files: Record<string, File | undefined> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const [key, file] of Object.entries(files)) if (file) body.set(key, file);
  return body;
}

/** The local OpenID provider that stands in for Google (tests/fixtures/mock-oidc.mjs). */
export const MOCK_IDP = new URL(env.GOOGLE_JWKS_URL as string).origin;

/** A Google ID token for `claims`, signed by the local provider (for our client id unless `aud` says otherwise). */
export async function mintGoogleIdToken(claims: Record<string, unknown>) {
  const response = await fetch(`${MOCK_IDP}/mint`, {
    method: "POST",
    body: JSON.stringify({ aud: env.GOOGLE_CLIENT_ID, ...claims }),
  });
  return ((await response.json()) as { id_token: string }).id_token;
}

/**
 * scrypt costs a noticeable fraction of a second in workerd; tests make many users with the same
 * password, so each password is hashed once per test file (same salt for those users: harmless here).
 */
const hashes = new Map<string, Promise<string>>();
export function testPasswordHash(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/**
 * Insert a user (optionally with a role assignment) and return it with its password. Like the
 * seeded demo accounts, it has a verified email unless the test says `emailVerified: false`
 * (an unverified account acts as a client whatever its role).
 */
export async function createTestUser({
  email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`,
  fullName = "Test User",
  password = "a long test passphrase",
  role,
  emailVerified = true,
}: {
  email?: string;
  fullName?: string;
  password?: string;
  role?: "admin" | "teacher" | "client";
  emailVerified?: boolean;
} = {}) {
  const { db } = testContext();
  const [user] = await db
    .insert(users)
    .values({ email, fullName, passwordHash: await testPasswordHash(password), emailVerified })
    .returning();
  if (role && role !== "client") await db.insert(roleAssignments).values({ role, email });
  return { ...user!, password };
}

/** A session cookie ("name=value") for the user, as the browser would send it. */
export async function sessionCookieFor(userId: string) {
  const setCookie = await createUserSession(testContext(), userId);
  return setCookie.split(";")[0]!;
}

/**
 * An API bearer token for a stored user, minted as the login endpoint mints it (`issueApiToken`), without
 * the endpoint's password check: scrypt costs about a quarter of a second, and a test that needs a token
 * is not a test of login (those call /api/auth/login themselves).
 */
export async function apiTokenFor(email: string) {
  const ctx = testContext();
  const row = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  const user = row && (await loadAuthUser(ctx, row.id));
  if (!user) throw new Error(`no user ${email}`);
  return issueApiToken(ctx, user);
}

/** A JWT's claims, decoded as any client may (no signature check). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1] ?? "";
  return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
}

/** The token with these claims changed and its header and signature kept: what an attacker can forge. */
export function forgedToken(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split(".");
  const payload = btoa(JSON.stringify({ ...tokenClaims(token), ...changes }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `${header}.${payload}.${signature}`;
}

/** The Authorization header of an API request with this bearer token; none without a token. */
export function bearer(token?: string): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A page's HTML as a reader sees its text runs: without the comments React puts between adjacent text nodes. */
export async function pageText(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** POST a JSON body to the app. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return appFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * The status GET /uploads/{key} answers. The body is read whole: a file stream left open makes the
 * pool's per-test storage fail to reset ("Isolated storage failed").
 */
export async function uploadStatus(key: string) {
  const response = await appFetch(`/uploads/${key}`);
  await response.arrayBuffer();
  return response.status;
}

/** The audit rows of one item for one action (e.g. "edit", "restore"). */
export function auditRows(entityId: string, action: AuditAction) {
  return testContext()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
}

/** A form POST as a browser sends it without JavaScript (urlencoded fields). */
export function postUrlEncoded(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return appFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The Worker's scheduled handler, as the cron trigger calls it. */
export function runCron(scheduledTime = new Date()) {
  const worker = SELF as unknown as { scheduled(options: { scheduledTime: Date; cron?: string }): Promise<unknown> };
  return worker.scheduled({ scheduledTime, cron: "*/5 * * * *" });
}

/**
 * A stored mail's text as its recipient reads it: the delivery copy when there is one (it carries a
 * one-time link, which the `text` staff see has redacted), else the text. With the "outbox" transport
 * of the tests the delivery copy is kept, since the table is the mailbox.
 */
export function recipientText(mail: { text: string; deliveryText: string | null }) {
  return mail.deliveryText ?? mail.text;
}

/** The mail stored for an address, newest first, once there is some (mail sent in waitUntil lands a moment later). */
export async function mailsTo(to: string) {
  for (let i = 0; i < 50; i++) {
    const mails = await testContext()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt));
    if (mails.length) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * The token of the newest one-time link (e.g. "/verify-email/", "/reset-password/") mailed to an
 * address, as the recipient's mail program shows it. Mail sent in waitUntil may land a moment later.
 */
export async function mailedToken(to: string, pathPrefix: string): Promise<string> {
  const pattern = new RegExp(`${pathPrefix.replace(/[/-]/g, "\\$&")}([A-Za-z0-9_-]{20,})`);
  for (let i = 0; i < 50; i++) {
    const mails = await testContext()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt));
    for (const mail of mails) {
      const match = pattern.exec(recipientText(mail));
      if (match) return match[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
}

/** Verify an account's email the way its owner does: the link from the mail, opened while signed in (API). */
export async function verifyEmailFromMail(email: string, apiToken: string) {
  const token = await mailedToken(email, "/verify-email/");
  const response = await postJson(`/api/auth/verify-email/${token}`, {}, { Authorization: `Bearer ${apiToken}` });
  if (response.status !== 200) throw new Error(`verification failed: ${response.status} ${await response.text()}`);
}

/** Drop every table (the pool restores the file's storage afterwards); foreign keys are checked at the end. */
async function emptyDatabase() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)),
  ]);
}

/**
 * A migration test's database: emptied, then migrated up to (not including) the migration named
 * `name` (e.g. "0011_trashed_files"), as a database was before it. The answer applies that migration
 * and the ones after it.
 */
export async function migratedUpTo(name: string) {
  const migrations = env.TEST_MIGRATIONS;
  const index = migrations.findIndex((migration) => migration.name.startsWith(name));
  if (index < 1) throw new Error(`${name} is not among the migrations`);
  await emptyDatabase();
  await applyD1Migrations(env.DB, migrations.slice(0, index));
  return {
    applyIt: () => applyD1Migrations(env.DB, migrations.slice(index, index + 1)),
    applyTheRest: () => applyD1Migrations(env.DB, migrations.slice(index)),
  };
}

/**
 * `db` whose first D1 batch runs `other` (another save, to its end) just before it is sent: the
 * interleaving decision 105's compare-and-swap is for, made certain.
 */
export function overtakenAtBatch(db: Db, other: () => Promise<unknown>) {
  let overtaken = false;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "$client") return Reflect.get(target, property, receiver) as unknown;
      const d1 = target.$client;
      return new Proxy(d1, {
        get: (client, name) =>
          name === "batch"
            ? async (statements: D1PreparedStatement[]) => {
                if (!overtaken) {
                  overtaken = true;
                  await other();
                }
                return client.batch(statements);
              }
            : (Reflect.get(client, name) as unknown),
      });
    },
  });
  return Object.assign(proxy, { overtaken: () => overtaken });
}
