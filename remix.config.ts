/**
 * Options of the Remix Vite plugin. Vite mode never reads this file by itself
 * (only the old compiler did), so vite.config.ts imports it: this keeps the
 * layout the customer asked for and makes the file real.
 */
import type { VitePluginConfig } from "@remix-run/dev";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};

export default remixConfig;
