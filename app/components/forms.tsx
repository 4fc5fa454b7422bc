/**
 * Form primitives shared by every feature: a labelled field with its hint and
 * errors wired for screen readers, a checkbox, and the form-level error list.
 * Pair them with Conform's getInputProps (which sets id, name, aria-invalid
 * and aria-describedby to `${id}-error` style ids via the field metadata).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useId } from "react";

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
    return (
      <div id={id} className="alert alert--error" role="alert">
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
