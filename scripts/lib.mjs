// Small helpers shared by the project's scripts.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

/** Run a command, inheriting stdio; exits the process when it fails. */
export function run(command, args, options = {}) {
  const label = [command, ...args].join(" ");
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: quietEnv, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/**
 * Run commands at the same time (they must not depend on each other); each one's output is printed
 * whole when it ends. Exits the process when any fails, after all have ended.
 */
export async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const label = [command, ...args].join(" ");
          const child = spawn(command, args, { env: quietEnv, stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code, signal) => {
            console.log(`\n> ${label}${output ? `\n${output.trimEnd()}` : ""}`);
            if (code !== 0) console.error(`\n✖ ${label} failed (exit ${code ?? signal})`);
            resolve(code === 0);
          });
        }),
    ),
  );
  if (results.includes(false)) process.exit(1);
}

/** Start a long-running command; resolves with its exit code. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: quietEnv, ...options });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

export const bin = (name) => `node_modules/.bin/${name}`;

/** Write .dev.vars with fresh random secrets when there is none (never committed). */
export function ensureDevVars(path = ".dev.vars") {
  if (existsSync(path)) return false;
  const secret = () => randomBytes(32).toString("base64url");
  const template = readFileSync(".dev.vars.example", "utf8");
  const filled = template
    .replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${secret()}`)
    .replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${secret()}`)
    .replace(/^TOTP_ENCRYPTION_KEY=.*$/m, `TOTP_ENCRYPTION_KEY=${secret()}`);
  writeFileSync(path, `# Written by npm start on ${new Date().toISOString()}; edit freely, never commit.\n${filled}`);
  console.log(`Wrote ${path} with new random local secrets.`);
  return true;
}

/** Apply migrations to, then seed, the local database in `persistTo` (wrangler's default when undefined). */
export function migrateAndSeed(persistTo) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);
  run(bin("tsx"), ["db/seed.ts", ...persist]);
}
