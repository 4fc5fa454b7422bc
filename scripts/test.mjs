// `npm test`: the whole suite, in order: typecheck, lint, build, vitest
// (unit + integration in workerd with real local D1/R2), Playwright e2e
// (production build on workerd, Debian Chromium).
import { spawn } from "node:child_process";
import { bin, quietEnv, run, runTogether, start } from "./lib.mjs";

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
// The browser tests' server migrates, seeds and starts while vitest runs (decision 106): it waits on
// wrangler and the seed more than it computes, and Playwright then finds it ready.
// Both test runners are awaited rather than run synchronously, so this process keeps reading the
// server's output meanwhile.
const e2eServer = startE2eServer();
await runAsync(bin("vitest"), ["run"]);
step("vitest");
run("node", ["scripts/ensure-chromium.mjs"]);
await e2eServer.ready();
await runAsync(bin("playwright"), ["test"], { env: { ...quietEnv, E2E_SERVER_STARTED: "1" } });
e2eServer.stop();
step("playwright");
console.log(`\n✔ All tests passed in ${Math.round((Date.now() - started) / 1000)} s (${steps.join(", ")}).`);

/**
 * scripts/e2e-server.mjs in the background, on the build just made. Its output is kept until the browser
 * tests start, then printed as it comes (as Playwright prints a server it starts itself); all of it is
 * printed if the server ends before it is ready.
 */
function startE2eServer() {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT || "8788"}`;
  const child = spawn("node", ["scripts/e2e-server.mjs"], {
    env: { ...quietEnv, E2E_SKIP_BUILD: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let held = "";
  let streaming = false;
  const print = (chunk) => {
    const text = chunk.toString().replace(/^(?=.)/gm, "[e2e server] ");
    if (streaming) process.stdout.write(text);
    else held += text;
  };
  child.stdout.on("data", print);
  child.stderr.on("data", print);
  let ended = false;
  child.on("exit", () => (ended = true));
  const stopChild = () => {
    if (!ended) process.kill(-child.pid, "SIGTERM");
  };
  process.on("exit", stopChild);
  // The server has its own process group (so that stopping it reaches wrangler and workerd under it),
  // which a Ctrl-C in the terminal does not reach.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopChild();
      process.exit(130);
    });
  }
  return {
    async ready() {
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (ended || Date.now() > deadline) {
          process.stdout.write(held);
          console.error(`\n✖ the e2e server ${ended ? "ended" : "did not answer within 180 s"} (${origin})`);
          process.exit(1);
        }
        try {
          if ((await fetch(`${origin}/favicon.ico`)).ok) break;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      process.stdout.write(held);
      streaming = true;
    },
    stop: stopChild,
  };
}

/** `run`, without blocking this process while the command runs. */
async function runAsync(command, args, options = {}) {
  const label = [command, ...args].join(" ");
  console.log(`\n> ${label}`);
  const code = await start(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code || 1);
  }
}
