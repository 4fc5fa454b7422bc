import { useLocation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { SubmitOnceForm } from "~/components/forms";
import { Fragment, type ReactNode } from "react";

/**
 * A managed item's actions: Approve/Reject while it is pending, Edit, and
 * Delete. Delete asks first: with JavaScript a confirm() dialog; without it
 * the server answers "confirm-delete" with a confirmation step (DeleteConfirmation).
 */
export function ItemActions({
  id,
  label,
  pending,
  confirmText,
}: {
  id: string;
  label: string;
  pending?: boolean;
  confirmText: string;
}) {
  return (
    <>
      {pending ? <ReviewButtons id={id} label={label} /> : null}{" "}
      <Link to={`?edit=${id}`} aria-label={`Edit ${label}`}>
        Edit
      </Link>{" "}
      <DeleteButton id={id} label={label} confirmText={confirmText} />
    </>
  );
}

/** Delete with a confirmation: confirm() with JavaScript, the server's "confirm-delete" step (DeleteConfirmation) without. */
export function DeleteButton({ id, label, confirmText }: { id: string; label: string; confirmText: string }) {
  return (
    <ConfirmedButton
      id={id}
      value="delete"
      unconfirmed="confirm-delete"
      question={confirmText}
      label={`Delete ${label}`}
    >
      Delete
    </ConfirmedButton>
  );
}

/**
 * A submit button that names the form's intent (`name="intent"`), labelled for screen readers with
 * the item it acts on: Approve, Reject, Restore, Move to trash.
 */
export function IntentButton({
  intent,
  label,
  className,
  busy = false,
  children,
}: {
  intent: string;
  label: string;
  className: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy} aria-label={label}>
      {children}
    </button>
  );
}

export function DeleteConfirmation({
  id,
  label,
  message,
  cancelTo,
}: {
  id: string;
  label: string;
  message: string;
  cancelTo: string;
}) {
  return (
    <ConfirmationStep
      titleId="confirm-delete"
      question={message}
      about={<p>“{label}”</p>}
      id={id}
      intent="delete"
      buttonClass="button button--danger"
      action="Delete"
      cancelTo={cancelTo}
    />
  );
}

/** A step that asks before an action on an item: the question (and what it is about), the button, Cancel. */
function ConfirmationStep({
  titleId,
  question,
  about,
  id,
  intent,
  buttonClass,
  action,
  cancelTo,
}: {
  titleId: string;
  question: string;
  about?: ReactNode;
  id: string;
  intent: string;
  buttonClass: string;
  action: string;
  cancelTo: string;
}) {
  return (
    <div className="card" role="alertdialog" aria-labelledby={titleId}>
      <h2 id={titleId}>{question}</h2>
      {about}
      <SubmitOnceForm method="post">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value={intent} className={buttonClass}>
          {action}
        </button>{" "}
        <Link to={cancelTo}>Cancel</Link>
      </SubmitOnceForm>
    </div>
  );
}

/**
 * Approve and Reject for a pending item (a plain form POST with `intent`, so it works without JavaScript).
 * With `confirm` (a review that mails someone), each asks first, as Delete does: a confirm() dialog with
 * JavaScript; without it the button posts "confirm-approve" / "confirm-reject" and the server answers with
 * a confirmation step (ReviewConfirmation).
 */
export function ReviewButtons({
  id,
  label,
  busy = false,
  confirm,
}: {
  id: string;
  label: string;
  busy?: boolean;
  confirm?: { approve: string; reject: string };
}) {
  const buttons = REVIEWS.map(({ intent, text, className }, index) => (
    <Fragment key={intent}>
      {index ? " " : null}
      {confirm ? (
        <ConfirmedButton
          id={id}
          value={intent}
          unconfirmed={`confirm-${intent}`}
          question={confirm[intent]}
          label={`${text} ${label}`}
          className={className}
          busy={busy}
        >
          {text}
        </ConfirmedButton>
      ) : (
        <IntentButton intent={intent} label={`${text} ${label}`} className={className} busy={busy}>
          {text}
        </IntentButton>
      )}
    </Fragment>
  ));
  if (confirm) return <>{buttons}</>;
  return (
    <SubmitOnceForm method="post" className="inline-form">
      <input type="hidden" name="id" value={id} />
      {buttons}
    </SubmitOnceForm>
  );
}

const REVIEWS = [
  { intent: "approve", text: "Approve", className: "button button--primary" },
  { intent: "reject", text: "Reject", className: "button button--ghost" },
] as const;

/**
 * One item's button that asks first: with JavaScript it posts `name=value` once confirm(question)
 * is accepted (and nothing otherwise); without it, it posts `name=unconfirmed` and the server
 * answers with its confirmation step.
 */
export function ConfirmedButton({
  id,
  name = "intent",
  value,
  unconfirmed,
  question,
  label,
  className = "button button--ghost",
  busy,
  children,
}: {
  id: string;
  name?: string;
  value: string;
  unconfirmed: string;
  question: string;
  /** The button's accessible name (the action and the item). */
  label: string;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <SubmitOnceForm
      method="post"
      className="inline-form"
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem(name) as HTMLInputElement;
        if (!window.confirm(question)) {
          event.preventDefault();
          field.value = unconfirmed;
        } else field.value = value;
      }}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={name} value={unconfirmed} />
      <button type="submit" className={className} disabled={busy} aria-label={label}>
        {children}
      </button>
    </SubmitOnceForm>
  );
}

/** The no-JavaScript step before a review that mails someone: the question, the action, and Cancel. */
export function ReviewConfirmation({
  id,
  intent,
  question,
  action,
  cancelTo,
}: {
  id: string;
  intent: "approve" | "reject";
  question: string;
  action: string;
  cancelTo: string;
}) {
  return (
    <ConfirmationStep
      titleId="confirm-review"
      question={question}
      id={id}
      intent={intent}
      buttonClass={intent === "approve" ? "button button--primary" : "button button--danger"}
      action={action}
      cancelTo={cancelTo}
    />
  );
}

/**
 * The notices of a delete that moved an item to the trash (`?done=deleted&undo=<id>`): what happened,
 * with an Undo button (a plain form to /admin/trash/undo, so it works without JavaScript); after the
 * Undo, that the item is back, or why it could not be. Null for any other `?done=`.
 */
export function useTrashNotice(deleted: string): ReactNode {
  const [params] = useSearchParams();
  const location = useLocation();
  const done = params.get("done");
  const undo = params.get("undo");
  const what = params.get("what") ?? "";
  if (done === "deleted" && undo) {
    return (
      <div className="alert alert--success" role="status">
        {deleted}{" "}
        <SubmitOnceForm method="post" action="/admin/trash/undo" className="inline-form">
          <input type="hidden" name="id" value={undo} />
          <input type="hidden" name="returnTo" value={location.pathname} />
          <button type="submit" className="button button--ghost">
            Undo
          </button>
        </SubmitOnceForm>
      </div>
    );
  }
  if (done === "restored") {
    return (
      <p className="alert alert--success" role="status">
        Restored: “{what}” is back where it was.
      </p>
    );
  }
  if (done === "undo-refused") {
    return (
      <p className="alert alert--error" role="alert">
        Not restored: {what}
      </p>
    );
  }
  return null;
}
