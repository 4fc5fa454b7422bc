// Helpers for tests that run inside workerd (the "workers" vitest project).
import { env, SELF } from "cloudflare:test";
import { roleAssignments, users } from "../db/schema";
import { createDb } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createUserSession } from "~/lib/session.server";
import { parseEnv } from "~/lib/env.server";
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

/** Declare that the current test expects `count` console.error calls (e.g. a logged failure). */
export function expectConsoleError(count = 1) {
  consoleErrors.expected += count;
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

/** Insert a user (optionally with a role assignment) and return it with its password. */
export async function createTestUser({
  email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`,
  fullName = "Test User",
  password = "a long test passphrase",
  role,
}: { email?: string; fullName?: string; password?: string; role?: "admin" | "teacher" | "client" } = {}) {
  const { db } = testContext();
  const [user] = await db
    .insert(users)
    .values({ email, fullName, passwordHash: await testPasswordHash(password) })
    .returning();
  if (role && role !== "client") await db.insert(roleAssignments).values({ role, email });
  return { ...user!, password };
}

/** A session cookie ("name=value") for the user, as the browser would send it. */
export async function sessionCookieFor(userId: string) {
  const setCookie = await createUserSession(testContext(), userId);
  return setCookie.split(";")[0]!;
}

/** An API bearer token for the user, through the real login endpoint. */
export async function apiTokenFor(email: string, password: string) {
  const response = await appFetch("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** POST a JSON body to the app. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return appFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The Worker's scheduled handler, as the cron trigger calls it. */
export function runCron(scheduledTime = new Date()) {
  const worker = SELF as unknown as { scheduled(options: { scheduledTime: Date; cron?: string }): Promise<unknown> };
  return worker.scheduled({ scheduledTime, cron: "*/5 * * * *" });
}
