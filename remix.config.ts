/**
 * Options of the Remix Vite plugin. Vite mode never reads this file by itself
 * (only the old compiler did), so vite.config.ts imports it: this keeps the
 * layout the customer asked for and makes the file real.
 */
import type { VitePluginConfig } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  // Routes are grouped in folders by area (`admin+/`, `api+/`, ...): remix-flat-routes reads them, so
  // Remix's own convention is switched off.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*", "**/*.md"] }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};

export default remixConfig;
