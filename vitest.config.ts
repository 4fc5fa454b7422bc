import { fileURLToPath } from "node:url";
import { defineWorkersProject, readD1Migrations } from "@cloudflare/vitest-pool-workers/config";
import { defineConfig, defineProject } from "vitest/config";
import testVars from "./tests/test-vars.json";
import { googleTestVars } from "./tests/oidc-port.mjs";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "remix-server-build": fileURLToPath(new URL("./build/server/index.js", import.meta.url)),
};

// Its own config file, so vitest never loads vite.config.ts (the Remix build settings).
export default defineConfig({
  test: {
    projects: [
      // Unit and integration tests, run inside workerd with real (local, per-file isolated) D1 and R2.
      defineWorkersProject(async () => ({
        resolve: { alias },
        test: {
          name: "workers",
          include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
          exclude: ["**/*.node.test.ts"],
          globalSetup: ["./tests/setup/ensure-build.ts", "./tests/setup/mock-oidc.ts"],
          setupFiles: ["./tests/setup/apply-migrations.ts", "./tests/setup/fail-on-console-error.ts"],
          testTimeout: 20_000,
          deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/*", "remix-auth*"] } } },
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
      })),
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
