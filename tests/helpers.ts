// Helpers for tests that run inside workerd (the "workers" vitest project).
import { env, SELF } from "cloudflare:test";
import { createDb } from "~/lib/db.server";
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
