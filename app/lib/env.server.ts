/**
 * The one place that reads the Worker's bindings and variables. They are
 * parsed with zod once per env object and fail fast with a message naming
 * what is missing. Nothing else in the app touches `env` directly.
 */
import { z } from "zod";

const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const secret = (name: string) =>
  z.string({ error: `${name} is not set` }).min(32, { error: `${name} must be at least 32 characters` });

const binding = <T>(name: string, method: string) =>
  z.custom<T>(
    (value) =>
      typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function",
    { error: `the ${name} binding is missing (see wrangler.toml)` },
  );

/**
 * Set with `wrangler secret put` in production (never in wrangler.toml), from
 * .dev.vars locally. `npm run deploy:check` checks the README documents each.
 */
export const SECRET_NAMES = [
  "SESSION_SECRET",
  "JWT_SECRET",
  "TOTP_ENCRYPTION_KEY",
  "GOOGLE_CLIENT_SECRET",
  "MAIL_API_KEY",
] as const;

/** Bindings the code reads, by kind (wrangler.toml [[d1_databases]] / [[r2_buckets]]). */
export const BINDINGS = { DB: "d1_databases", UPLOADS: "r2_buckets" } as const;

const EnvObject = z.object({
  DB: binding<D1Database>("DB", "prepare"),
  UPLOADS: binding<R2Bucket>("UPLOADS", "put"),
  APP_ENV: z.enum(["local", "production"], {
    error: 'APP_ENV must be "local" or "production"',
  }),
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET is not set" })
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().min(32, { error: "each SESSION_SECRET must be at least 32 characters" }))
        .min(1, { error: "SESSION_SECRET is not set" }),
    ),
  JWT_SECRET: secret("JWT_SECRET"),
  /**
   * Encrypts two-factor secrets at rest (AES-GCM). Required in production; in
   * local mode a development key is derived from JWT_SECRET when it is unset.
   */
  TOTP_ENCRYPTION_KEY: z.string().min(32, { error: "TOTP_ENCRYPTION_KEY must be at least 32 characters" }).optional(),
  /**
   * The site's own origin (scheme://host[:port]). Every link in mail is built from it, never from a
   * request's Host header. Required in production; local mode defaults to LOCAL_APP_ORIGIN.
   */
  APP_ORIGIN: z
    .url({ protocol: /^https?$/, error: "APP_ORIGIN must be an http(s) origin such as https://www.example.in" })
    .transform((value) => new URL(value).origin)
    .optional(),
  ADMIN_EMAILS: commaList.transform((emails) => emails.map((email) => email.toLowerCase())),
  GOOGLE_CLIENT_ID: z.string().default(""),
  GOOGLE_CLIENT_SECRET: z.string().default(""),
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  MAIL_TRANSPORT: z.enum(["outbox", "http"]).default("outbox"),
  MAIL_FROM: z.string().min(3).default("no-reply@example.com"),
  FIRM_INBOX_EMAIL: z.email().default("consult@example.com"),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().optional(),
  /** "info": a JSON line per request and per error; "error": errors only (tests, quiet e2e runs). */
  LOG_LEVEL: z.enum(["info", "error"], { error: 'LOG_LEVEL must be "info" or "error"' }).default("info"),
  /** Multiplies quiz time limits; only honoured in local mode (tests shorten the clock with it). */
  QUIZ_TIME_SCALE: z.coerce.number().positive().default(1),
  /** Raises the rate limits in local mode so automated tests from one IP are not throttled. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
});

/** Every name the Worker reads from its env, with its rule (deploy:check compares it with wrangler.toml). */
export const ENV_SHAPE = EnvObject.shape;

/** Where `npm start` serves the site: APP_ORIGIN's default in local mode. */
export const LOCAL_APP_ORIGIN = "http://127.0.0.1:8787";

const EnvSchema = EnvObject.superRefine((env, ctx) => {
  const refuse = (name: keyof typeof env, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
  if (env.APP_ENV === "production" && !env.TOTP_ENCRYPTION_KEY) {
    refuse("TOTP_ENCRYPTION_KEY", "TOTP_ENCRYPTION_KEY is not set");
  }
  if (env.APP_ENV === "production" && !env.APP_ORIGIN) {
    refuse("APP_ORIGIN", "APP_ORIGIN is required in production (the https origin mail links point to)");
  } else if (env.APP_ENV === "production" && !env.APP_ORIGIN!.startsWith("https://")) {
    refuse("APP_ORIGIN", "APP_ORIGIN must be https in production");
  }
  if (env.MAIL_TRANSPORT === "http" && !env.MAIL_API_URL) {
    refuse("MAIL_API_URL", "MAIL_API_URL is required when MAIL_TRANSPORT=http");
  }
});

export type AppEnv = Omit<z.infer<typeof EnvSchema>, "TOTP_ENCRYPTION_KEY" | "APP_ORIGIN"> & {
  APP_ORIGIN: string;
  isLocal: boolean;
  /** Always set: the configured key, or (local mode only) one derived from JWT_SECRET. */
  TOTP_ENCRYPTION_KEY: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

const parsed = new WeakMap<object, AppEnv>();

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const cached = parsed.get(raw);
  if (cached) return cached;
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`)
      .join("\n");
    throw new EnvError(
      `The Worker's configuration is incomplete:\n${problems}\nLocally, run \`npm start\` (it writes .dev.vars); in production set the secrets with \`wrangler secret put\`.`,
    );
  }
  const isLocal = result.data.APP_ENV === "local";
  const env: AppEnv = {
    ...result.data,
    APP_ORIGIN: result.data.APP_ORIGIN ?? LOCAL_APP_ORIGIN,
    // Test-only knobs are ignored outside local mode, so production cannot be misconfigured into them.
    QUIZ_TIME_SCALE: isLocal ? result.data.QUIZ_TIME_SCALE : 1,
    RATE_LIMIT_MULTIPLIER: isLocal ? result.data.RATE_LIMIT_MULTIPLIER : 1,
    TOTP_ENCRYPTION_KEY: result.data.TOTP_ENCRYPTION_KEY ?? `local-dev-totp-key:${result.data.JWT_SECRET}`,
    isLocal,
  };
  parsed.set(raw, env);
  return env;
}
