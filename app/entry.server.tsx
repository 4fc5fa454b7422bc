import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { IslandsDocumentContext } from "./components/islands-document";
import { ISLANDS_DOCUMENT } from "./components/render-once.server";
import { NonceContext } from "./components/nonce";
import { closeDocumentAtEnd } from "./lib/html-stream.server";
import { runScheduledJobs as runJobs } from "./jobs.server";
import { isErrorResponseLike, loggablePath, logError } from "./lib/log.server";
import { islandsOnly } from "./lib/hydration";

// server.ts reaches these through the bundle (build.entry.module), so the app's code is bundled once
// (and withRequestLog's request scope is the one the app's logError reads).
export { matchRoute } from "./lib/route-match.server";
export { withRequestLog } from "./lib/log.server";
// For scripts/check-js-budget.mjs, which reads the build: which pages load the islands only.
export { islandsOnly };

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Decided here, once per document: root.tsx's Layout reads it to load the islands instead of <Scripts/>.
  const islands = islandsOnly(documentMatches(remixContext));
  const app = (
    <NonceContext.Provider value={nonce}>
      <IslandsDocumentContext.Provider value={islands ? ISLANDS_DOCUMENT : null}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </IslandsDocumentContext.Provider>
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // A document that will not hydrate (app/lib/hydration.ts) has nothing to stream: its loaders have
  // run, and its data is not sent to the browser. It renders to one string; the hydration data Remix
  // began to encode is cancelled and left out of the page.
  if (islands) {
    void remixContext.serverHandoffStream?.cancel().catch(() => {});
    remixContext.serverHandoffStream = undefined;
    return new Response(`<!DOCTYPE html>${renderToString(app)}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(app, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted)
        logError(error, { where: "render", method: request.method, path: new URL(request.url).pathname });
      responseStatusCode = 500;
    },
  });
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  return new Response(closeDocumentAtEnd(body), { headers: responseHeaders, status: responseStatusCode });
}

/** The document's matched routes as `islandsOnly` reads them. */
function documentMatches({ staticHandlerContext, routeModules }: EntryContext) {
  return staticHandlerContext.matches.map(({ route }) => ({
    handle: routeModules[route.id]?.handle,
    data: staticHandlerContext.loaderData[route.id],
  }));
}

export const handleError: HandleErrorFunction = (error, { request, params }) => {
  // A visitor who navigated away is not an error worth logging.
  if (request.signal.aborted) return;
  const status = isErrorResponseLike(error) ? error.status : 500;
  // A request the app refuses (e.g. a POST to a page without a form) is the client's mistake, not
  // the app's: the request log line already records its status and route.
  if (status < 500) return;
  logError(error, { method: request.method, path: loggablePath(new URL(request.url).pathname, params), status });
};

/** Called by server.ts's scheduled handler (the cron trigger in wrangler.toml). */
export async function runScheduledJobs(rawEnv: Record<string, unknown>, now: Date) {
  await runJobs(rawEnv, now);
}
