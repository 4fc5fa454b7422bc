/**
 * The typed context every loader and action receives. Shared by the Worker
 * entry (server.ts) and the Vite dev proxy (vite.config.ts), so both run the
 * same code path.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "./app/lib/db.server";
import { parseEnv, type AppEnv } from "./app/lib/env.server";
import type { RequestLogState } from "./app/lib/log.server";
import { createNonce } from "./app/lib/security-headers.server";

export type CloudflareContext = {
  env: Record<string, unknown>;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    env: AppEnv;
    db: Db;
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    cspNonce: string;
    /** Run work after the response is sent (mail, cleanup). */
    waitUntil: (promise: Promise<unknown>) => void;
    /** Facts for this request's log line, filled in while it runs (the signed-in user). */
    requestLog: RequestLogState;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext };
}): AppLoadContext {
  const env = parseEnv(context.cloudflare.env);
  const ctx = context.cloudflare.ctx;
  return {
    cloudflare: context.cloudflare,
    env,
    db: createDb(env.DB),
    cspNonce: createNonce(),
    waitUntil: (promise) => ctx.waitUntil(promise),
    requestLog: {},
  };
}
