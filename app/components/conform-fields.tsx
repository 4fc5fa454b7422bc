/**
 * A Conform field as a labelled input or textarea with its errors, for the forms built with Conform
 * (the staff editors, the teacher application). Its own module: the forms that ship without Conform
 * (the public sub-service form) import app/components/forms.tsx, which stays free of Conform's code.
 */
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "./forms";

/** A labelled text input (or email, tel, date, datetime-local, url) with its errors. */
export function TextField<Schema, F extends Record<string, unknown>>({
  field,
  label,
  type = "text",
  ...rest
}: {
  field: FieldMetadata<Schema, F, string[]>;
  label: string;
  type?: "text" | "email" | "tel" | "date" | "datetime-local" | "url";
  autoComplete?: string;
  /** A datetime-local's precision: "any" takes the seconds and milliseconds a stored moment has. */
  step?: string;
  placeholder?: string;
}) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input key={key} {...props} {...rest} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled textarea with its errors. */
export function TextArea<Schema, F extends Record<string, unknown>>({
  field,
  label,
  rows = 3,
}: {
  field: FieldMetadata<Schema, F, string[]>;
  label: string;
  rows?: number;
}) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} rows={rows} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
