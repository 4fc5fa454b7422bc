import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

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
    <Form
      method="post"
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(confirmText)) event.preventDefault();
        else (event.currentTarget.elements.namedItem("intent") as HTMLInputElement).value = "delete";
      }}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value="confirm-delete" />
      <button type="submit" className="button button--ghost" aria-label={`Delete ${label}`}>
        Delete
      </button>
    </Form>
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
    <div className="card" role="alertdialog" aria-labelledby="confirm-delete">
      <h2 id="confirm-delete">{message}</h2>
      <p>“{label}”</p>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="delete" className="button button--danger">
          Delete
        </button>{" "}
        <Link to={cancelTo}>Cancel</Link>
      </Form>
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
  if (confirm) {
    return (
      <>
        <ConfirmedIntent id={id} intent="approve" question={confirm.approve}>
          <button type="submit" className="button button--primary" disabled={busy} aria-label={`Approve ${label}`}>
            Approve
          </button>
        </ConfirmedIntent>{" "}
        <ConfirmedIntent id={id} intent="reject" question={confirm.reject}>
          <button type="submit" className="button button--ghost" disabled={busy} aria-label={`Reject ${label}`}>
            Reject
          </button>
        </ConfirmedIntent>
      </>
    );
  }
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="approve"
        className="button button--primary"
        disabled={busy}
        aria-label={`Approve ${label}`}
      >
        Approve
      </button>{" "}
      <button
        type="submit"
        name="intent"
        value="reject"
        className="button button--ghost"
        disabled={busy}
        aria-label={`Reject ${label}`}
      >
        Reject
      </button>
    </Form>
  );
}

/** A form that posts `intent` once confirm(question) is accepted, and `confirm-{intent}` without JavaScript. */
function ConfirmedIntent({
  id,
  intent,
  question,
  children,
}: {
  id: string;
  intent: string;
  question: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className="inline-form"
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem("intent") as HTMLInputElement;
        if (!window.confirm(question)) {
          event.preventDefault();
          field.value = `confirm-${intent}`;
        } else field.value = intent;
      }}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={`confirm-${intent}`} />
      {children}
    </Form>
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
    <div className="card" role="alertdialog" aria-labelledby="confirm-review">
      <h2 id="confirm-review">{question}</h2>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value={intent}
          className={intent === "approve" ? "button button--primary" : "button button--danger"}
        >
          {action}
        </button>{" "}
        <Link to={cancelTo}>Cancel</Link>
      </Form>
    </div>
  );
}
