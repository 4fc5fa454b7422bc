/** Request/response helpers shared by API routes and actions. */
import { z } from "zod";
import { concatBytes } from "./bytes";
import { logError } from "./log.server";

export const DEFAULT_MAX_JSON_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  toResponse() {
    return Response.json({ message: this.message, ...this.extra }, { status: this.status });
  }
}

/**
 * A refused form submission as Conform reply options: the error's field
 * errors when it names fields, else its message (or the fallback) for the
 * whole form. Use as `submission.reply(formErrorReply(error, "…"))`.
 */
export function formErrorReply(error: HttpError, fallback: string) {
  const fieldErrors = (error.extra.errors ?? {}) as Record<string, string[]>;
  return { fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : [error.message || fallback] };
}

/** Read the request body as text, refusing bodies larger than maxBytes (413). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, "Request body too large");
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, "Request body too large");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concatBytes(chunks, size));
}

/**
 * The JSON body of an API request: 400 for malformed JSON or a body that is
 * not an object, 413 for one too large. Form-encoded bodies are accepted too.
 */
export async function readJsonObject(
  request: Request,
  maxBytes = DEFAULT_MAX_JSON_BYTES,
): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const text = await readBodyText(request, maxBytes);
  if (contentType.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed JSON body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** Per-field messages from a zod error, as { field: [messages] }. */
export function fieldErrors(error: Pick<z.ZodError, "issues">): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  file: "a file",
};

/** What a client sent, in the words of JSON. */
function sentType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value instanceof File) return "a file";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return "text";
  if (typeof value === "number") return "a number";
  return typeof value === "object" ? "an object" : typeof value;
}

const fieldName = (path: readonly PropertyKey[] | undefined) =>
  path?.length ? path.map(String).join(".") : "The request body";

/** "correctAnswer must be a whole number, not null": the field, what it must be and what came. */
function wrongTypeMessage(path: readonly PropertyKey[] | undefined, expected: string, input: unknown) {
  // A number with a fraction where a whole one belongs: the number itself says more than "not a number".
  const sent = (expected === "int" || expected === "bigint") && typeof input === "number" ? String(input) : null;
  return `${fieldName(path)} must be ${EXPECTED[expected] ?? expected}, not ${sent ?? sentType(input)}`;
}

/**
 * The JSON kind an issue says the field must be: a type error's expected
 * type, or for a union (e.g. "" or an email) the kind all its choices share.
 */
function expectedKind(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === "invalid_type") return issue.expected;
  if (issue.code === "invalid_value") {
    const kinds = new Set(issue.values.map((value) => (value === null ? "null" : typeof value)));
    return kinds.size === 1 ? [...kinds][0] : undefined;
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const kinds = new Set(issue.errors.map((branch) => (branch[0] ? expectedKind(branch[0]) : undefined)));
    return kinds.size === 1 ? [...kinds][0] : undefined;
  }
  return undefined;
}

/**
 * The messages for issues a schema words no message of its own for (zod's
 * default says only "Invalid input"): they name the field.
 */
export const apiErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type") {
    return issue.input === undefined
      ? `${fieldName(issue.path)} is required`
      : wrongTypeMessage(issue.path, issue.expected, issue.input);
  }
  const fallback = z.config().localeError?.(issue);
  const text = typeof fallback === "string" ? fallback : fallback?.message;
  return text ? `${fieldName(issue.path)}: ${text}` : undefined;
};

/**
 * Validate an API payload with the input's one schema (the form's): a 400
 * `{message, errors: {field: [..]}}` with the first message and every
 * field's errors. Nothing is coerced: a JSON null, boolean, number, list or
 * object where the schema wants something else is refused, and the message
 * says which field and what came ("title must be text, not null"), even
 * where the schema's own message is the form's "Title is required" (a form
 * can only leave a field out; an API client can send the wrong type).
 */
export async function parseApiPayload<S extends z.ZodType>(schema: S, payload: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(payload, { error: apiErrorMap, reportInput: true });
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const expected = issue.input === undefined ? undefined : expectedKind(issue);
      return expected && sentType(issue.input) !== EXPECTED[expected]
        ? { ...issue, message: wrongTypeMessage(issue.path, expected, issue.input) }
        : issue;
    });
    const errors = fieldErrors({ issues });
    throw new HttpError(400, issues[0]?.message ?? "Invalid request", { errors });
  }
  return result.data;
}

/**
 * Run an API handler: HttpErrors and thrown Responses become their responses.
 * With a `fallback` (the product's error catalogue, docs/product.md#messages), an unexpected failure is
 * logged and answered 500 {message: fallback}; nothing else leaks.
 */
export async function apiRoute(handler: () => Promise<Response>, fallback?: string): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    if (error instanceof Response) return error;
    if (fallback) {
      logError(error, { where: fallback, status: 500 });
      return Response.json({ message: fallback }, { status: 500 });
    }
    throw error;
  }
}

/** The string fields of a multipart or urlencoded body, and the FormData itself (for its files). */
export async function readFormFields(request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw new HttpError(415, "Send the fields as multipart/form-data");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, "Malformed form data");
  }
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) as Record<
    string,
    string
  >;
  return { form, fields };
}

/** PUT semantics of the API (docs/api.md): only the non-empty fields change. */
export function nonEmptyFields(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ""));
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json({ message: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** The JSON API's base path: everything under it answers JSON, errors included. */
export const API_PREFIX = "/api";

export function isApiPath(pathname: string) {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export const NOT_FOUND_MESSAGE = "Not found";

/**
 * The JSON answer for an /api request no route module function handles
 * (Remix would answer those with an HTML page, or a JSON error naming the
 * route file): 404 `{message: 'Not found'}` for a path no /api route has
 * (`module` undefined), 405 with `Allow` for a method its module has no
 * function for. null when the module answers the request itself (each
 * /api module exports a loader; its action refuses methods it does not take).
 */
export function apiRouteRefusal(
  method: string,
  module: { loader?: unknown; action?: unknown } | undefined,
): Response | null {
  if (!module) return Response.json({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const reads = method === "GET" || method === "HEAD";
  if (!reads && !module.action) return methodNotAllowed(module.loader ? ["GET", "HEAD"] : []);
  if (reads && !module.loader) return methodNotAllowed([]);
  return null;
}
