// `npm start`: set up the local database when needed, build, and serve the
// production build on workerd (wrangler's local mode, scripts/serve.mjs) at http://127.0.0.1:$PORT;
// INSPECTOR_PORT opens workerd's inspector for Chrome DevTools.
import { existsSync, readFileSync } from "node:fs";
import { bin, ensureDevVars, migrateAndSeed, run, start } from "./lib.mjs";

const readDevVars = () => (existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "");

const port = process.env.PORT || "8787";
ensureDevVars();
migrateAndSeed();
run(bin("remix"), ["vite:build"]);
console.log(`\nServing on http://127.0.0.1:${port}  (Ctrl+C stops)\n`);
process.exit(
  await start("node", [
    "scripts/serve.mjs",
    "--port",
    port,
    // Chrome DevTools can attach to the Worker here (chrome://inspect).
    ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
    // Mail links point at this server (unless .dev.vars names another origin).
    ...(process.env.PORT && !/^APP_ORIGIN=/m.test(readDevVars())
      ? ["--var", `APP_ORIGIN=http://127.0.0.1:${port}`]
      : []),
  ]),
);
