import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { remixConfig } from "./remix.config";
import { getLoadContext } from "./load-context";

const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const outsideApp = (id: string) => id.includes("/node_modules/") || id.startsWith("\0");

/**
 * Rollup's `manualChunks` for the client build: one "shell" chunk with the modules the root route
 * imports, directly or not, and the framework they need. Every page loads all of them, so they travel
 * as one file; by default each module shared by two routes gets a chunk of its own, and a page paid a
 * request (and a slow-network round trip) for every one of them (docs/decisions/099-first-paint.md).
 * Route modules and what only some routes import keep their own chunks.
 */
function shellChunk(): (id: string, meta: Rollup.ManualChunkMeta) => string | undefined {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (outsideApp(id)) return undefined;
    if (!shell) {
      shell = new Set();
      const root = [...getModuleIds()].find((moduleId) => moduleId.split("?")[0] === ROOT_ROUTE);
      const queue = [...((root && getModuleInfo(root)?.importedIds) ?? [])];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (shell.has(next) || outsideApp(next)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}

/**
 * `import module from "….wasm"` in server code (resvg, for the share pictures): workerd compiles WebAssembly
 * only from a module import, never from bytes at run time. The server build copies the file beside the
 * bundle and keeps the import, which wrangler and the vitest pool load as a compiled module; the dev server
 * (Node) compiles the file itself.
 */
function wasmModules(): Plugin {
  let serving = false;
  return {
    name: "wasm-modules",
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
    },
    async resolveId(source, importer, options) {
      if (!source.endsWith(".wasm") || !options.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      if (serving) return `${resolved.id}?wasm-module`;
      const fileName = basename(resolved.id);
      this.emitFile({ type: "asset", fileName, source: readFileSync(resolved.id) });
      // The server build is one file (build/server/index.js), so the copy sits beside every importer.
      return { id: `./${fileName}`, external: true };
    },
    load(id) {
      if (!id.endsWith(".wasm?wasm-module")) return null;
      const file = JSON.stringify(id.slice(0, -"?wasm-module".length));
      return `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${file}));`;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [wasmModules(), remixCloudflareDevProxy({ getLoadContext }), remix(remixConfig)],
  resolve: {
    // Remix's Vite plugin does not read tsconfig "paths".
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // One self-contained server bundle: wrangler and the vitest pool load it as is. Only for the build:
    // `remix vite:dev` renders in Node, which loads the CommonJS packages (React) itself; bundled into
    // Vite's ES module runner they fail ("module is not defined").
    noExternal: command === "build" ? true : undefined,
    target: "webworker",
    resolve: {
      conditions: ["workerd", "worker", "browser", "module", "import"],
      externalConditions: ["workerd", "worker"],
    },
  },
  // The islands bundle (app/islands, imported with `?worker&url` by root) is built as an ES module, so an
  // island can load what only some pages need (the consultation form's checks) with a dynamic import.
  worker: { format: "es" },
  build: {
    sourcemap: false,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
  },
}));
