/**
 * The consultation form's behaviour without React (the markup: ConsultationForm in
 * app/features/consultation/components/consultation-form.tsx, which reads nothing back from here).
 * Part of the islands bundle (app/islands/islands.ts), which starts it on every consultation form of the
 * page. What it does is what the React form did with Conform (tests/e2e/consultation.spec.ts is the
 * contract):
 *
 * - leading spaces are dropped while typing in the name, email and message (not the phone);
 * - the check (zod and the schema, ../features/consultation/form-check.ts) is fetched when the visitor
 *   first focuses or points at the form; a submit before it arrives waits for it, then is checked; if it
 *   cannot be fetched the network is down, so the form says the server-error message;
 * - every submit is checked (messages change only on submit, never on blur or input): a refused one
 *   shows each field's error, `aria-invalid`, the error summary (focused) and the product's message;
 * - a valid one sends the parsed values as JSON to the API, one request at a time, 'Sending…' meanwhile,
 *   and every answer gets the product's message (noticeForApiAnswer); a success resets the form and
 *   shows and focuses the form's "Request sent" panel.
 *
 * Not a fetcher, not a page post: see docs/decisions/020-consultation-intake.md.
 */
// Before zod is loaded (with the check): zod must not try `new Function`, which the CSP forbids.
import "~/lib/zod-config";
import {
  CHANNEL_HEADER,
  CONSULTATION_CONSTRAINT,
  HONEYPOT_FIELD,
  MESSAGES,
  summaryMessage,
} from "~/features/consultation/constants";
import { CONSULTATION_API, noticeForApiAnswer, type Notice } from "~/features/consultation/form-state";
import type { ConsultationFormValue } from "~/features/consultation/form-check";

type Check = (typeof import("~/features/consultation/form-check"))["checkConsultationForm"];
type Errors = Record<string, readonly string[] | null | undefined>;

let loadingCheck: Promise<Check> | null = null;

/** The form's check (zod and the schema): fetched once, when a visitor first needs it; a failure may be retried. */
function loadCheck(): Promise<Check> {
  loadingCheck ??= import("~/features/consultation/form-check").then(
    (module) => module.checkConsultationForm,
    (error: unknown) => {
      loadingCheck = null;
      throw error;
    },
  );
  return loadingCheck;
}

/** The fields whose leading spaces go while typing (docs/product.md#validation; not the phone). */
const TRIMMED_WHILE_TYPING = ["name", "email", "message"] as const;
/** The fields with an id, an error container and `aria-*` to keep up to date (the schema's fields). */
const FIELDS = Object.keys(CONSULTATION_CONSTRAINT);

/** What a refused submit or the server reported, field by field: only the fields with a message. */
function fieldErrors(errors: Errors): Array<[string, string[]]> {
  return Object.entries(errors)
    .map(([name, messages]): [string, string[]] => [name, (messages ?? []).filter(Boolean)])
    .filter(([, messages]) => messages.length > 0);
}

/** A link of the error summary: it focuses its field (and scrolls it into view) instead of jumping. */
function enhanceSummaryLink(link: HTMLAnchorElement) {
  link.addEventListener("click", (event) => {
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: "center" });
  });
}

export function enhanceConsultationForm(form: HTMLFormElement) {
  const id = form.id;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector<HTMLElement>('.consultation-form__notices [role="status"]');
  const alert = form.querySelector<HTMLElement>('.consultation-form__notices [role="alert"]');
  const sentPanel = document.getElementById(`${id}-sent`);
  const byId = <T extends HTMLElement>(name: string) => document.getElementById(`${id}-${name}`) as T | null;
  let check: Check | null = null;
  let waitingForCheck = false;
  let sending = false;

  // A refused plain post (JavaScript arrived after it) came back with a summary: its links work as ours.
  form.querySelectorAll<HTMLAnchorElement>(".error-summary a[href^='#']").forEach(enhanceSummaryLink);

  for (const name of TRIMMED_WHILE_TYPING) {
    byId<HTMLInputElement | HTMLTextAreaElement>(name)?.addEventListener("input", (event) => {
      const input = event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
      const trimmed = input.value.replace(/^\s+/, "");
      if (trimmed !== input.value) input.value = trimmed;
    });
  }

  const prepareCheck = () => {
    if (check) return;
    loadCheck().then(
      (loaded) => (check = loaded),
      () => undefined,
    );
  };
  form.addEventListener("focusin", prepareCheck);
  form.addEventListener("pointerdown", prepareCheck);

  /** The notices under the fields: 'Sending…' or a success in the status line, an error in the alert. */
  function showNotice(notice: Notice | null, pending = false) {
    if (status) status.textContent = pending ? MESSAGES.sending : "";
    // A success is the panel at the top of the form (the same markup as the page after a plain POST).
    if (sentPanel) {
      sentPanel.hidden = notice?.tone !== "success";
      if (!sentPanel.hidden) sentPanel.focus();
    }
    if (alert) {
      alert.className = notice?.tone === "error" ? "alert alert--error" : "consultation-form__live";
      alert.textContent = notice?.tone === "error" ? notice.text : "";
    }
    if (button) {
      button.disabled = pending;
      button.textContent = pending ? "Sending…" : "Send Request";
    }
  }

  /**
   * Each field's errors next to it (the field then `aria-invalid` and described by them) and the error
   * summary at the top, as ErrorSummary (app/components/forms.tsx) renders it; the summary takes focus.
   * No errors: every message and the summary go.
   */
  function showErrors(errors: Errors) {
    const entries = fieldErrors(errors);
    const byName = new Map(entries);
    for (const name of FIELDS) {
      const control = byId(name);
      const container = byId(`${name}-error`);
      const messages = byName.get(name);
      if (container) container.textContent = messages?.join(" ") ?? "";
      if (!control) continue;
      if (messages) {
        control.setAttribute("aria-invalid", "true");
        control.setAttribute("aria-describedby", `${id}-${name}-error`);
      } else {
        control.removeAttribute("aria-invalid");
        control.removeAttribute("aria-describedby");
      }
    }
    // A form-level error (e.g. a form sent twice) describes the form, as Conform's form props did.
    if (byName.has("")) form.setAttribute("aria-describedby", `${id}-error`);
    else form.removeAttribute("aria-describedby");

    form.querySelector(".error-summary")?.remove();
    const items = entries.filter(([name]) => name !== "");
    if (items.length === 0) return;
    const summary = document.createElement("div");
    summary.className = "error-summary";
    summary.setAttribute("role", "group");
    summary.tabIndex = -1;
    summary.setAttribute("aria-labelledby", `${id}-error-summary-title`);
    const title = document.createElement("h2");
    title.id = `${id}-error-summary-title`;
    title.className = "error-summary__title";
    title.textContent = "There is a problem";
    const list = document.createElement("ul");
    list.className = "error-summary__list";
    for (const [name, messages] of items) {
      for (const message of messages) {
        const link = document.createElement("a");
        link.href = `#${id}-${name}`;
        link.textContent = message;
        enhanceSummaryLink(link);
        list.appendChild(document.createElement("li")).appendChild(link);
      }
    }
    summary.appendChild(title);
    summary.appendChild(list);
    form.insertBefore(summary, form.firstChild);
    summary.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (check) {
      submit(check);
      return;
    }
    // The check has not arrived: this submit waits for it (and a second one meanwhile adds nothing).
    if (waitingForCheck || sending) return;
    waitingForCheck = true;
    loadCheck().then(
      (loaded) => {
        check = loaded;
        waitingForCheck = false;
        submit(loaded);
      },
      () => {
        // The check could not be fetched: the network is down, so sending would fail too.
        waitingForCheck = false;
        showNotice({ tone: "error", text: MESSAGES.serverError });
      },
    );
  });

  function submit(check: Check) {
    const formData = new FormData(form);
    const submission = check(formData);
    if (submission.status !== "success") {
      // Refused: say why, at each field and in the product's words.
      const errors = submission.error ?? {};
      showErrors(errors);
      const message = summaryMessage(errors);
      if (message) showNotice({ tone: "error", text: message });
      return;
    }
    showErrors({});
    // One request at a time, however often the button or Enter is pressed.
    if (sending) return;
    void send(submission.value, formData.get(HONEYPOT_FIELD));
  }

  /**
   * The parsed values (trimmed, consent true) as JSON to the API, marked as the site's form (held to
   * the form's schema, stored as "web"); every outcome gets the product's message (docs/product.md#messages).
   */
  async function send(value: ConsultationFormValue, honeypot: FormDataEntryValue | null) {
    sending = true;
    showNotice(null, true);
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
    sending = false;
    showNotice(outcome.notice);
    if (outcome.notice.tone === "success") reset();
    else if (outcome.errors) showErrors(outcome.errors);
  }

  /**
   * Ready for another request, as Conform's reset left it: no errors, the fields empty and the practice
   * area back to its default (the one the page preselected, e.g. from ?service=). The text fields and
   * the consent are emptied too, not only reset: after a refused plain post (JavaScript came late) their
   * defaults are what was typed.
   */
  function reset() {
    form.reset();
    for (const name of ["name", "email", "phone", "message"]) {
      const control = byId<HTMLInputElement | HTMLTextAreaElement>(name);
      if (control) control.value = "";
    }
    const consent = byId<HTMLInputElement>("consent");
    if (consent) consent.checked = false;
    showErrors({});
  }
}
