/**
 * The consultation form, for /consultation and the home page.
 *
 * Without JavaScript it is a plain POST to `action` (default /consultation):
 * the server validates and the page comes back with the values kept and the
 * message shown. With JavaScript, Conform validates with the same zod schema
 * as the server and the browser sends the trimmed, parsed values as JSON to
 * the API (the same server function), without a page reload. The schema (and
 * zod) is loaded when the visitor first focuses or points at the form, not
 * with the page (docs/decisions/095-form-pages-without-zod.md). Not a fetcher:
 * a fetcher submission revalidates every loader on the page, and when the
 * network is down that revalidation fails into the error boundary, losing
 * the visitor's text instead of saying 'Server error. Please try again later.'
 * (docs/decisions/020-consultation-intake.md).
 *
 * On a page other than /consultation, link its stylesheet:
 *   export const links = () => [...consultationFormLinks()];
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Link, useActionData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { ErrorSummary, FormToken, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { firm } from "~/config/firm";
import consultationStylesHref from "~/styles/consultation.css?url";
import {
  CONSULTATION_API,
  isFormData,
  noticeFor,
  noticeForApiAnswer,
  practiceChoices,
  resolvePracticeArea,
  type Notice,
} from "../form-state";
import { CHANNEL_HEADER, CONSULTATION_CONSTRAINT, HONEYPOT_FIELD, MESSAGES, summaryMessage } from "../constants";
import type { ConsultationFormValue } from "../form-check";

type Check = (typeof import("../form-check"))["checkConsultationForm"];

let loadingCheck: Promise<Check> | null = null;

/** The form's check (zod and the schema): fetched once, when a visitor first needs it. */
function loadCheck(): Promise<Check> {
  loadingCheck ??= import("../form-check").then(
    (module) => module.checkConsultationForm,
    (error: unknown) => {
      loadingCheck = null;
      throw error;
    },
  );
  return loadingCheck;
}

export type { ConsultationFormData } from "../form-state";

export function consultationFormLinks() {
  return [{ rel: "stylesheet", href: consultationStylesHref }];
}

/** Leading spaces are removed while typing (docs/product.md#validation; not in the phone field). */
function dropLeadingSpaces(event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) {
  const input = event.currentTarget;
  const trimmed = input.value.replace(/^\s+/, "");
  if (trimmed !== input.value) input.value = trimmed;
}

function validatedFor(errors: Record<string, string[]>) {
  return Object.fromEntries(Object.keys(errors).map((name) => [name, true]));
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

  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() =>
    pageData ? noticeFor(pageData) : sent ? { tone: "success", text: MESSAGES.success } : null,
  );
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(pageData?.result);
  const submittedValid = useRef(false);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The check arrives when the visitor first focuses or points at the form; a submit that comes
  // before it waits for it and is then made again (`resubmit`).
  const [check, setCheck] = useState<Check | null>(null);
  const [resubmit, setResubmit] = useState(false);
  const prepareCheck = () => {
    if (check) return;
    loadCheck().then(
      (loaded) => setCheck(() => loaded),
      () => undefined,
    );
  };
  useEffect(() => {
    // After the render that gave Conform the check (its options are updated in a layout effect).
    if (!check || !resubmit) return;
    setResubmit(false);
    formRef.current?.requestSubmit();
  }, [check, resubmit]);

  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: CONSULTATION_CONSTRAINT,
    defaultValue: { service },
    ...VALIDATE_ON_SUBMIT,
    onValidate: check ? ({ formData }) => check(formData) : undefined,
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      submittedValid.current = true;
      if (!submission) {
        if (resubmit || sending.current) return;
        setResubmit(true);
        loadCheck().then(
          (loaded) => setCheck(() => loaded),
          () => {
            // The check could not be fetched: the network is down, so sending would fail too.
            setResubmit(false);
            setNotice({ tone: "error", text: MESSAGES.serverError });
          },
        );
        return;
      }
      // One request at a time, however often the button or Enter is pressed.
      if (submission.status !== "success" || sending.current) return;
      void send(submission.value, formData.get(HONEYPOT_FIELD));
    },
  });

  /**
   * The parsed values (trimmed, consent true) as JSON to the API, marked as the
   * site's form (held to the form's schema, stored as "web"); every outcome gets the product's message (docs/product.md#messages).
   */
  async function send(value: ConsultationFormValue, honeypot: FormDataEntryValue | null) {
    sending.current = true;
    setPending(true);
    setNotice(null);
    let answer: { status: number; body: unknown } | null = null;
    try {
      const response = await fetch(CONSULTATION_API, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", [CHANNEL_HEADER]: "web" },
        body: JSON.stringify({ ...value, [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : "" }),
      });
      answer = { status: response.status, body: await response.json().catch(() => null) };
    } catch {
      answer = null;
    }
    const outcome = noticeForApiAnswer(answer);
    sending.current = false;
    setPending(false);
    setNotice(outcome.notice);
    if (outcome.notice.tone === "success") form.reset();
    else if (outcome.errors)
      setLastResult({ status: "error", error: outcome.errors, state: { validated: validatedFor(outcome.errors) } });
  }

  const formProps = getFormProps(form);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submittedValid.current = false;
    const formElement = event.currentTarget;
    formProps.onSubmit(event);
    if (!submittedValid.current && check) {
      // Conform stopped it: say why, in the product's words.
      const result = check(new FormData(formElement));
      const message = result.status === "error" ? summaryMessage(result.error ?? {}) : null;
      if (message) setNotice({ tone: "error", text: message });
    }
  }

  const currentService = typeof fields.service.initialValue === "string" ? fields.service.initialValue : undefined;
  const choices = practiceChoices(service, currentService);
  const shownNotice: Notice | null = pending ? null : notice;

  const { key: serviceKey, ...serviceProps } = getSelectProps(fields.service);
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);
  const { key: consentKey, ...consentProps } = getInputProps(fields.consent, { type: "checkbox" });

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      className="form consultation-form"
      {...formProps}
      onSubmit={handleSubmit}
      onFocus={prepareCheck}
      onPointerDown={prepareCheck}
    >
      <ErrorSummary form={form} />
      <p id={`${id}-required-note`} className="field__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      <RequiredInput field={fields.name} label="Name" type="text" autoComplete="name" onInput={dropLeadingSpaces} />
      <RequiredInput field={fields.email} label="Email" type="email" autoComplete="email" onInput={dropLeadingSpaces} />
      <RequiredInput
        field={fields.phone}
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+91 XXXXXXXXXX"
      />

      <div className="field">
        <label htmlFor={fields.service.id}>
          Practice area <RequiredMark />
        </label>
        <select key={serviceKey} {...serviceProps}>
          <option value="">Select a practice area</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <FieldError id={fields.service.errorId} errors={fields.service.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.message.id}>Message (optional)</label>
        <textarea key={messageKey} {...messageProps} rows={5} onInput={dropLeadingSpaces} />
        <FieldError id={fields.message.errorId} errors={fields.message.errors} />
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
          <input key={consentKey} {...consentProps} />
          <label htmlFor={fields.consent.id}>
            I agree to the <Link to="/privacy">privacy notice</Link> and consent to {firm.name} using these details to
            respond to my request (Digital Personal Data Protection Act, 2023). <RequiredMark />
          </label>
        </div>
        <FieldError id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>

      <div className="consultation-form__notices">
        <p
          role="status"
          className={shownNotice?.tone === "success" ? "alert alert--success" : "consultation-form__live"}
        >
          {pending ? MESSAGES.sending : shownNotice?.tone === "success" ? shownNotice.text : ""}
        </p>
        <p role="alert" className={shownNotice?.tone === "error" ? "alert alert--error" : "consultation-form__live"}>
          {shownNotice?.tone === "error" ? shownNotice.text : ""}
        </p>
      </div>

      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Sending…" : "Send Request"}
        </button>
      </div>
    </form>
  );
}

/** A required input of the form: its label with the required mark, the input, its error. */
function RequiredInput<Schema, F extends Record<string, unknown>>({
  field,
  label,
  type,
  ...rest
}: {
  field: FieldMetadata<Schema, F, string[]>;
  label: string;
  type: "text" | "email" | "tel";
} & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "inputMode" | "placeholder" | "onInput">) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {`${label} `}
        <RequiredMark />
      </label>
      <input key={key} {...props} {...rest} />
      <FieldError id={field.errorId} errors={field.errors} />
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
