/**
 * Structured logs: one JSON line per request (console.log) and one per error
 * (console.error), so `wrangler tail` and Workers Logs can filter on fields.
 * A line never carries a query string, a cookie, a header, a form field or a
 * token: request lines name the route and a path whose token segments are
 * masked; error lines carry the error's name, message, stack and causes.
 *
 * LOG_LEVEL (wrangler.toml [vars]) is "info" (requests and errors, the
 * default) or "error" (errors only: the tests and the e2e server use it to
 * keep their output readable).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "error";

export type RequestLogFields = {
  method: string;
  /** The matched Remix route id (e.g. "routes/blogs+/$slug"), or the Worker's own handler. */
  route: string;
  /** The pathname with token-bearing segments masked; never the query string. */
  path: string;
  status: number;
  ms: number;
  /** The edge cache's verdict (X-Cache), when the request went through it. */
  cache?: string;
  /** The signed-in user (session cookie or bearer token), when the app resolved one. */
  user?: string;
  /** Cloudflare's data centre, in production. */
  colo?: string;
};

/** Mutable per-request facts gathered while the app runs (carried on the load context). */
export type RequestLogState = { userId?: string };

export function logRequest(level: LogLevel, fields: RequestLogFields) {
  if (level !== "info") return;
  console.log(JSON.stringify({ level: "info", type: "request", ...fields }));
}

type ErrorContext = { method?: string; path?: string; route?: string; status?: number; where?: string };

/** The request being served (method, loggable path, route id), for every error line it causes. */
const currentRequest = new AsyncLocalStorage<ErrorContext>();

/** Run `serve` with the request's facts attached to any error line logged while it runs (server.ts). */
export function withRequestLog<T>(request: ErrorContext, serve: () => T): T {
  return currentRequest.run(request, serve);
}

/**
 * One line for an unexpected error, with its cause chain: the request's
 * method, path and route (when logged while serving one), the status
 * answered, where it happened, and the error's name and message. Always
 * written, whatever LOG_LEVEL says.
 */
export function logError(error: unknown, context: ErrorContext = {}) {
  console.error(
    JSON.stringify({
      level: "error",
      type: "error",
      ...currentRequest.getStore(),
      ...context,
      error: describeError(error),
    }),
  );
}

/** What `read` resolves to, or null when it fails (logged, with `where`): for a page section that then says it could not be read. */
export async function readOrNull<T>(read: PromiseLike<T>, where: string): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    logError(error, { where });
    return null;
  }
}

type ErrorDescription = { name: string; message: string; stack?: string; cause?: ErrorDescription };

/** Remix's ErrorResponse (a thrown `data()`, or the router's own 404/405): status, statusText, data. */
type ErrorResponseLike = { status: number; statusText?: unknown; data?: unknown };

export function isErrorResponseLike(error: unknown): error is ErrorResponseLike {
  return typeof error === "object" && error !== null && typeof (error as ErrorResponseLike).status === "number";
}

const MAX_MESSAGE = 1000;

/** A value as readable text: strings as they are, anything else as JSON (never "[object Object]"). */
function readable(value: unknown): string {
  if (typeof value === "string") return value.slice(0, MAX_MESSAGE);
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, MAX_MESSAGE);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export function describeError(error: unknown, depth = 0): ErrorDescription {
  if (error instanceof Error) {
    const description: ErrorDescription = { name: error.name, message: error.message, stack: error.stack };
    if (error.cause !== undefined && depth < 5) description.cause = describeError(error.cause, depth + 1);
    return description;
  }
  if (error instanceof Response) return { name: "Response", message: `${error.status} ${error.statusText}`.trim() };
  if (isErrorResponseLike(error)) {
    const status = `${error.status} ${typeof error.statusText === "string" ? error.statusText : ""}`.trim();
    const data =
      error.data === undefined || error.data === null || error.data === "" ? "" : `: ${readable(error.data)}`;
    return { name: "ErrorResponse", message: `${status}${data}` };
  }
  return { name: typeof error, message: readable(error) };
}

/** Route params whose values are secrets (password-reset and sign-in tokens). */
const SECRET_PARAM = /token|secret|key|code/i;

/**
 * The path to log: each value of a secret route param is replaced by its name
 * (/reset-password/abc… → /reset-password/:token).
 */
export function loggablePath(pathname: string, params: Record<string, string | undefined> = {}): string {
  let path = pathname;
  for (const [name, value] of Object.entries(params)) {
    if (!value || !SECRET_PARAM.test(name)) continue;
    path = path.split(encodeURIComponent(value)).join(`:${name}`).split(value).join(`:${name}`);
  }
  return path;
}
