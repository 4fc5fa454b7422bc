/** Request/response helpers shared by API routes and actions. */
import type { z } from "zod";
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
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
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
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Validate an API payload: a 400 with the first message and every field's errors. */
export async function parseApiPayload<S extends z.ZodType>(schema: S, payload: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(payload);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid request", { errors });
  }
  return result.data;
}

/**
 * Run an API handler: HttpErrors and thrown Responses become their responses.
 * With a `fallback` (the spec's error catalogue), an unexpected failure is
 * logged and answered 500 {message: fallback}; nothing else leaks.
 */
export async function apiRoute(handler: () => Promise<Response>, fallback?: string): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    if (error instanceof Response) return error;
    if (fallback) {
      logError(error, { where: fallback });
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

/** PUT semantics of the spec: only the non-empty fields change. */
export function nonEmptyFields(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ""));
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json({ message: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
