/**
 * The page twin of `apiRoute`: every page action that saves a form takes the
 * same single path. The form is parsed with the area's zod schema (the one
 * the API uses) through Conform; the feature function runs; a typed
 * `HttpError` becomes the form's reply (field errors next to their fields,
 * anything else at the top) with its status; success is a redirect, usually
 * with a `?done=` notice the page shows.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { formErrorReply, HttpError } from "./http.server";

type FormActionOptions<S extends z.ZodType> = {
  schema: S;
  /** The form-level message for a refusal that names no field. */
  fallback: string;
  /**
   * Save the parsed value; return where to go next (a path), a response of its own, or
   * `{ stay }`: the page stays, the form is reset, and `stay`'s fields go with the reply.
   */
  run: (value: z.output<S>) => Promise<string | Response | { stay: Record<string, unknown> }>;
  /** Named in every reply, for a page with several forms. */
  intent?: string;
  /** Fields whose values never come back to the page (passwords). */
  hideFields?: string[];
  /** Headers of every answer (e.g. `Cache-Control: private, no-store`). */
  headers?: Record<string, string>;
};

export async function formAction<S extends z.ZodType>(
  form: FormData,
  { schema, fallback, run, intent, hideFields, headers }: FormActionOptions<S>,
): Promise<Response> {
  const submission = parseWithZod(form, { schema });
  const reply = (result: unknown, init: ResponseInit = {}) =>
    Response.json(intent === undefined ? { result } : { intent, result }, { ...init, headers });
  if (submission.status !== "success") return reply(submission.reply({ hideFields }), { status: 400 });
  try {
    const next = await run(submission.value);
    if (typeof next === "string") return redirect(next, { headers });
    if (next instanceof Response) return next;
    return Response.json(
      { ...(intent === undefined ? {} : { intent }), result: submission.reply({ resetForm: true }), ...next.stay },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply(submission.reply({ hideFields, ...formErrorReply(error, fallback) }), { status: error.status });
  }
}
