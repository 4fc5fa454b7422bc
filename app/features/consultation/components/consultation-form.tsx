/**
 * The consultation form, for /consultation and the home page: server markup only.
 *
 * Without JavaScript it is a plain POST to `action` (default /consultation):
 * the server validates and the page comes back with the values kept, the field
 * errors, the error summary and the message; this component renders that reply
 * from the action data. With JavaScript, the page does not hydrate React
 * (`handle = NO_HYDRATION`): the consultation island (app/islands/consultation-form.ts,
 * loaded by the islands bundle only on a page with this form) enhances this
 * markup. It checks the fields with the same zod schema as the server (loaded
 * when the visitor first focuses or points at the form, not with the page:
 * docs/decisions/095-form-pages-without-zod.md) and sends the trimmed, parsed
 * values as JSON to the API (the same server function), without a page reload
 * (docs/decisions/020-consultation-intake.md). So the ids, classes and the
 * notices' and error containers' markup here are what the island reads and
 * writes: change them together.
 *
 * The attributes are those Conform's getInputProps gave (id `${id}-${name}`,
 * `form`, `required` from CONSULTATION_CONSTRAINT, `aria-invalid` and
 * `aria-describedby` pointing at the field's error only when it has one), written
 * out so the page needs no Conform.
 *
 * On a page other than /consultation, link its stylesheet:
 *   export const links = () => [...consultationFormLinks()];
 */
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { InputHTMLAttributes } from "react";
import { ErrorSummary, FormToken } from "~/components/forms";
import { firm } from "~/config/firm";
import consultationStylesHref from "~/styles/consultation.css?url";
import { isFormData, noticeFor, practiceChoices, resolvePracticeArea, type Notice } from "../form-state";
import { CONSULTATION_CONSTRAINT, HONEYPOT_FIELD, MESSAGES, SENT_NEXT_STEPS } from "../constants";

export type { ConsultationFormData } from "../form-state";

export function consultationFormLinks() {
  return [{ rel: "stylesheet", href: consultationStylesHref }];
}

type FieldName = keyof typeof CONSULTATION_CONSTRAINT;

/** A reply's field errors (a refused plain POST): the fields with at least one message. */
function replyErrors(result: SubmissionResult<string[]> | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

export function ConsultationForm({
  action = "/consultation",
  preselect,
  sent = false,
  id = "consultation-form",
  formToken,
}: {
  /** Where the form posts; the route there must run the consultation action. */
  action?: string;
  /** A practice area to preselect (e.g. from ?service=). */
  preselect?: string;
  /** Show the success message (the page after a successful plain POST). */
  sent?: boolean;
  /** The form's id (unique on the page). */
  id?: string;
  /** A one-time token for the plain POST (not on edge-cached pages, where every visitor would share it). */
  formToken?: string;
}) {
  const location = useLocation();
  const actionData = useActionData();
  // Without JavaScript the page itself is the answer to the POST.
  const pageData = isFormData(actionData) ? actionData : undefined;
  const service = resolvePracticeArea(preselect);
  const notice: Notice | null = pageData
    ? noticeFor(pageData)
    : sent
      ? { tone: "success", text: MESSAGES.success }
      : null;
  // A sent request is told in the panel at the top of the form, not in the status line by the button.
  const sentNow = notice?.tone === "success";
  const errors = replyErrors(pageData?.result);
  // What was typed (a reply) or the preselected practice area; as Conform, the reply's values replace the defaults.
  const values: Record<string, unknown> = pageData?.result?.initialValue ?? { service };
  const text = (name: string) => {
    const value = values[name];
    // As Conform: an empty value is no value (no `value=""`, no `selected` on the placeholder option).
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const choices = practiceChoices(service, text("service"));

  /** A control's attributes as Conform's helpers wrote them (the island keeps `aria-*` up to date). */
  const control = (name: FieldName) => ({
    required: CONSULTATION_CONSTRAINT[name].required || undefined,
    id: `${id}-${name}`,
    name,
    form: id,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const field = (name: FieldName) => ({ control: control(name), errorId: `${id}-${name}-error`, errors: errors[name] });
  const formErrors = errors[""];

  return (
    <form
      method="post"
      action={action}
      className="form consultation-form"
      id={id}
      noValidate
      aria-describedby={formErrors ? `${id}-error` : undefined}
    >
      <SentPanel id={id} shown={sentNow} />
      <ErrorSummary errors={errors} idOf={(name) => `${id}-${name}`} />
      <p id={`${id}-required-note`} className="field__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      <RequiredInput {...field("name")} label="Name" type="text" autoComplete="name" defaultValue={text("name")} />
      <RequiredInput {...field("email")} label="Email" type="email" autoComplete="email" defaultValue={text("email")} />
      <RequiredInput
        {...field("phone")}
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+91 XXXXXXXXXX"
        defaultValue={text("phone")}
      />

      <div className="field">
        <label htmlFor={`${id}-service`}>
          Practice area <RequiredMark />
        </label>
        <select {...control("service")} defaultValue={text("service")}>
          <option value="">Select a practice area</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-service-error`} errors={errors.service} />
      </div>

      <div className="field">
        <label htmlFor={`${id}-message`}>Message (optional)</label>
        <textarea {...control("message")} defaultValue={text("message")} rows={5} />
        <FieldError id={`${id}-message-error`} errors={errors.message} />
      </div>

      {/* Only bots fill this: it is off-screen, out of the tab order and hidden from assistive technology. */}
      <div className="consultation-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Company</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" name="source" value={`${location.pathname}${location.search}`} />
      <FormToken value={formToken} />

      <div className="field">
        <div className="field--checkbox">
          <input {...control("consent")} type="checkbox" value="on" defaultChecked={values.consent === "on"} />
          <label htmlFor={`${id}-consent`}>
            I agree to the <Link to="/privacy">privacy notice</Link> and consent to {firm.name} using these details to
            respond to my request (Digital Personal Data Protection Act, 2023). <RequiredMark />
          </label>
        </div>
        <FieldError id={`${id}-consent-error`} errors={errors.consent} />
      </div>

      {/* The island writes its notices here: 'Sending…' and the success in the status, errors in the alert. */}
      <div className="consultation-form__notices">
        <p role="status" className="consultation-form__live"></p>
        <p role="alert" className={notice?.tone === "error" ? "alert alert--error" : "consultation-form__live"}>
          {notice?.tone === "error" ? notice.text : ""}
        </p>
      </div>

      <div>
        <button type="submit" className="button button--primary">
          Send Request
        </button>
      </div>
    </form>
  );
}

/**
 * What a visitor who has sent a request reads first: that it arrived and what happens next. The page
 * after a plain POST (`?sent=1#…-sent`) opens scrolled to it and focused; the island shows and focuses
 * this same markup after a JSON send, and hides it again when the next request starts.
 */
function SentPanel({ id, shown }: { id: string; shown: boolean }) {
  return (
    <section
      id={`${id}-sent`}
      className="consultation-sent alert alert--success"
      tabIndex={-1}
      aria-labelledby={`${id}-sent-title`}
      hidden={!shown}
      // Without JavaScript this is what focuses it on the page after sending (the page does not hydrate).
      autoFocus={shown || undefined}
    >
      <h2 id={`${id}-sent-title`} className="consultation-sent__title">
        Request sent
      </h2>
      <p>{MESSAGES.success}</p>
      <p>
        <strong>What happens next:</strong> {SENT_NEXT_STEPS} If it is urgent, call{" "}
        <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a>.
      </p>
    </section>
  );
}

/** A required input of the form: its label with the required mark, the input, its error. */
function RequiredInput({
  control,
  errorId,
  errors,
  label,
  type,
  ...rest
}: {
  control: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errorId: string;
  errors: string[] | undefined;
  label: string;
  type: "text" | "email" | "tel";
} & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "inputMode" | "placeholder" | "defaultValue">) {
  return (
    <div className="field">
      <label htmlFor={control.id}>
        {`${label} `}
        <RequiredMark />
      </label>
      <input {...control} type={type} {...rest} />
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="consultation-form__required" aria-hidden="true">
      *
    </span>
  );
}

/** A field's errors, next to it; the field points here with aria-describedby, and changes are announced. */
function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <div id={id} className="field__error" aria-live="polite">
      {errors?.join(" ")}
    </div>
  );
}
