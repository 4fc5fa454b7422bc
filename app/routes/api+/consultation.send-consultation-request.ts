import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MAX_BODY_BYTES, receiveConsultation } from "~/features/consultation/consultation.server";
import {
  CHANNEL_HEADER,
  ConsultationApiSchema,
  ConsultationSchema,
  HONEYPOT_FIELD,
  MESSAGES,
} from "~/features/consultation/schema";
import { fieldErrors, HttpError, readJsonObject } from "~/lib/http.server";

// POST /api/consultation/send-consultation-request (public)
//   {name, email, phone, service, message?, source?} → 200 {success: true}; other fields are ignored.
//   The site's enhanced form sends `X-Consultation-Channel: web` and `consent: true` (required then).
//   400 {success: false, message: 'Please fill all required fields.' (or the field's own message), errors}
//   429 {success: false, message, retryAfterSeconds}; 405 for other methods.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof HttpError)
      return Response.json({ success: false, message: error.message }, { status: error.status });
    throw error;
  }
  const channel = request.headers.get(CHANNEL_HEADER) === "web" ? "web" : "api";
  const parsed = (channel === "web" ? ConsultationSchema : ConsultationApiSchema).safeParse(body);
  const outcome = await receiveConsultation(context, request, {
    honeypot: body[HONEYPOT_FIELD],
    channel,
    parsed: parsed.success
      ? { success: true, value: parsed.data }
      : { success: false, errors: fieldErrors(parsed.error) },
  });
  switch (outcome.kind) {
    case "stored":
    case "ignored":
      return Response.json({ success: true });
    case "invalid":
      return Response.json({ success: false, message: outcome.message, errors: outcome.errors }, { status: 400 });
    case "rate-limited":
      return Response.json(
        { success: false, message: outcome.message, retryAfterSeconds: outcome.retryAfterSeconds },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "failed":
      return Response.json({ success: false, message: MESSAGES.serverError }, { status: 500 });
  }
}

export const loader = () => methodNotAllowed();

function methodNotAllowed() {
  return Response.json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
