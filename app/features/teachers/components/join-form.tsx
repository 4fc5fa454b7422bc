import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { forwardRef } from "react";
import { TextArea, TextField } from "~/components/conform-fields";
import {
  ErrorList,
  ErrorSummary,
  FormMessage,
  FormToken,
  SubmitOnceForm,
  VALIDATE_ON_SUBMIT,
} from "~/components/forms";
import type { z } from "zod";
import { CHOOSE_CV_AGAIN, CV_ACCEPT, JOIN_CONSTRAINT } from "../constants";
import type { JoinSchema } from "../schema";

/**
 * The application form. Without JavaScript it is a plain multipart POST to
 * /join-us; with it, Remix submits it without a page reload. Either way the
 * server checks it (the action's zod schema, the CV's content) and Conform shows
 * its answer: the page loads no zod (docs/decisions/095-form-pages-without-zod.md).
 * The accepted rules travel with the form, and the server requires them.
 */
export const JoinForm = forwardRef<
  HTMLHeadingElement,
  {
    lastResult?: SubmissionResult<string[]>;
    /** One-time token: a double submit stores one application. */ formToken?: string;
  }
>(function JoinForm({ lastResult, formToken }, headingRef) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/join-us";
  const [form, fields] = useForm<z.input<typeof JoinSchema>>({
    id: "join-form",
    lastResult,
    constraint: JOIN_CONSTRAINT,
    ...VALIDATE_ON_SUBMIT,
  });

  return (
    <SubmitOnceForm
      method="post"
      action="/join-us"
      encType="multipart/form-data"
      className="form card join-form"
      {...getFormProps(form)}
    >
      <FormToken value={formToken} />
      <h2 ref={headingRef} tabIndex={-1}>
        Your application
      </h2>
      <p className="field__hint">Every field is required.</p>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      <input type="hidden" name={fields.acceptRules.name} value="yes" />
      <ErrorList id={fields.acceptRules.errorId} errors={fields.acceptRules.errors} />

      <TextField field={fields.fullName} label="Full name" autoComplete="name" />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField
        field={fields.phoneNumber}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        placeholder="+91 XXXXXXXXXX"
      />
      <TextField field={fields.subjectToTeach} label="Subject you want to teach" />
      <TextField field={fields.educationalQualification} label="Educational qualification" />
      <TextField field={fields.previousWorkPlace} label="Previous workplace" autoComplete="organization" />
      <TextArea field={fields.workExperience} label="Work experience" rows={4} />
      <TextArea field={fields.reason} label="Why do you want to teach with us?" rows={4} />

      <div className="field">
        <label htmlFor={fields.cv.id}>CV (.pdf, .doc or .docx, up to 10 MB)</label>
        <input {...getInputProps(fields.cv, { type: "file" })} key={fields.cv.key} accept={CV_ACCEPT} />
        <ErrorList id={fields.cv.errorId} errors={fields.cv.errors} />
        {/* A page the server sends back cannot hold the chosen file: without JavaScript the field comes
            back empty. Shown (teachers.css) only while the field has no file, so not when JavaScript
            kept the page and its file. */}
        {lastResult?.status === "error" && !fields.cv.errors?.length ? (
          <p className="field__error join-form__cv-again">{CHOOSE_CV_AGAIN}</p>
        ) : null}
      </div>

      <p>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? "Submitting…" : "Submit application"}
        </button>
      </p>
    </SubmitOnceForm>
  );
});
