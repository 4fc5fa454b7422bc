import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { TextField } from "~/components/conform-fields";
import { CurrentImage } from "~/components/current-image";
import { ErrorList, Field, IMAGE_ACCEPT } from "~/components/forms";
import { ItemForm } from "~/components/item-form";
import { mediaUrl } from "~/lib/media";

/** The image part of a publishable kind's form: the file input's name and the texts. */
export type ImageTexts = {
  /** The file input's name (as the server reads it). */
  fileField: string;
  current: string;
  file: string;
  link: string;
  /** The "Remove image" checkbox: what shows instead once removed. */
  remove: string;
};

/**
 * The shell of a publishable kind's form (articles, testimonials): the heading, the error summary,
 * the one-time token (new) or the id (edit), the kind's own fields (`children`), the current image
 * with replace (a file or a link) and remove, and the submit button.
 */
export function PublishableForm<F extends Record<string, unknown>>({
  form,
  noun,
  editing,
  formToken,
  image,
  imageUrl,
  removeImage,
  submitLabel,
  cancelTo,
  children,
}: {
  form: FormMetadata<F, string[]>;
  /** "article", "testimonial": the heading's noun. */
  noun: string;
  editing: { id: string; image: string | null } | null;
  formToken: string;
  image: ImageTexts;
  /** The link field and the "Remove image" checkbox. */
  imageUrl: FieldMetadata<unknown, F, string[]>;
  removeImage: FieldMetadata<boolean | undefined, F, string[]>;
  submitLabel: string;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <ItemForm
      form={form}
      heading={editing ? `Edit ${noun}` : `New ${noun}`}
      editing={editing}
      formToken={formToken}
      multipart
      submitLabel={submitLabel}
      cancelTo={cancelTo}
    >
      {children}
      <CurrentImage src={mediaUrl(editing?.image)} label={image.current} />
      {editing?.image ? (
        <>
          <div className="field field--checkbox">
            <input {...getInputProps(removeImage, { type: "checkbox" })} />
            <label htmlFor={removeImage.id}>{image.remove}</label>
          </div>
          <ErrorList id={removeImage.errorId} errors={removeImage.errors} />
        </>
      ) : null}
      <Field
        label={image.file}
        inputProps={{ id: `${form.id}-${image.fileField}`, name: image.fileField, type: "file", accept: IMAGE_ACCEPT }}
        errors={form.allErrors[image.fileField]}
      />
      <TextField field={imageUrl} label={image.link} type="url" />
    </ItemForm>
  );
}
