import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  IMAGE_ACCEPT,
  Notices,
  VALIDATE_ON_SUBMIT,
  useFormKey,
  useRecordNotice,
  FormToken,
} from "~/components/forms";
import { DeleteConfirmation, ItemActions } from "~/components/moderation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  createFaculty,
  deleteFaculty,
  getFacultyMember,
  listFacultyPage,
  updateFaculty,
  type FacultyMember,
} from "~/features/faculty/faculty.server";
import { FACULTY_MESSAGES, FacultySchema } from "~/features/faculty/schema";
import { mediaUrl } from "~/lib/media";
import { pageMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";
import { CurrentImage } from "~/components/current-image";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";

const founders = defineRecords({
  basePath: "/admin/founders",
  permission: "faculty:manage",
  list: listFacultyPage,
  get: getFacultyMember,
  create: createFaculty,
  update: updateFaculty,
  remove: deleteFaculty,
});

// The saved founder's notice names it and links to the public page that lists founders.
export const loader = (args: LoaderFunctionArgs) =>
  recordsPageData(args, founders, (row) => ({ name: row.name, href: "/founders" }));

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, founders, {
    schema: FacultySchema,
    failed: { create: "Failed to add faculty", update: "Failed to update faculty" },
  });

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Founders" }),
  { name: "robots", content: "noindex" },
];

/** Saves whose notice names the founder. */
const SAVED_VERB: Record<string, string> = { added: "added", updated: "updated" };

function FounderForm({
  formToken,
  editing,
  lastResult,
}: {
  editing: FacultyMember | null;
  lastResult?: SubmissionResult<string[]>;
  formToken: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `founder-${editing.id}` : "founder-new",
    lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          subject: editing.subject,
          specialization: editing.specialization,
          services: editing.services.join(", "),
          description: editing.description,
          imageUrl: editing.image?.startsWith("https://") ? editing.image : "",
        }
      : undefined,
    constraint: getZodConstraint(FacultySchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FacultySchema }),
  });
  const photo = mediaUrl(editing?.image);
  return (
    <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
      <h2>{editing ? `Edit ${editing.name}` : "Add a founder"}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : <FormToken value={formToken} />}
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        errors={fields.name.errors}
      />
      <Field
        label="Subject"
        inputProps={getInputProps(fields.subject, { type: "text" })}
        errors={fields.subject.errors}
      />
      <Field
        label="Specialization (optional)"
        inputProps={getInputProps(fields.specialization, { type: "text" })}
        errors={fields.specialization.errors}
      />
      <Field
        label="Services (comma separated)"
        inputProps={{
          ...getInputProps(fields.services, { type: "text" }),
          placeholder: "Contract drafting, Arbitration",
        }}
        errors={fields.services.errors}
      />
      <div className="field">
        <label htmlFor={fields.description.id}>Description (optional)</label>
        <textarea {...getTextareaProps(fields.description)} rows={4} />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <CurrentImage src={mediaUrl(editing?.image)} label="Current photo" />
      <Field
        label={`Photo (JPEG, PNG, WebP or GIF, up to 5 MB)${photo ? "; leave empty to keep the current one" : ""}`}
        inputProps={{ id: `${form.id}-image`, name: "image", type: "file", accept: IMAGE_ACCEPT }}
        errors={form.allErrors.image}
      />
      <Field
        label="…or a photo link (https://)"
        inputProps={getInputProps(fields.imageUrl, { type: "url" })}
        errors={fields.imageUrl.errors}
      />
      {photo ? (
        <div className="field field--checkbox">
          <input
            {...getInputProps(fields.removeImage, { type: "checkbox" })}
            aria-describedby={`${fields.removeImage.id}-hint ${fields.removeImage.errorId}`}
          />
          <label htmlFor={fields.removeImage.id}>Remove the photo</label>
          <p id={`${fields.removeImage.id}-hint`} className="field__hint">
            The founder&apos;s card then shows the neutral silhouette.
          </p>
          <ErrorList id={fields.removeImage.errorId} errors={fields.removeImage.errors} />
        </div>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {editing ? "Update founder" : "Add founder"}
        </button>{" "}
        {editing ? <Link to="/admin/founders">Cancel</Link> : null}
      </p>
    </Form>
  );
}

export default function ManageFounders() {
  const { formToken, list, q, editing, deleting, saved } = useLoaderData<typeof loader>();
  const { items: founders, page, pages } = list;
  const formKey = useFormKey(editing?.id);
  const actionData = useActionData<ActionData>();
  const done = useRecordNotice({ what: "Founder", saved, verbs: SAVED_VERB, deleted: "Founder deleted." });
  return (
    <section aria-labelledby="founders-title">
      <h1 id="founders-title">Manage Founders</h1>
      <p>
        Founders appear on <Link to="/founders">/founders</Link> in this order.
      </p>
      <Notices success={done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={deleting.name}
          message={FACULTY_MESSAGES.confirmDelete}
          cancelTo="/admin/founders"
        />
      ) : null}
      <FounderForm key={formKey} formToken={formToken} editing={editing} lastResult={actionData?.result} />
      <h2>Founders</h2>
      <ListSearch label="Search founders" q={q} name="founders" />
      {founders.length === 0 ? (
        <p className="empty-state">{q ? "No founders match this search." : FACULTY_MESSAGES.empty}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Subject</th>
              <th scope="col">Services</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {founders.map((founder) => (
              <tr key={founder.id}>
                <th scope="row">{founder.name}</th>
                <td>{founder.subject}</td>
                <td>{founder.services.join(", ")}</td>
                <td>
                  <ItemActions id={founder.id} label={founder.name} confirmText={FACULTY_MESSAGES.confirmDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pages={pages} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
