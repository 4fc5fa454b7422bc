import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { ErrorSummary, FormMessage, FormToken, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";

/**
 * Conform over a staff form's schema (the records screens, the publishable kinds): the form of a new
 * item (`${idPrefix}-new`) or of `editing` (`${idPrefix}-${id}`), checked on submit by the same
 * schema as the action.
 */
export function useItemForm<S extends z.ZodObject>(
  schema: S,
  {
    idPrefix,
    editing,
    defaultValue,
    lastResult,
  }: {
    idPrefix: string;
    editing: { id: string } | null;
    defaultValue?: DefaultValue<z.input<S>>;
    lastResult?: SubmissionResult<string[]>;
  },
) {
  return useForm<z.input<S>, z.output<S>>({
    id: editing ? `${idPrefix}-${editing.id}` : `${idPrefix}-new`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The frame of a staff form over an item (useItemForm): the heading, the error summary and the
 * form's own errors, the edited item's id or a new item's one-time token, the fields (`children`),
 * then the submit button and, for an edit, Cancel.
 */
export function ItemForm<F extends Record<string, unknown>>({
  form,
  heading,
  editing,
  formToken,
  multipart = false,
  submitLabel,
  cancelTo,
  cancelClassName,
  children,
}: {
  form: FormMetadata<F, string[]>;
  heading: ReactNode;
  editing: { id: string } | null;
  formToken: string;
  /** A form with a file input. */
  multipart?: boolean;
  submitLabel: string;
  cancelTo: string;
  cancelClassName?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <SubmitOnceForm
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className="form card"
      {...getFormProps(form)}
    >
      <h2>{heading}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : <FormToken value={formToken} />}
      {children}
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>{" "}
        {editing ? (
          <Link to={cancelTo} className={cancelClassName}>
            Cancel
          </Link>
        ) : null}
      </p>
    </SubmitOnceForm>
  );
}
