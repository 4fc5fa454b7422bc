/**
 * The Worker entry: serves the Remix app (fetch) and runs the periodic jobs
 * (scheduled). Static files under build/client are served by the assets
 * layer before this code runs.
 *
 * Per request: /healthz is answered here (it must work when the app's
 * configuration does not); anything else gets the typed load context, the
 * cross-site POST guard, one D1 session (read replicas, app/lib/d1-session.server.ts), the
 * edge cache of public pages (app/lib/edge-cache.server.ts) in front of Remix, the security
 * headers, and one JSON log line.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
// The production server bundle written by `remix vite:build` (aliased in wrangler.toml).
import * as build from "remix-server-build";
import { getLoadContext } from "./load-context";
import { sessionStart, withBookmark } from "./app/lib/d1-session.server";
import { inD1Session } from "./app/lib/db.server";
import { DISCLAIMER_COOKIE } from "./app/features/disclaimer/disclaimer";
import { carriesSignIn, serveWithEdgeCache, type CacheStatus } from "./app/lib/edge-cache.server";
import { healthResponse } from "./app/lib/health.server";
import { apiRouteRefusal, isApiPath } from "./app/lib/http.server";
import { loggablePath, logError, logRequest, type LogLevel, type withRequestLog } from "./app/lib/log.server";
import {
  applySecurityHeaders,
  createNonce,
  googleOrigins,
  isCrossSiteMutation,
} from "./app/lib/security-headers.server";

const handleRemixRequest = createRequestHandler(build);

/** entry.server.tsx also exports the scheduled jobs and the route matcher, so the app's code is bundled once. */
const entry = build.entry.module as typeof build.entry.module & {
  runScheduledJobs: (env: Record<string, unknown>, now: Date) => Promise<void>;
  matchRoute: (
    routes: typeof build.routes,
    pathname: string,
  ) => { id: string; params: Record<string, string | undefined> } | null;
  withRequestLog: typeof withRequestLog;
};

/** The catch-all route (app/routes/$.tsx): under /api, a path no API route has. */
const SPLAT_ROUTE = "routes/$";

/** Both names of the session cookie (local mode has no __Host- prefix); either means "signed in". */
// The half-signed-in two-factor cookie counts too: those responses are private.
const SESSION_COOKIES = ["session", "__Host-session", "two_factor", "__Host-two_factor"];

export default {
  async fetch(request, env, ctx) {
    const started = Date.now();
    const url = new URL(request.url);
    const match = url.pathname === "/healthz" ? null : entry.matchRoute(build.routes, url.pathname);
    let logLevel: LogLevel = env.LOG_LEVEL === "error" ? "error" : "info";
    let cache: CacheStatus | undefined;
    let userId: string | undefined;
    let response: Response;

    try {
      response = await entry.withRequestLog(
        { method: request.method, path: loggablePath(url.pathname, match?.params), route: match?.id ?? "unmatched" },
        handle,
      );
    } catch (error) {
      logError(error, {
        method: request.method,
        path: loggablePath(url.pathname, match?.params),
        route: match?.id,
        status: 500,
      });
      response = new Response("Something went wrong on our side. Please try again.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }

    logRequest(logLevel, {
      method: request.method,
      route: url.pathname === "/healthz" ? "healthz" : (match?.id ?? "unmatched"),
      path: loggablePath(url.pathname, match?.params),
      status: response.status,
      ms: Date.now() - started,
      ...(cache ? { cache } : {}),
      ...(userId ? { user: userId } : {}),
      ...(typeof request.cf?.colo === "string" ? { colo: request.cf.colo } : {}),
    });
    return response;

    async function handle(): Promise<Response> {
      if (url.pathname === "/healthz") {
        return applySecurityHeaders(await healthResponse(env), {
          nonce: createNonce(),
          isLocal: env.APP_ENV === "local",
        });
      }

      let loadContext;
      try {
        loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
      } catch (error) {
        // A missing binding or secret: say so in the log, never to the visitor.
        logError(error, { where: "configuration" });
        return new Response("The site is not configured correctly. The administrator has been told.", {
          status: 500,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
      logLevel = loadContext.env.LOG_LEVEL;

      let appResponse: Response;
      // Under /api every answer is JSON: an unknown path or an unhandled method is answered here, in one place.
      const apiRefusal = isApiPath(url.pathname)
        ? apiRouteRefusal(
            request.method,
            match && match.id !== SPLAT_ROUTE ? build.routes[match.id]?.module : undefined,
          )
        : null;
      if (apiRefusal) {
        appResponse = apiRefusal;
      } else if (isCrossSiteMutation(request)) {
        appResponse = Response.json({ message: "Cross-site requests are not allowed" }, { status: 403 });
      } else {
        // Every query of the request in one D1 session: replicas for reads, the primary for writes and the quiz clock.
        const { result: served, bookmark } = await inD1Session(
          loadContext.env.DB,
          sessionStart(request, url.pathname, {
            signedIn: carriesSignIn(request, { sessionCookies: SESSION_COOKIES }),
          }),
          () =>
            serveWithEdgeCache(request, {
              db: loadContext.db,
              nonce: loadContext.cspNonce,
              waitUntil: loadContext.waitUntil,
              sessionCookies: SESSION_COOKIES,
              keyCookies: [DISCLAIMER_COOKIE],
              logLevel,
              release: build.assets.version,
              // The page is rendered with the nonce the edge cache asks for: it records it with a stored copy.
              render: (pageRequest, nonce) =>
                handleRemixRequest(pageRequest, nonce === loadContext.cspNonce ? loadContext : freshContext(nonce)),
            }),
        );
        appResponse = withBookmark(served.response, request, url.pathname, bookmark, {
          isLocal: loadContext.env.isLocal,
        });
        cache = served.status;
      }
      userId = loadContext.requestLog.userId;
      return applySecurityHeaders(appResponse, {
        nonce: loadContext.cspNonce,
        isLocal: loadContext.env.isLocal,
        googleOrigins: googleOrigins(loadContext.env),
      });
    }

    /** A background re-render (stale page) gets its own context: its own nonce and log state. */
    function freshContext(nonce: string) {
      return { ...getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } }), cspNonce: nonce };
    }
  },

  async scheduled(controller, env) {
    await entry.runScheduledJobs(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Record<string, unknown>>;
