/**
 * The consultation form, for /consultation and the home page.
 *
 * Without JavaScript it is a plain POST to `action` (default /consultation):
 * the server validates and the page comes back with the values kept and the
 * message shown. With JavaScript, Conform validates with the same zod schema
 * as the server and a fetcher sends it without a page reload.
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
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { firm } from "~/config/firm";
import { PRACTICE_AREAS } from "~/config/practice-areas";
import consultationStylesHref from "~/styles/consultation.css?url";
import { ConsultationSchema, HONEYPOT_FIELD, MESSAGES, summaryMessage } from "../schema";

/** What the /consultation action (and its clientAction) answers. */
export type ConsultationFormData = {
  status: "success" | "error";
  message: string;
  result?: SubmissionResult<string[]>;
};

export type Notice = { tone: "success" | "error"; text: string };

export function consultationFormLinks() {
  return [{ rel: "stylesheet", href: consultationStylesHref }];
}

function isFormData(value: unknown): value is ConsultationFormData {
  return typeof value === "object" && value !== null && "status" in value && "message" in value;
}

/** The message for an answer from the server (spec section 8). */
export function noticeFor(data: unknown): Notice {
  if (isFormData(data) && data.status === "success") return { tone: "success", text: MESSAGES.success };
  if (isFormData(data) && data.status === "error" && typeof data.message === "string" && data.message) {
    return { tone: "error", text: data.message };
  }
  return { tone: "error", text: MESSAGES.noSuccess };
}

/** The practice area a link asked for, matched to the configured list regardless of case. */
export function resolvePracticeArea(value: string | null | undefined): string {
  const wanted = (value ?? "").replace(/\s+/g, " ").trim().slice(0, 120);
  if (!wanted) return "";
  return PRACTICE_AREAS.find((area) => area.toLowerCase() === wanted.toLowerCase()) ?? wanted;
}

/** The select's choices: the configured areas, plus any other value asked for (spec section 5). */
export function practiceChoices(...extra: Array<string | undefined>): string[] {
  const choices: string[] = [...PRACTICE_AREAS];
  for (const value of extra) if (value && !choices.includes(value)) choices.push(value);
  return choices;
}

/** Leading spaces are removed while typing (spec section 5; not in the phone field). */
function dropLeadingSpaces(event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) {
  const input = event.currentTarget;
  const trimmed = input.value.replace(/^\s+/, "");
  if (trimmed !== input.value) input.value = trimmed;
}

/** The values as sent: every text value trimmed (spec section 5). */
function trimmedFormData(formData: FormData) {
  const result = new FormData();
  for (const [key, value] of formData.entries()) result.append(key, typeof value === "string" ? value.trim() : value);
  return result;
}

export function ConsultationForm({
  action = "/consultation",
  preselect,
  id = "consultation-form",
}: {
  /** Where the form posts; the route there must run the consultation action. */
  action?: string;
  /** A practice area to preselect (e.g. from ?service=). */
  preselect?: string;
  /** The form's id (unique on the page). */
  id?: string;
}) {
  const location = useLocation();
  const fetcher = useFetcher<ConsultationFormData>({ key: `consultation:${id}` });
  const actionData = useActionData();
  // Without JavaScript the page itself is the answer to the POST.
  const pageData = isFormData(actionData) ? actionData : undefined;
  const data = fetcher.data ?? pageData;
  const pending = fetcher.state !== "idle";
  const service = resolvePracticeArea(preselect);

  const [notice, setNotice] = useState<Notice | null>(() => (pageData ? noticeFor(pageData) : null));
  const submittedValid = useRef(false);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) setNotice(noticeFor(fetcher.data));
  }, [fetcher.state, fetcher.data]);

  const [form, fields] = useForm({
    id,
    lastResult: pending ? undefined : data?.result,
    constraint: getZodConstraint(ConsultationSchema),
    defaultValue: { service },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConsultationSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      submittedValid.current = true;
      setNotice(null);
      fetcher.submit(trimmedFormData(formData), { method: "post", action });
    },
  });

  const formProps = getFormProps(form);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submittedValid.current = false;
    const formElement = event.currentTarget;
    formProps.onSubmit(event);
    if (!submittedValid.current) {
      // Conform stopped it: say why, as the spec words it.
      const check = parseWithZod(new FormData(formElement), { schema: ConsultationSchema });
      const message = check.status === "error" ? summaryMessage(check.error ?? {}) : null;
      if (message) setNotice({ tone: "error", text: message });
    }
  }

  const currentService = typeof fields.service.initialValue === "string" ? fields.service.initialValue : undefined;
  const choices = practiceChoices(service, currentService);
  const shownNotice: Notice | null = pending ? null : notice;

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: phoneKey, ...phoneProps } = getInputProps(fields.phone, { type: "tel" });
  const { key: serviceKey, ...serviceProps } = getSelectProps(fields.service);
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);
  const { key: consentKey, ...consentProps } = getInputProps(fields.consent, { type: "checkbox" });

  return (
    <fetcher.Form
      method="post"
      action={action}
      className="form consultation-form"
      {...formProps}
      onSubmit={handleSubmit}
    >
      <p id={`${id}-required-note`} className="field__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      <div className="field">
        <label htmlFor={fields.name.id}>
          Name <RequiredMark />
        </label>
        <input key={nameKey} {...nameProps} autoComplete="name" onInput={dropLeadingSpaces} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.email.id}>
          Email <RequiredMark />
        </label>
        <input key={emailKey} {...emailProps} autoComplete="email" onInput={dropLeadingSpaces} />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.phone.id}>
          Phone <RequiredMark />
        </label>
        <input key={phoneKey} {...phoneProps} autoComplete="tel" inputMode="tel" placeholder="+91 XXXXXXXXXX" />
        <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
      </div>

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
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="source" value={`${location.pathname}${location.search}`} />

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
        <p role="status" className={shownNotice?.tone === "success" ? "alert alert--success" : "consultation-form__live"}>
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
    </fetcher.Form>
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
