import { Form, Link } from "@remix-run/react";

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

/** Approve and Reject for a pending item (a plain form POST with `intent`, so it works without JavaScript). */
export function ReviewButtons({ id, label, busy = false }: { id: string; label: string; busy?: boolean }) {
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
