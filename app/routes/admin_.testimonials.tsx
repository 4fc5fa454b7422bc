import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  IMAGE_ACCEPT,
  Notices,
  SavedNotice,
  useFormKey,
  VALIDATE_ON_SUBMIT,
  FormToken,
} from "~/components/forms";
import { DeleteConfirmation, ItemActions } from "~/components/moderation";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TESTIMONIAL_MESSAGES, TestimonialSchema } from "~/features/testimonials/schema";
import {
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonialsForAdmin,
  setTestimonialStatus,
  updateTestimonial,
} from "~/features/testimonials/testimonial-editor.server";
import { requireUser } from "~/lib/auth.server";
import { can } from "~/lib/permissions";
import { handleItemIntent } from "~/lib/moderation.server";
import { formAction } from "~/lib/form-action.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { pageMeta } from "~/lib/meta";
import { CurrentImage } from "~/components/current-image";
import { mediaUrl } from "~/lib/media";
import { listQuery } from "~/lib/pagination";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { PUBLICATION_STATUSES } from "../../db/enums";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const isAdmin = can(user, "testimonial:moderate");
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const savedId = url.searchParams.get("saved");
  const query = listQuery(url.searchParams, PUBLICATION_STATUSES);
  return {
    formToken: newFormToken(),
    isAdmin,
    lists: isAdmin ? await listTestimonialsForAdmin(context, query) : null,
    q: query.q,
    status: query.status ?? "",
    editing: isAdmin && editId ? ((await getTestimonial(context, editId)) ?? null) : null,
    deleting: isAdmin && deleteId ? ((await getTestimonial(context, deleteId)) ?? null) : null,
    saved: isAdmin && savedId ? await savedTestimonial(context, savedId) : null,
  };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const handled = await handleItemIntent(form, {
    basePath: "/admin/testimonials",
    remove: (itemId) => deleteTestimonial(context, user, itemId),
    review: (itemId, status) => setTestimonialStatus(context, user, itemId, status),
  });
  if (handled) return handled;
  return onceForm(context, form, () =>
    formAction(form, {
      schema: TestimonialSchema,
      fallback: id ? "Failed to update testimonial" : "Failed to add testimonial",
      run: async (value) => {
        if (id) {
          await updateTestimonial(context, user, id, value, form);
          return `/admin/testimonials?done=updated&saved=${encodeURIComponent(id)}`;
        }
        const row = await createTestimonial(context, user, value, form);
        return row.status === "published"
          ? `/admin/testimonials?done=published&saved=${encodeURIComponent(row.id)}`
          : "/admin/testimonials?done=submitted";
      },
    }),
  );
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Testimonials" }),
  { name: "robots", content: "noindex" },
];

/** The saved testimonial for the notice after a save: whose it is, and the public page once it is out. */
async function savedTestimonial(context: LoaderFunctionArgs["context"], id: string) {
  const row = await getTestimonial(context, id);
  if (!row) return null;
  return { clientName: row.clientName, href: row.status === "published" ? "/testimonial" : null };
}

/** Saves whose notice names the testimonial. */
const SAVED_VERB: Record<string, string> = { published: "published", updated: "updated" };

const DONE: Record<string, string> = {
  submitted: TESTIMONIAL_MESSAGES.pending,
  published: "Testimonial published.",
  updated: "Testimonial updated.",
  deleted: "Testimonial deleted.",
  approved: "Testimonial approved and published.",
  rejected: "Testimonial rejected.",
};

type Testimonial = NonNullable<Awaited<ReturnType<typeof loader>>["editing"]>;

function TestimonialForm({
  formToken,
  editing,
  lastResult,
}: {
  editing: Testimonial | null;
  lastResult?: SubmissionResult<string[]>;
  formToken: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `testimonial-${editing.id}` : "testimonial-new",
    lastResult,
    defaultValue: editing
      ? {
          clientName: editing.clientName,
          message: editing.message,
          submittedBy: editing.submittedBy ?? "",
          photoUrl: editing.photo?.startsWith("https://") ? editing.photo : "",
        }
      : undefined,
    constraint: getZodConstraint(TestimonialSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TestimonialSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
      <h2>{editing ? "Edit testimonial" : "New testimonial"}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : <FormToken value={formToken} />}
      <div className="field">
        <label htmlFor={fields.clientName.id}>Client name</label>
        <input {...getInputProps(fields.clientName, { type: "text" })} />
        <ErrorList id={fields.clientName.errorId} errors={fields.clientName.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.message.id}>Testimonial</label>
        <textarea {...getTextareaProps(fields.message)} rows={5} />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.submittedBy.id}>Submitted by (optional)</label>
        <input {...getInputProps(fields.submittedBy, { type: "text" })} />
        <ErrorList id={fields.submittedBy.errorId} errors={fields.submittedBy.errors} />
      </div>
      <CurrentImage src={mediaUrl(editing?.photo)} label="Current photo" />
      <Field
        label="Photo (JPEG, PNG, WebP or GIF, up to 5 MB)"
        inputProps={{ id: `${form.id}-photo`, name: "photo", type: "file", accept: IMAGE_ACCEPT }}
        errors={form.allErrors.photo}
      />
      <div className="field">
        <label htmlFor={fields.photoUrl.id}>…or a photo link (https://)</label>
        <input {...getInputProps(fields.photoUrl, { type: "url" })} />
        <ErrorList id={fields.photoUrl.errorId} errors={fields.photoUrl.errors} />
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {editing ? "Update testimonial" : "Submit testimonial"}
        </button>{" "}
        {editing ? <Link to="/admin/testimonials">Cancel</Link> : null}
      </p>
    </Form>
  );
}

function Rows({ items, pending, caption }: { items: Testimonial[]; pending?: boolean; caption: string }) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Client</th>
          <th scope="col">Testimonial</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row">{item.clientName}</th>
            <td>{item.message.length > 140 ? `${item.message.slice(0, 140)}…` : item.message}</td>
            <td>{item.status}</td>
            <td>
              <ItemActions
                id={item.id}
                label={`testimonial of ${item.clientName}`}
                pending={pending}
                confirmText={TESTIMONIAL_MESSAGES.confirmDelete}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ManageTestimonials() {
  const { formToken, isAdmin, lists, editing, deleting, saved, q, status } = useLoaderData<typeof loader>();
  const filtered = q !== "" || status !== "";
  const actionData = useActionData<ActionData>();
  const [params] = useSearchParams();
  const doneKey = params.get("done") ?? "";
  const verb = SAVED_VERB[doneKey];
  const done =
    saved && verb ? (
      <SavedNotice what="Testimonial of" name={saved.clientName} verb={verb} href={saved.href} />
    ) : (
      DONE[doneKey]
    );
  const formKey = useFormKey(editing?.id);
  const showForm = isAdmin || params.get("new") === "1" || Boolean(actionData?.result);
  return (
    <div className="page">
      <h1>Manage Testimonials</h1>
      <Notices success={done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={deleting.clientName}
          message={TESTIMONIAL_MESSAGES.confirmDelete}
          cancelTo="/admin/testimonials"
        />
      ) : null}
      {showForm ? (
        <TestimonialForm key={formKey} formToken={formToken} editing={editing} lastResult={actionData?.result} />
      ) : (
        <p>
          <Link className="button button--primary" to="?new=1">
            New
          </Link>{" "}
          Share your experience; the firm reviews testimonials before they are published.
        </p>
      )}
      {lists ? (
        <>
          <h2>Awaiting review</h2>
          {lists.pending.length === 0 ? (
            <p className="empty-state">
              {q ? "No testimonial awaiting review matches this search." : "Nothing awaits review."}
            </p>
          ) : (
            <Rows items={lists.pending} pending caption="Testimonials awaiting review" />
          )}
          <h2>All testimonials</h2>
          <ListSearch
            label="Search testimonials"
            q={q}
            status={status}
            statuses={PUBLICATION_STATUSES}
            name="testimonials"
          />
          {lists.all.items.length === 0 ? (
            <p className="empty-state">
              {filtered ? "No testimonials match these filters." : TESTIMONIAL_MESSAGES.empty}
            </p>
          ) : (
            <Rows items={lists.all.items} caption="All testimonials" />
          )}
          <Pager page={lists.all.page} pages={lists.all.pages} />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
