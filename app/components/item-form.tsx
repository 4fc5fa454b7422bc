import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
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
    /** The edited item; its `updatedAt` becomes the form's `version` when the schema has one (decision 105). */
    editing: { id: string; updatedAt?: string | Date } | null;
    defaultValue?: DefaultValue<z.input<S>>;
    lastResult?: SubmissionResult<string[]>;
  },
) {
  return useForm<z.input<S>, z.output<S>>({
    id: editing ? `${idPrefix}-${editing.id}` : `${idPrefix}-new`,
    lastResult,
    // Only for the kinds whose edits check it (their schema has the field).
    defaultValue:
      editing?.updatedAt && "version" in schema.shape
        ? ({ ...defaultValue, version: String(new Date(editing.updatedAt).getTime()) } as DefaultValue<z.input<S>>)
        : defaultValue,
    constraint: getZodConstraint(schema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The frame of a staff form over an item (useItemForm): the heading, the error summary and the
 * form's own errors, the edited item's id, the one-time form token, the fields (`children`),
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
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {/* Edits too: a double click without JavaScript sends the form twice, and the second, from the
          version the first just moved on, would be refused as someone else's save; with the token it
          waits for the first and leads where it did. */}
      <FormToken value={formToken} />
      <VersionInput initialValue={form.initialValue} />
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

/**
 * An edit's version (useItemForm's `version`): the one the form was opened at, also after a refused
 * save (the submitted value comes back), so a second click is refused too until the item is opened
 * again; controlled, so a form that stays mounted shows the value of its latest state.
 */
function VersionInput({ initialValue }: { initialValue: unknown }) {
  const version = (initialValue as { version?: unknown } | undefined)?.version;
  return typeof version === "string" && version ? <input type="hidden" name="version" value={version} /> : null;
}
