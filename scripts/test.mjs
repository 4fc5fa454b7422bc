// `npm test`: the whole suite, in order: typecheck, lint, build, vitest
// (unit + integration in workerd with real local D1/R2), Playwright e2e
// (production build on workerd, Debian Chromium).
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { bin, run, runTogether, start } from "./lib.mjs";

const started = Date.now();
/** Each step's wall time, printed at the end: where the suite's time goes (docs/decisions/096-suite-time.md). */
const steps = [];
let stepStarted = started;
const step = (name) => {
  const now = Date.now();
  steps.push(`${name} ${Math.round((now - stepStarted) / 1000)} s`);
  stepStarted = now;
};
// The static checks share the machine's cores; the build follows them.
await runTogether([
  [bin("tsc"), ["--noEmit"]],
  [bin("eslint"), ["--max-warnings", "0", "."]],
  [bin("prettier"), ["--check", "--log-level", "warn", "."]],
]);
step("static checks");
run(bin("remix"), ["vite:build"]);
run("node", ["scripts/check-client-bundle.mjs"]);
run("node", ["scripts/check-js-budget.mjs"]);
step("build and bundle checks");
// The browser tests' database is migrated and seeded while vitest runs (it leaves a core idle most of
// the time); its output goes to a file, printed only when it fails (the server then makes its own).
mkdirSync(".wrangler", { recursive: true });
const prepareLog = ".wrangler/prepare-e2e-state.log";
const preparing = start("node", ["scripts/prepare-e2e-state.mjs"], {
  stdio: ["ignore", openSync(prepareLog, "w"), openSync(prepareLog, "a")],
});
run(bin("vitest"), ["run"]);
step("vitest");
if ((await preparing) !== 0)
  console.log(`\n(The e2e database was not prepared ahead; the server makes it.)\n${readFileSync(prepareLog, "utf8")}`);
run("node", ["scripts/ensure-chromium.mjs"]);
run(bin("playwright"), ["test"], { env: { ...process.env, WRANGLER_SEND_METRICS: "false", E2E_SKIP_BUILD: "1" } });
step("playwright");
console.log(`\n✔ All tests passed in ${Math.round((Date.now() - started) / 1000)} s (${steps.join(", ")}).`);
