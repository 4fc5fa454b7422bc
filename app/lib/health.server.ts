/**
 * GET /healthz: is this Worker able to serve? It reads the raw bindings (not
 * the parsed env), so it still answers when the configuration is broken and
 * names what is down: the database (a trivial query), the uploads bucket (a
 * head request) and the configuration (env.server.ts's checks). The body
 * names components only; the reason goes to the error log.
 */
import { parseEnv } from "./env.server";
import { logError } from "./log.server";

export type HealthComponent = "db" | "r2" | "config";
export type HealthReport = {
  status: "ok" | "down";
  checks: Record<HealthComponent, "ok" | "down">;
  down: HealthComponent[];
  ms: number;
};

/** A check that takes longer than this counts as down (a monitor should not hang on us). */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function hasMethod(value: unknown, method: string): boolean {
  return (
    typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function"
  );
}

const checks: Record<HealthComponent, (env: Record<string, unknown>) => Promise<unknown>> = {
  async db(env) {
    if (!hasMethod(env.DB, "prepare")) throw new Error("the DB binding is missing");
    const row = await withTimeout((env.DB as D1Database).prepare("select 1 as ok").first<{ ok: number }>(), "D1");
    if (row?.ok !== 1) throw new Error("D1 answered `select 1` without the row");
  },
  async r2(env) {
    if (!hasMethod(env.UPLOADS, "head")) throw new Error("the UPLOADS binding is missing");
    // A key that never exists: a round trip to the bucket, null as the answer.
    await withTimeout((env.UPLOADS as R2Bucket).head("healthz/probe"), "R2");
  },
  async config(env) {
    parseEnv(env);
  },
};

export async function checkHealth(env: Record<string, unknown>): Promise<HealthReport> {
  const started = Date.now();
  const names = Object.keys(checks) as HealthComponent[];
  const results = await Promise.allSettled(names.map((name) => checks[name](env)));
  const report: HealthReport = { status: "ok", checks: { db: "ok", r2: "ok", config: "ok" }, down: [], ms: 0 };
  results.forEach((result, index) => {
    const name = names[index]!;
    if (result.status === "fulfilled") return;
    report.checks[name] = "down";
    report.down.push(name);
    logError(result.reason, { where: `healthz ${name}` });
  });
  if (report.down.length > 0) report.status = "down";
  report.ms = Date.now() - started;
  return report;
}

export async function healthResponse(env: Record<string, unknown>): Promise<Response> {
  const report = await checkHealth(env);
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
