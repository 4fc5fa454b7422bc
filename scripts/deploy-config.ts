// The checks of `npm run deploy:check` that need no I/O: does wrangler.toml
// give the Worker everything app/lib/env.server.ts reads, and does the bundle
// fit? Unit-tested by scripts/deploy-config.node.test.ts.
import type { z } from "zod";

/** The free plan's limit on the compressed Worker (the paid plan allows 10 MB). */
export const MAX_GZIP_BYTES = 3 * 1024 * 1024;
/** Workers static assets: at most this many files, each at most this big. */
export const MAX_ASSET_FILES = 20_000;
export const MAX_ASSET_BYTES = 25 * 1024 * 1024;

/**
 * The least CPU time per request the Worker must be allowed: a sign-in's scrypt takes about 0.2 s
 * (docs/decisions/104-workers-paid-plan.md), five times over. The free plan allows 10 ms.
 */
export const MIN_CPU_MS = 1000;

/** wrangler.toml's example APP_ORIGIN, to be replaced by the real domain. */
export const PLACEHOLDER_APP_ORIGIN = "https://www.example.in";

/** The part of wrangler's parsed configuration these checks read. */
export type DeployConfig = {
  vars: Record<string, unknown>;
  d1_databases: Array<{ binding: string; database_id?: string; migrations_dir?: string }>;
  r2_buckets: Array<{ binding: string; bucket_name?: string }>;
  triggers: { crons?: string[] };
  compatibility_flags: string[];
  limits?: { cpu_ms?: number };
};

export type CodeEnv = {
  /** env.server.ts's ENV_SHAPE: every name the code reads, with its zod rule. */
  shape: Record<string, z.ZodType>;
  secrets: readonly string[];
  bindings: Record<string, "d1_databases" | "r2_buckets">;
};

export type Findings = { problems: string[]; notes: string[] };

const required = (rule: z.ZodType) => !rule.safeParse(undefined).success;

export function checkConfig(config: DeployConfig, code: CodeEnv, readme: string): Findings {
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [name, rule] of Object.entries(code.shape)) {
    const kind = code.bindings[name];
    if (kind) {
      if (!config[kind].some((entry) => entry.binding === name))
        problems.push(`binding ${name} is missing from wrangler.toml [[${kind}]]`);
      continue;
    }
    if (code.secrets.includes(name)) {
      if (name in config.vars)
        problems.push(
          `secret ${name} must not be in wrangler.toml [vars]: set it with \`wrangler secret put ${name}\``,
        );
      if (!readme.includes(`wrangler secret put ${name}`))
        problems.push(`secret ${name} is not documented in README.md (\`wrangler secret put ${name}\`)`);
      if (required(rule))
        notes.push(`secret ${name} is required: \`wrangler secret put ${name}\` before the first deploy`);
      continue;
    }
    if (!(name in config.vars)) {
      if (required(rule))
        problems.push(
          `variable ${name} is read by the code and has no default, but is missing from wrangler.toml [vars]`,
        );
      continue;
    }
    const parsed = rule.safeParse(config.vars[name]);
    if (!parsed.success)
      problems.push(`variable ${name} in wrangler.toml is invalid: ${parsed.error.issues[0]?.message ?? "rejected"}`);
  }
  for (const name of Object.keys(config.vars)) {
    if (!(name in code.shape))
      notes.push(`wrangler.toml [vars] ${name} is not read by the code (app/lib/env.server.ts)`);
  }
  if (config.vars.APP_ENV !== "production")
    problems.push(
      'wrangler.toml [vars] APP_ENV must be "production" (local mode relaxes cookies and allows the demo password)',
    );
  const appOrigin = config.vars.APP_ORIGIN;
  if (typeof appOrigin !== "string" || !appOrigin.startsWith("https://"))
    problems.push(
      "wrangler.toml [vars] APP_ORIGIN must be the site's https origin (every link in mail is built from it)",
    );
  else if (appOrigin === PLACEHOLDER_APP_ORIGIN)
    notes.push(`APP_ORIGIN is still the placeholder ${PLACEHOLDER_APP_ORIGIN}: put your domain into wrangler.toml`);
  if (!config.compatibility_flags.includes("nodejs_compat"))
    problems.push("compatibility_flags must include nodejs_compat (node:crypto's scrypt hashes passwords)");
  if (!config.triggers.crons?.length)
    problems.push("wrangler.toml [triggers] crons is empty: mail retries and quiz finalisation would never run");
  if ((config.vars.MAIL_TRANSPORT ?? "outbox") === "outbox")
    notes.push(
      "MAIL_TRANSPORT is outbox: mail is only stored (/admin/outbox), nobody receives it; set MAIL_TRANSPORT=http and MAIL_API_URL for real delivery",
    );
  const cpuMs = config.limits?.cpu_ms;
  if (cpuMs === undefined || cpuMs < MIN_CPU_MS)
    problems.push(
      `wrangler.toml [limits] cpu_ms must be at least ${MIN_CPU_MS} (the Workers Paid plan): a sign-in runs scrypt, about 0.2 s of CPU, and the free plan stops a request after 10 ms (error 1102)`,
    );
  const db = config.d1_databases.find((entry) => entry.binding === "DB");
  if (db && !db.migrations_dir) problems.push("[[d1_databases]] DB has no migrations_dir");
  if (db && (!db.database_id || /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(db.database_id))) {
    notes.push(
      "database_id is still the placeholder: put the id printed by `wrangler d1 create lawfirm-db` into wrangler.toml before deploying",
    );
  }
  return { problems, notes };
}

export function checkBundle(gzipBytes: number): string[] {
  return gzipBytes > MAX_GZIP_BYTES
    ? [`the compressed Worker is ${formatBytes(gzipBytes)}, over the ${formatBytes(MAX_GZIP_BYTES)} limit`]
    : [];
}

export function checkAssets(files: Array<{ path: string; bytes: number }>): string[] {
  const problems: string[] = [];
  if (files.length > MAX_ASSET_FILES)
    problems.push(`${files.length} static files, over the limit of ${MAX_ASSET_FILES}`);
  for (const file of files) {
    if (file.bytes > MAX_ASSET_BYTES)
      problems.push(
        `static file ${file.path} is ${formatBytes(file.bytes)}, over the ${formatBytes(MAX_ASSET_BYTES)} limit`,
      );
  }
  return problems;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
