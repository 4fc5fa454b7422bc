import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useState, type FormEvent } from "react";
import { ErrorList, ErrorSummary, Field, FormMessage, SubmitOnceForm } from "~/components/forms";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";
import {
  fileProblem,
  SUB_SERVICE_FILE_FIELDS,
  SUB_SERVICE_MESSAGES,
  type SubServiceFileField,
  type UploadLimits,
} from "../sub-service-rules";

type Errors = Record<string, string[] | null | undefined>;

const FORM_ID = "sub-service-new";
const fieldId = (name: string) => `${FORM_ID}-${name}`;
const errorId = (name: string) => `${fieldId(name)}-error`;

/** What the PDF inputs and the video input take (the browser's check: sub-service-rules.ts). */
const KINDS = {
  pdf: { accept: "application/pdf,.pdf", takes: (limits: UploadLimits) => `A PDF, up to ${limits.pdf}.` },
  video: {
    accept: "video/*",
    takes: (limits: UploadLimits) => `Any video file (MP4, WebM, Ogg, QuickTime), up to ${limits.video}.`,
  },
};

/** Each file input: its label, its kind, and what its current file is called on an edit. */
const FILE_INPUTS: Record<SubServiceFileField, { label: string; kind: keyof typeof KINDS; current: string }> = {
  syllabus: { label: "Syllabus (optional)", kind: "pdf", current: "the syllabus PDF" },
  questions: { label: "Questions (optional)", kind: "pdf", current: "the questions PDF" },
  video: { label: "Video (optional)", kind: "video", current: "the video" },
};

/** The sub-service being edited: its saved text and links to its current files. */
export type EditedSubService = {
  id: string;
  title: string;
  description: string;
  youtubeLink: string;
  syllabusUrl: string | null;
  questionsUrl: string | null;
  videoUrl: string | null;
  servicePath: string;
  /** Its version when the page was opened (decision 105). */
  version: number;
};

/**
 * Create a sub-service: a plain multipart POST, with or without JavaScript.
 * The server answers errors in Conform's SubmissionResult shape (the action
 * validates with SubServiceSchema). With JavaScript the browser first checks
 * the title and the chosen files' types and caps (sub-service-rules.ts), so
 * this public page ships neither zod nor Conform.
 */
export function SubServiceForm({
  serviceId,
  limits,
  lastResult,
  editing,
  formToken,
}: {
  serviceId: string;
  limits: UploadLimits;
  lastResult?: SubmissionResult<string[]>;
  /** Edit this sub-service instead of creating one: a file chosen replaces its current one. */
  editing?: EditedSubService;
  /** The one-time form token: in the form's address, since the server reads the body's fields only after its files. */
  formToken: string;
}) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const errors: Errors = clientErrors ?? lastResult?.error ?? {};
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const saved: Record<string, string> = editing
    ? { title: editing.title, description: editing.description, youtubeLink: editing.youtubeLink }
    : {};
  const text = (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : (saved[name] ?? ""));
  const current = (url: string | null, what: string) =>
    editing ? (
      url ? (
        <>
          {" "}
          Current: <a href={url}>{what}</a>. Choose a file to replace it.
        </>
      ) : (
        " None yet."
      )
    ) : null;
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const serverErrors = Boolean(lastResult?.error && Object.values(lastResult.error).some((list) => list?.length));

  function check(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    if (!String(data.get("title") ?? "").trim()) found.title = [SUB_SERVICE_MESSAGES.titleRequired];
    for (const field of SUB_SERVICE_FILE_FIELDS) {
      const file = data.get(field);
      const problem = file instanceof File ? fileProblem(field, file, limits) : null;
      if (problem) found[field] = [problem];
    }
    const invalid = Object.keys(found);
    setClientErrors(invalid.length ? found : null);
    // The error summary at the top takes focus and links to each field.
    if (invalid.length) event.preventDefault();
  }

  const invalidProps = (name: string) =>
    errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};

  return (
    <SubmitOnceForm
      method="post"
      action={`${editing ? `/admin/services/${editing.servicePath}?edit=${encodeURIComponent(editing.id)}&` : "?"}${FORM_TOKEN_FIELD}=${encodeURIComponent(formToken)}`}
      encType="multipart/form-data"
      className="form card sub-service-form"
      id={FORM_ID}
      aria-labelledby="sub-service-form-title"
      noValidate
      onSubmit={check}
    >
      <h2 id="sub-service-form-title">{editing ? `Edit “${editing.title}”` : "Add a sub-service"}</h2>
      <ErrorSummary errors={errors} idOf={fieldId} />
      <FormMessage id={`${FORM_ID}-error`} errors={errors[""]} />
      <input type="hidden" name="serviceId" value={serviceId} />
      {editing ? (
        // After a refused save, the version it was sent with: a second click is refused too until the
        // sub-service is opened again (decision 105).
        <input type="hidden" name="version" value={text("version") || String(editing.version)} />
      ) : null}
      <div className="field">
        <label htmlFor={fieldId("title")}>Title</label>
        <input
          id={fieldId("title")}
          name="title"
          type="text"
          required
          maxLength={200}
          defaultValue={text("title")}
          {...invalidProps("title")}
        />
        <ErrorList id={errorId("title")} errors={errors.title} />
      </div>
      <div className="field">
        <label htmlFor={fieldId("description")}>Description (optional)</label>
        <textarea
          id={fieldId("description")}
          name="description"
          rows={4}
          maxLength={5000}
          defaultValue={text("description")}
          {...invalidProps("description")}
        />
        <ErrorList id={errorId("description")} errors={errors.description} />
      </div>
      {serverErrors ? <p className="field__hint">Files are not kept after an error: choose them again.</p> : null}
      {SUB_SERVICE_FILE_FIELDS.map((name) => {
        const { label, kind, current: currentFile } = FILE_INPUTS[name];
        return (
          <Field
            key={name}
            label={label}
            hint={
              <>
                {KINDS[kind].takes(limits)}
                {current(editing?.[`${name}Url` as const] ?? null, currentFile)}
              </>
            }
            inputProps={{ id: fieldId(name), name, type: "file", accept: KINDS[kind].accept }}
            errors={errors[name]}
          />
        );
      })}
      <div className="field">
        <label htmlFor={fieldId("youtubeLink")}>Shared-video link (optional)</label>
        <input
          id={fieldId("youtubeLink")}
          name="youtubeLink"
          type="text"
          maxLength={500}
          defaultValue={text("youtubeLink")}
          placeholder="https://www.youtube.com/watch?v=…"
          aria-describedby={[`${fieldId("youtubeLink")}-hint`, errors.youtubeLink?.length ? errorId("youtubeLink") : ""]
            .filter(Boolean)
            .join(" ")}
          aria-invalid={errors.youtubeLink?.length ? true : undefined}
        />
        <p id={`${fieldId("youtubeLink")}-hint`} className="field__hint">
          A YouTube watch?v= or youtu.be link is shown as an embedded video.
        </p>
        <ErrorList id={errorId("youtubeLink")} errors={errors.youtubeLink} />
      </div>
      <p>
        <button
          type="submit"
          className="button button--primary"
          disabled={uploading}
          aria-busy={uploading || undefined}
        >
          {uploading ? "Uploading…" : editing ? "Save sub-service" : "Create sub-service"}
        </button>
        {editing && !uploading ? (
          <>
            {" "}
            <Link to={`/admin/services/${editing.servicePath}`} className="button button--ghost">
              Cancel
            </Link>
          </>
        ) : null}
        {uploading ? (
          <span role="status" className="sub-service-form__status">
            {" "}
            Uploading the files; large videos take a while.
          </span>
        ) : null}
      </p>
    </SubmitOnceForm>
  );
}
