// The server Playwright tests run against: the production build on workerd,
// with a fresh local database and bucket of its own (seeded), on its own port,
// with the test configuration (tests/test-vars.json), whatever .dev.vars says.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { bin, migrateAndSeed, run, start } from "./lib.mjs";
import { googleTestVars } from "../tests/oidc-port.mjs";

const port = process.env.E2E_PORT || "8788";
const stateDir = process.env.E2E_STATE_DIR || `.wrangler/e2e-${port}`;
const vars = {
  ...JSON.parse(readFileSync("tests/test-vars.json", "utf8")),
  ...googleTestVars(),
  // Mail links point at this server, wherever it listens.
  APP_ORIGIN: `http://127.0.0.1:${port}`,
  // Many sign-ins come from one IP in a test run.
  RATE_LIMIT_MULTIPLIER: "50",
  // Quiz attempts run at a quarter of their real length (local mode only): the expiry test
  // waits 15 s instead of a minute. tests/e2e/quiz*.spec.ts read the timer with this in mind.
  QUIZ_TIME_SCALE: "0.25",
  ...JSON.parse(process.env.E2E_EXTRA_VARS || "{}"),
};

rmSync(stateDir, { recursive: true, force: true });
migrateAndSeed(stateDir);
if (process.env.E2E_SKIP_BUILD !== "1") run(bin("remix"), ["vite:build"]);

// An env file of our own replaces .dev.vars, so a developer's settings never leak into tests.
const envFile = `${stateDir}/test.vars`;
writeFileSync(
  envFile,
  Object.entries(vars)
    .map(([key, value]) => `${key}=${JSON.stringify(String(value))}`)
    .join("\n"),
);

process.exit(
  await start("node", [
    "scripts/serve.mjs",
    "--port",
    port,
    "--persist-to",
    stateDir,
    "--env-file",
    envFile,
    "--log-level",
    "warn",
    // The bench's CPU profile (bench/cpu.mjs) attaches Chrome DevTools Protocol here.
    ...(process.env.E2E_INSPECTOR_PORT ? ["--inspector-port", process.env.E2E_INSPECTOR_PORT] : []),
  ]),
);
