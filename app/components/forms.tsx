/**
 * Form primitives shared by every feature: a labelled field with its hint and
 * errors wired for screen readers, a checkbox, and the form-level error list.
 * Pair them with Conform's getInputProps (which sets id, name, aria-invalid
 * and aria-describedby to `${id}-error` style ids via the field metadata).
 */
import type { FieldMetadata } from "@conform-to/react";
import { Form, useActionData, useLocation, useNavigation, useSearchParams, type FormProps } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useId, useRef, type FormEvent } from "react";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";

/**
 * Conform options every form shares: a message appears or changes only when the form is
 * submitted, never on blur or input, so nothing moves between pointer-down and click.
 */
export const VALIDATE_ON_SUBMIT = { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" } as const;

/**
 * One request per save: with JavaScript, a second submit of the form while the first is on its way (a
 * double click, Enter pressed twice) sends nothing. The submit button's `disabled` follows the navigation
 * state, which Remix updates in a transition, so on a busy device it comes after a quick second click.
 * Pass the form's own submit handler (Conform's, or the form's check): a submit it refuses does not count.
 * The guard lifts when the navigation ends: the state is idle again, or the location or action data
 * changed (a transition may never show the intermediate states). Without JavaScript the form token
 * (FormToken below) saves a resent form once.
 */
function useSubmitOnce(onSubmit?: (event: FormEvent<HTMLFormElement>) => void) {
  const idle = useNavigation().state === "idle";
  const { key } = useLocation();
  const actionData = useActionData();
  const sent = useRef(false);
  useEffect(() => {
    if (idle) sent.current = false;
  }, [idle, key, actionData]);
  return (event: FormEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented) return;
    if (sent.current) event.preventDefault();
    else sent.current = true;
  };
}

/**
 * Remix's `<Form>` sending one request per save (`useSubmitOnce` around its own `onSubmit`): the form of
 * anything that changes something, so a double click or Enter pressed twice never sends it twice (a
 * second role grant would answer 'Already a teacher', a second restore a 409).
 */
export function SubmitOnceForm({ onSubmit, ...props }: FormProps) {
  const guarded = useSubmitOnce(onSubmit);
  return <Form {...props} onSubmit={guarded} />;
}

/** The `accept` of an image upload (the server checks the bytes too: app/lib/uploads.server.ts). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  return (
    <div id={id} className="field__error" aria-live="polite">
      {list.length ? (
        <ul className="error-list">
          {list.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement>;

export function Field({
  label,
  hint,
  inputProps,
  errors,
}: {
  label: React.ReactNode;
  hint?: React.ReactNode;
  inputProps: InputProps;
  errors?: string[] | null;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId ?? `${id}-error`} errors={errors} />
    </div>
  );
}

type ErrorRecord = Record<string, string[] | null | undefined>;

/**
 * The error summary at the top of a form after a refused submit (GOV.UK pattern): "There is a
 * problem" and each field's error as a link to the field. It takes focus after every refused submit
 * (with JavaScript: when it appears, when its errors change, and when a submit is refused again with
 * the same errors; without it the page is rendered with the summary first in the form, autofocused). Pass a Conform form (`form.allErrors`; a field's id is `${form.id}-${name}`), or a plain
 * record of field errors with `idOf`. Form-level errors (key "") stay in FormMessage.
 */
export function ErrorSummary({
  form,
  errors,
  idOf,
  title = "There is a problem",
}: {
  form?: { id: string; allErrors: ErrorRecord };
  errors?: ErrorRecord | null;
  idOf?: (name: string) => string;
  title?: string;
}) {
  const record = errors ?? form?.allErrors ?? {};
  const targetId = idOf ?? ((name: string) => `${form?.id}-${name}`);
  const items = Object.entries(record)
    .filter(([name]) => name !== "")
    .flatMap(([name, list]) =>
      (list ?? []).filter(Boolean).map((message) => ({ id: targetId(name), message, key: `${name}\n${message}` })),
    );
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const signature = items.map((item) => item.key).join("\n");
  // A new reply from the server, even one with the very same errors, is a new refusal to announce.
  const reply = useActionData();
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature, reply]);
  useEffect(() => {
    // A submit of this summary's form refused in the browser with the same errors changes nothing
    // above: after the submit's own updates, the summary (if still shown) takes focus again.
    const onSubmit = (event: Event) => {
      const summary = ref.current;
      if (!summary || !(event.target instanceof HTMLFormElement) || !event.target.contains(summary)) return;
      setTimeout(() => ref.current?.focus(), 0);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  if (!items.length) return null;
  return (
    // autoFocus: the server's HTML says it too (`autofocus`), so without JavaScript the page that
    // comes back from a refused post starts at the summary rather than at the top of the page.
    // role="group": a plain div may not be named (ARIA), so without it "There is a problem" was no name at all.
    <div ref={ref} className="error-summary" role="group" tabIndex={-1} aria-labelledby={titleId} autoFocus>
      <h2 id={titleId} className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                const target = document.getElementById(item.id);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: "center" });
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form-level message area: errors (role=alert) or a success status. */
export function FormMessage({
  id,
  errors,
  success,
}: {
  id?: string;
  errors?: string[] | null;
  success?: string | null;
}) {
  if (errors?.length) {
    // autofocus (in the server's HTML): without JavaScript the page a refused post brings back starts
    // here, as it starts at an ErrorSummary (the first autofocus on a page wins). With JavaScript React
    // only focuses a newly mounted element, and this one replaces the empty region in place.
    return (
      <div id={id} className="alert alert--error" role="alert" tabIndex={-1} autoFocus>
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    );
  }
  if (success) {
    return (
      <div id={id} className="alert alert--success" role="status">
        {success}
      </div>
    );
  }
  return <div id={id} aria-live="polite" />;
}

/** A page's outcome messages: what just succeeded (role=status) and what was refused (role=alert). */
export function Notices({ success, error }: { success?: React.ReactNode; error?: string | null }) {
  return (
    <>
      {success ? (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      ) : null}
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export type { FieldMetadata };

/**
 * A form's React key: the edited record's id, or, for a new record, "new"; either changes after each
 * successful save (the action redirects with `?done=`), so with JavaScript the form is rendered
 * afresh from the loader: a new-record form empty, an edit form with the values as saved (React
 * would otherwise keep the inputs as typed across the redirect).
 */
export function useFormKey(editingId?: string | null) {
  const location = useLocation();
  const base = editingId || "new";
  return new URLSearchParams(location.search).has("done") ? `${base}-${location.key}` : base;
}

/** The notice after a save that names what was saved, with a link to it when it can be seen: 'Article "X" published. View it'. */
export function SavedNotice({
  what,
  name,
  verb,
  href,
}: {
  what: string;
  name: string;
  verb: string;
  href?: string | null;
}) {
  return (
    <>
      {what} “{name}” {verb}.
      {href ? (
        <>
          {" "}
          <Link to={href}>View it</Link>
        </>
      ) : null}
    </>
  );
}

/** What a save's notice names: the saved item's name and where it can be seen (null: nowhere yet). */
export type SavedItem = { name: string; href: string | null };

/**
 * The notice after a save, read from the page address the action redirected to
 * (app/lib/saved-location.ts): `?done=` says what happened; when the loader found the `?saved=`
 * item and `verbs` has a verb for what happened, the notice names the item and links to it
 * (SavedNotice); otherwise it is the plain message `messages` has for it (or nothing).
 */
export function useSavedNotice({
  what,
  saved,
  verbs,
  messages,
}: {
  what: string;
  saved?: SavedItem | null;
  verbs: Record<string, string>;
  messages: Record<string, string>;
}): React.ReactNode {
  const [params] = useSearchParams();
  const done = params.get("done") ?? "";
  const verb = verbs[done];
  if (saved && verb) return <SavedNotice what={what} name={saved.name} verb={verb} href={saved.href} />;
  return messages[done] ?? null;
}

/**
 * The notice of a records screen (founders, services, images, sub-services): after a save, the
 * saved item named with `verbs` ('Founder “X” added.'), or `<what> <verb>.` when it is not found;
 * after a delete, `deleted`.
 */
export function useRecordNotice({
  what,
  saved,
  verbs,
  deleted,
}: {
  what: string;
  saved?: SavedItem | null;
  /** What each save's `?done=` says, e.g. { added: "added", updated: "updated" }. */
  verbs: Record<string, string>;
  deleted: string;
}): React.ReactNode {
  const messages: Record<string, string> = { deleted };
  for (const [done, verb] of Object.entries(verbs)) messages[done] = `${what} ${verb}.`;
  return useSavedNotice({ what, saved, verbs, messages });
}

/**
 * A create form's one-time token (from the loader's `newFormToken()`): the server saves a form
 * once per token, so a second click or a resend creates nothing more (app/lib/form-token.server.ts).
 */
export function FormToken({ value }: { value?: string | null }) {
  return value ? <input type="hidden" name={FORM_TOKEN_FIELD} value={value} /> : null;
}
