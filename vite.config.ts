import { fileURLToPath } from "node:url";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";
import { getLoadContext } from "./load-context";

export default defineConfig({
  plugins: [remixCloudflareDevProxy({ getLoadContext }), remix(remixConfig)],
  resolve: {
    // Remix's Vite plugin does not read tsconfig "paths".
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // One self-contained server bundle: wrangler and the vitest pool load it as is.
    noExternal: true,
    target: "webworker",
    resolve: {
      conditions: ["workerd", "worker", "browser", "module", "import"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { sourcemap: false },
});
