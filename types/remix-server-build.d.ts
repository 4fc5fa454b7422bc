// `remix-server-build` is an alias (wrangler.toml [alias], vitest config) for
// build/server/index.js, which exists only after `npm run build`.
declare module "remix-server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
