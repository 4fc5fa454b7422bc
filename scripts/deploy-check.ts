// `npm run deploy:check [-- --no-build]`: would this build deploy? Offline, it
// bundles the Worker exactly as `wrangler deploy` does (`--dry-run --outdir`)
// and fails when the gzip-compressed bundle exceeds the free plan's 3 MB, when
// a binding, variable or secret the code reads (app/lib/env.server.ts) is
// missing from wrangler.toml or the README, or when the static assets break
// the platform's limits. It prints the sizes. `--no-build` reuses build/
// (CI runs it right after `npm test`, which builds).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { unstable_readConfig } from "wrangler";
import { BINDINGS, ENV_SHAPE, SECRET_NAMES } from "../app/lib/env.server";
import { checkAssets, checkBundle, checkConfig, formatBytes, MAX_GZIP_BYTES, type DeployConfig } from "./deploy-config";

const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { env: quietEnv, encoding: "utf8" });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`\n✖ ${[command, ...args].join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  return `${result.stdout}${result.stderr}`;
}

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

if (!process.argv.includes("--no-build")) {
  console.log("> remix vite:build");
  run("node_modules/.bin/remix", ["vite:build"]);
}

const config = unstable_readConfig({ config: "wrangler.toml" }) as unknown as DeployConfig & {
  upload_source_maps?: boolean;
  assets?: { directory?: string };
};

const outdir = mkdtempSync(join(tmpdir(), "deploy-check-"));
try {
  console.log(`> wrangler deploy --dry-run --outdir ${outdir}`);
  const output = run("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", outdir]);
  const wranglerSizes = /Total Upload: ([\d.]+ \w+) \/ gzip: ([\d.]+ \w+)/.exec(output);

  const uploaded = walk(outdir).filter(
    (file) => !file.endsWith("README.md") && (config.upload_source_maps || !file.endsWith(".map")),
  );
  const rawBytes = uploaded.reduce((sum, file) => sum + statSync(file).size, 0);
  const gzipBytes = uploaded.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

  const assetsDir = config.assets?.directory ?? "build/client";
  const assets = walk(assetsDir).map((file) => ({ path: relative(assetsDir, file), bytes: statSync(file).size }));
  const assetBytes = assets.reduce((sum, file) => sum + file.bytes, 0);

  const readme = readFileSync("README.md", "utf8");
  const { problems, notes } = checkConfig(
    config,
    { shape: ENV_SHAPE, secrets: SECRET_NAMES, bindings: BINDINGS },
    readme,
  );
  problems.push(...checkBundle(gzipBytes), ...checkAssets(assets));

  console.log("\nWorker bundle");
  console.log(`  files:       ${uploaded.map((file) => relative(outdir, file)).join(", ")}`);
  console.log(`  size:        ${formatBytes(rawBytes)}`);
  console.log(
    `  gzip -9:     ${formatBytes(gzipBytes)} (limit ${formatBytes(MAX_GZIP_BYTES)}, ${((gzipBytes / MAX_GZIP_BYTES) * 100).toFixed(0)}% used)`,
  );
  if (wranglerSizes) console.log(`  wrangler:    ${wranglerSizes[1]} / gzip ${wranglerSizes[2]}`);
  console.log(`Static assets: ${assets.length} files, ${formatBytes(assetBytes)} (${assetsDir})`);
  console.log(
    `Bindings:      ${Object.keys(BINDINGS).join(", ")}; crons: ${(config.triggers.crons ?? []).join(", ") || "none"}`,
  );
  for (const note of notes) console.log(`  note: ${note}`);
  if (problems.length > 0) {
    console.error(`\n✖ deploy check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\n✔ deploy check passed");
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
