import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import {
  ConsultationForm,
  consultationFormLinks,
  type ConsultationFormData,
} from "~/features/consultation/components/consultation-form";
import {
  readConsultationForm,
  receiveConsultation,
  type ConsultationOutcome,
} from "~/features/consultation/consultation.server";
import { ConsultationSchema, HONEYPOT_FIELD, MESSAGES } from "~/features/consultation/schema";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { loadAsDocument, NO_HYDRATION } from "~/lib/hydration";
import { HttpError } from "~/lib/http.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";

export const links: LinksFunction = () => consultationFormLinks();

// No React on a first visit: the form is server markup and its behaviour is the consultation island
// (app/islands/consultation-form.ts); a client-side navigation here becomes a document load, so the
// island always runs (app/lib/hydration.ts).
export const handle = NO_HYDRATION;
export const clientLoader = loadAsDocument;

/** ?service=, ?practice= or ?pa= preselects the practice area (the first one given); ?sent=1 follows a success. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const preselect = ["service", "practice", "pa"].map((key) => params.get(key)?.trim()).find(Boolean) ?? "";
  return { preselect, sent: params.get(SENT_PARAM) === "1", formToken: newFormToken() };
}

const SENT_PARAM = "sent";

/** The form's plain POST (without JavaScript; with it, the form sends JSON to the API route instead). */
export async function action({ request, context }: ActionFunctionArgs) {
  let formData: URLSearchParams | FormData;
  try {
    formData = await readConsultationForm(request);
  } catch (error) {
    if (error instanceof HttpError) return reply({ status: "error", message: error.message }, error.status);
    throw error;
  }
  const form = formData;
  // A form sent twice (a double click without JavaScript) stores one request.
  return onceForm(
    context,
    form,
    async () => {
      const submission = parseWithZod(form, { schema: ConsultationSchema });
      const outcome: ConsultationOutcome = await receiveConsultation(context, request, {
        honeypot: form.get(HONEYPOT_FIELD),
        channel: "web",
        parsed:
          submission.status === "success"
            ? { success: true, value: submission.value }
            : { success: false, errors: submission.error ?? { "": [MESSAGES.required] } },
      });
      switch (outcome.kind) {
        case "stored":
        case "ignored":
          // Post/Redirect/Get: reloading the success page must not send the request again. The fragment
          // scrolls to the success message (the form's SentPanel), which would be below the fold on a phone.
          return redirect(`/consultation?${SENT_PARAM}=1#consultation-form-sent`, 303);
        case "invalid":
          return reply({ status: "error", message: outcome.message, result: submission.reply() }, 400);
        case "rate-limited":
          return reply({ status: "error", message: outcome.message, result: submission.reply() }, 429, {
            "Retry-After": String(outcome.retryAfterSeconds),
          });
        case "failed":
          return reply({ status: "error", message: outcome.message, result: submission.reply() }, 500);
      }
    },
    { reply: (result, message): ConsultationFormData => ({ status: "error", message, result }) },
  );
}

function reply(body: ConsultationFormData, status = 200, headers: Record<string, string> = {}) {
  return data(body, { status, headers });
}

export default function ConsultationPage() {
  const { preselect, sent, formToken } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Book a Consultation</h1>
      <p className="lead">Tell us briefly about your matter. An advocate from {firm.name} will contact you shortly.</p>
      <div className="consultation-layout">
        <ConsultationForm preselect={preselect} sent={sent} formToken={formToken} />
        <aside className="consultation-aside" aria-labelledby="consultation-contact-title">
          <h2 id="consultation-contact-title">Prefer to call?</h2>
          <p>
            <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a>
            <br />
            <a href={`mailto:${firm.email}`}>{firm.email}</a>
          </p>
          <p className="field__hint">
            Sending this form does not create a lawyer-client relationship. Please do not send confidential documents
            through it.
          </p>
        </aside>
      </div>
    </div>
  );
}

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Book a Consultation",
    description: `Request a consultation with ${firm.name}: corporate, tax, licensing, regulatory, dispute resolution and litigation.`,
    path: "/consultation",
  }),
);

export const ErrorBoundary = RouteErrorBoundary;
