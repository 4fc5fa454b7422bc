import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { ErrorList, Field, FormMessage } from "~/components/forms";
import { SubServiceSchema } from "../sub-service-schema";

export type UploadLimits = { pdf: string; pdfBytes: number; video: string; videoBytes: number };

/**
 * The browser's early check of the chosen files (type and cap), so nobody
 * uploads 600 MB to be told it is too large. The server checks again, by content.
 */
function clientSchema(limits: UploadLimits) {
  const file = (maxBytes: number, label: string, typeMessage: string, accepts: (file: File) => boolean) =>
    z.any().superRefine((value, ctx) => {
      if (typeof File === "undefined" || !(value instanceof File) || value.size === 0) return;
      if (!accepts(value)) ctx.addIssue({ code: "custom", message: typeMessage });
      else if (value.size > maxBytes) ctx.addIssue({ code: "custom", message: `The file is too large: the limit is ${label}.` });
    });
  const isPdf = (value: File) => value.type === "application/pdf" || value.name.toLowerCase().endsWith(".pdf");
  return SubServiceSchema.extend({
    syllabus: file(limits.pdfBytes, limits.pdf, "The file must be a PDF file.", isPdf),
    questions: file(limits.pdfBytes, limits.pdf, "The file must be a PDF file.", isPdf),
    video: file(limits.videoBytes, limits.video, "The file must be a video (MP4, WebM, Ogg or QuickTime).", (value) => value.type.startsWith("video/")),
  });
}

/** Create a sub-service: a plain multipart POST without JavaScript, Conform-validated with it. */
export function SubServiceForm({ serviceId, limits, lastResult }: { serviceId: string; limits: UploadLimits; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const schema = useMemo(() => clientSchema(limits), [limits]);
  const [form, fields] = useForm({
    id: "sub-service-new",
    lastResult,
    constraint: getZodConstraint(SubServiceSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const hasErrors = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <Form method="post" encType="multipart/form-data" className="form card sub-service-form" aria-labelledby="sub-service-form-title" {...getFormProps(form)}>
      <h2 id="sub-service-form-title">Add a sub-service</h2>
      <FormMessage id={form.errorId} errors={form.errors} />
      <input type="hidden" name="serviceId" value={serviceId} />
      <div className="field">
        <label htmlFor={fields.title.id}>Title</label>
        <input {...getInputProps(fields.title, { type: "text" })} />
        <ErrorList id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.description.id}>Description (optional)</label>
        <textarea {...getTextareaProps(fields.description)} rows={4} />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      {hasErrors ? <p className="field__hint">Files are not kept after an error: choose them again.</p> : null}
      <Field
        label="Syllabus (optional)"
        hint={`A PDF, up to ${limits.pdf}.`}
        inputProps={{ ...getInputProps(fields.syllabus, { type: "file" }), accept: "application/pdf,.pdf" }}
        errors={fields.syllabus.errors}
      />
      <Field
        label="Questions (optional)"
        hint={`A PDF, up to ${limits.pdf}.`}
        inputProps={{ ...getInputProps(fields.questions, { type: "file" }), accept: "application/pdf,.pdf" }}
        errors={fields.questions.errors}
      />
      <Field
        label="Video (optional)"
        hint={`Any video file (MP4, WebM, Ogg, QuickTime), up to ${limits.video}.`}
        inputProps={{ ...getInputProps(fields.video, { type: "file" }), accept: "video/*" }}
        errors={fields.video.errors}
      />
      <div className="field">
        <label htmlFor={fields.youtubeLink.id}>Shared-video link (optional)</label>
        <input {...getInputProps(fields.youtubeLink, { type: "text" })} placeholder="https://www.youtube.com/watch?v=…" aria-describedby={`${fields.youtubeLink.id}-hint`} />
        <p id={`${fields.youtubeLink.id}-hint`} className="field__hint">
          A YouTube watch?v= or youtu.be link is shown as an embedded video.
        </p>
        <ErrorList id={fields.youtubeLink.errorId} errors={fields.youtubeLink.errors} />
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={uploading} aria-busy={uploading || undefined}>
          {uploading ? "Uploading…" : "Create sub-service"}
        </button>
        {uploading ? (
          <span role="status" className="sub-service-form__status">
            {" "}
            Uploading the files; large videos take a while.
          </span>
        ) : null}
      </p>
    </Form>
  );
}
