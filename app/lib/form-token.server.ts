/**
 * One-time form tokens: the server's guard against a create or edit form sent twice (a double click
 * without JavaScript, where the browser sends both POSTs; a resend after Back). The page renders
 * a fresh token in a hidden field (`newFormToken()` in the loader, `<FormToken>` in the form);
 * `onceForm` claims it before saving and records where the save led. The same token again saves
 * nothing and leads to the same place. A refused submission (any answer but a redirect) frees the
 * token, so the corrected form can be sent with it. A form without a token is saved unguarded.
 */
// Conform's parser without React: this runs on the server only.
import { parse, type SubmissionResult } from "@conform-to/dom";
import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { formSubmissions } from "../../db/schema";
import type { Db } from "./db.server";
import { FORM_TOKEN_FIELD } from "./form-token";

export { FORM_TOKEN_FIELD };

/** A fresh token for one rendering of a create form. */
export function newFormToken(): string {
  return crypto.randomUUID();
}

const TOKEN = /^[A-Za-z0-9-]{16,64}$/;

/** How long a duplicate waits for the first submission still being saved. */
const WAIT_MS = 5_000;
const POLL_MS = 100;

/**
 * Run `save` once per form token. `save` answers as a page action does: a redirect when saved,
 * anything else when refused. A repeat of a saved token redirects where the first one did; a
 * repeat while the first is still saving waits for it (or, past `WAIT_MS`, answers 409).
 *
 * A repeat that saved nothing answers as a page answers a refused form: Conform's `result`, with the
 * message as the form's own error and what was typed, so the page shows both with JavaScript or
 * without. A page whose answers have another shape says how with `reply`.
 */
export async function onceForm<T>(
  { db }: { db: Db },
  form: FormData | URLSearchParams,
  save: () => Promise<T>,
  {
    reply = (result) => ({ result }),
  }: { reply?: (result: SubmissionResult<string[]>, message: string) => unknown } = {},
): Promise<T | Response> {
  const token = String(form.get(FORM_TOKEN_FIELD) ?? "");
  if (!TOKEN.test(token)) return save();
  const claimed = await db
    .insert(formSubmissions)
    .values({ token })
    .onConflictDoNothing()
    .returning({ token: formSubmissions.token });
  if (claimed.length === 0) {
    const message = await sameResult(db, token);
    if (message instanceof Response) return message;
    const result = parse(form, { resolve: () => ({ error: { "": [message] } }) }).reply();
    return Response.json(reply(result, message), { status: 409 });
  }
  let response: T;
  try {
    response = await save();
  } catch (error) {
    await db.delete(formSubmissions).where(eq(formSubmissions.token, token));
    throw error;
  }
  const location =
    response instanceof Response && response.status >= 300 && response.status < 400
      ? response.headers.get("Location")
      : null;
  if (location) await db.update(formSubmissions).set({ location }).where(eq(formSubmissions.token, token));
  else await db.delete(formSubmissions).where(eq(formSubmissions.token, token));
  return response;
}

export const FORM_TOKEN_MESSAGES = {
  sendAgain: "Please send the form again.",
  beingSent: "This form is already being sent.",
} as const;

/** Where the first submission of `token` led, or why this one saved nothing. */
async function sameResult(db: Db, token: string): Promise<Response | string> {
  for (let waited = 0; ; waited += POLL_MS) {
    const row = await db.query.formSubmissions.findFirst({ where: eq(formSubmissions.token, token) });
    if (row?.location) return redirect(row.location);
    // Freed: the first submission was refused, so this one may try.
    if (!row) return FORM_TOKEN_MESSAGES.sendAgain;
    if (waited >= WAIT_MS) return FORM_TOKEN_MESSAGES.beingSent;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
