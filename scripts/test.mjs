// `npm test`: the whole suite, in order: typecheck, lint, build, vitest
// (unit + integration in workerd with real local D1/R2), Playwright e2e
// (production build on workerd, Debian Chromium).
import { bin, run, runTogether } from "./lib.mjs";

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
run(bin("vitest"), ["run"]);
step("vitest");
run("node", ["scripts/ensure-chromium.mjs"]);
run(bin("playwright"), ["test"], { env: { ...process.env, WRANGLER_SEND_METRICS: "false", E2E_SKIP_BUILD: "1" } });
step("playwright");
console.log(`\n✔ All tests passed in ${Math.round((Date.now() - started) / 1000)} s (${steps.join(", ")}).`);
