import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineWorkersProject, readD1Migrations } from "@cloudflare/vitest-pool-workers/config";
import { defineConfig, defineProject } from "vitest/config";
import testVars from "./tests/test-vars.json";
import { googleTestVars } from "./tests/oidc-port.mjs";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "remix-server-build": fileURLToPath(new URL("./build/server/index.js", import.meta.url)),
};

/**
 * The workerd tests, dealt into groups that each get one runtime (`singleWorker`; decisions 091, 106).
 * A runtime per file starts ~60 workerd processes at once, and the pool's storage calls then lose
 * their connection. (One runtime for every file used to grow slower with each request it served: the
 * pool wrapped its entrypoint's prototype in one more Proxy per request, which our patch of
 * @cloudflare/vitest-pool-workers stops; 2 to 6 runtimes now take the same time.)
 */
const WORKERS_RUNTIMES = Number(process.env.VITEST_WORKERS_RUNTIMES || 4);

function workersTestFiles(): string[] {
  const roots = ["app", "tests/integration"];
  return roots
    .flatMap((root) => readdirSync(root, { recursive: true, encoding: "utf8" }).map((file) => `${root}/${file}`))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.endsWith(".node.test.ts"))
    .sort();
}

/**
 * Longest first, each file into the group with the least work so far (a file's size stands in for its
 * running time): round-robin put two of the slowest files in one runtime, which then finished a minute
 * after the others.
 */
function workersGroups(): string[][] {
  const groups = Array.from({ length: WORKERS_RUNTIMES }, () => ({ files: [] as string[], weight: 0 }));
  const sized = workersTestFiles().map((file) => ({ file, size: statSync(file).size }));
  for (const { file, size } of sized.sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))) {
    const lightest = groups.reduce((min, group) => (group.weight < min.weight ? group : min));
    lightest.files.push(file);
    lightest.weight += size;
  }
  return groups.map((group) => group.files).filter((files) => files.length > 0);
}

function workersProject(include: string[], index: number) {
  return defineWorkersProject(async () => ({
    resolve: { alias },
    test: {
      name: `workers-${index + 1}`,
      include,
      exclude: ["**/*.node.test.ts"],
      setupFiles: [
        "./tests/setup/apply-migrations.ts",
        "./tests/setup/fail-on-console-error.ts",
        "./tests/setup/reset-isolate-state.ts",
      ],
      testTimeout: 20_000,
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/*",
              "@web3-storage/multipart-parser",
              "remix-auth*",
              "@xmldom/xmldom",
              "@pdf-lib/upng",
            ],
          },
        },
      },
      // The Remix build (2.6 MB) is imported by workerd itself, as in production, and once per runtime:
      // through vite-node it was transformed and sent to the runtime again for every test file (decision 106).
      server: { deps: { external: [/\/build\/server\//] } },
      poolOptions: {
        workers: {
          main: "./server.ts",
          singleWorker: true,
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            bindings: { ...testVars, ...googleTestVars(), TEST_MIGRATIONS: await readD1Migrations("./migrations") },
          },
        },
      },
    },
  }));
}

// Its own config file, so vitest never loads vite.config.ts (the Remix build settings).
export default defineConfig({
  test: {
    // Once for the whole run, before any project: the build the tests call, the mock Google.
    globalSetup: [
      "./tests/setup/ensure-build.ts",
      "./tests/setup/mock-oidc.ts",
      "./tests/setup/loopback-keep-alive.ts",
    ],
    projects: [
      // Unit and integration tests, run inside workerd with real (local, per-file isolated) D1 and R2.
      // One workerd per group (decisions 091, 106).
      ...workersGroups().map(workersProject),
      // Tests that need Node itself (the schema-drift check, scripts, report arithmetic).
      defineProject({
        resolve: { alias },
        test: {
          name: "node",
          include: ["**/*.node.test.ts"],
          exclude: ["node_modules/**", "build/**", ".wrangler/**"],
          environment: "node",
        },
      }),
    ],
  },
});
