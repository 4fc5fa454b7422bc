/**
 * The Worker entry: serves the Remix app (fetch) and runs the periodic jobs
 * (scheduled). Static files under build/client are served by the assets
 * layer before this code runs.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
// The production server bundle written by `remix vite:build` (aliased in wrangler.toml).
import * as build from "remix-server-build";
import { getLoadContext } from "./load-context";
import { applySecurityHeaders, googleOrigins, isCrossSiteMutation } from "./app/lib/security-headers.server";

const handleRemixRequest = createRequestHandler(build);

/** entry.server.tsx also exports the scheduled jobs, so the app's code is bundled once. */
const entry = build.entry.module as typeof build.entry.module & {
  runScheduledJobs: (env: Record<string, unknown>, now: Date) => Promise<void>;
};

export default {
  async fetch(request, env, ctx) {
    let loadContext;
    try {
      loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
    } catch (error) {
      // A missing binding or secret: say so in the log, never to the visitor.
      console.error(error);
      return new Response("The site is not configured correctly. The administrator has been told.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    const response = isCrossSiteMutation(request)
      ? Response.json({ message: "Cross-site requests are not allowed" }, { status: 403 })
      : await handleRemixRequest(request, loadContext);
    return applySecurityHeaders(response, {
      nonce: loadContext.cspNonce,
      isLocal: loadContext.env.isLocal,
      googleOrigins: googleOrigins(loadContext.env),
    });
  },

  async scheduled(controller, env) {
    await entry.runScheduledJobs(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Record<string, unknown>>;
