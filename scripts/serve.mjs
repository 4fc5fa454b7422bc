// Serve the production build on workerd (wrangler's local mode) the way `wrangler dev` does, from
// wrangler.toml, with the inspector off unless asked for (docs/decisions/103-serve-without-inspector.md).
//
// `wrangler dev` always opens workerd's inspector, and wrangler's inspector proxy then relays four
// DevTools events for every subrequest (each D1 query is one) to Node, which formats each one and
// appends it to a debug log file under ~/.config/.wrangler/logs. That cost the server more CPU
// than the app itself on every page that reads the database, and the log grows by kilobytes per query.
//
//   node scripts/serve.mjs --port 8787 [--persist-to DIR] [--env-file FILE] [--inspector-port P]
//                          [--var KEY=VALUE]… [--log-level log|warn]
//
// Used by `npm start`, the Playwright server (scripts/e2e-server.mjs) and the benchmark (bench/run.mjs).
import { parseArgs } from "node:util";
import { unstable_startWorker } from "wrangler";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string" },
    "env-file": { type: "string" },
    "inspector-port": { type: "string" },
    var: { type: "string", multiple: true, default: [] },
    // wrangler's own lines: "log" prints a line per request, as `wrangler dev` does; "warn" only problems.
    "log-level": { type: "string", default: "log" },
  },
});

const vars = Object.fromEntries(
  values.var.map((pair) => {
    const at = pair.indexOf("=");
    if (at < 1) throw new Error(`--var takes KEY=VALUE, not "${pair}"`);
    return [pair.slice(0, at), { type: "plain_text", value: pair.slice(at + 1) }];
  }),
);

const worker = await unstable_startWorker({
  config: "wrangler.toml",
  // As `wrangler dev` decides it: wrangler.toml's nodejs_compat flag means the v2 Node.js compatibility.
  build: {
    nodejsCompatMode: (config) => (config.compatibility_flags.includes("nodejs_compat") ? "v2" : null),
  },
  ...(values["env-file"] ? { envFiles: [values["env-file"]] } : {}),
  bindings: vars,
  dev: {
    server: { hostname: "127.0.0.1", port: Number(values.port) },
    inspector: values["inspector-port"] ? { hostname: "127.0.0.1", port: Number(values["inspector-port"]) } : false,
    ...(values["persist-to"] ? { persist: values["persist-to"] } : {}),
    logLevel: values["log-level"],
    // A new build does not restart the server (restart it to serve the new build).
    watch: false,
    liveReload: false,
  },
});
await worker.ready;

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await worker.dispose().catch(() => {});
    process.exit(0);
  });
}
