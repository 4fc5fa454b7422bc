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
  /** Save the parsed value; return where to go next (a path) or a response of its own. */
  run: (value: z.output<S>) => Promise<string | Response>;
};

export async function formAction<S extends z.ZodType>(
  form: FormData,
  { schema, fallback, run }: FormActionOptions<S>,
): Promise<Response> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return Response.json({ result: submission.reply() }, { status: 400 });
  try {
    const next = await run(submission.value);
    return typeof next === "string" ? redirect(next) : next;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return Response.json({ result: submission.reply(formErrorReply(error, fallback)) }, { status: error.status });
  }
}
