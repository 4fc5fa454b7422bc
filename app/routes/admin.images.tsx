import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  FormToken,
  Notices,
  VALIDATE_ON_SUBMIT,
  useFormKey,
  useRecordNotice,
  type SavedItem,
} from "~/components/forms";
import { DeleteConfirmation, ItemActions } from "~/components/moderation";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  KIND_LABELS,
  SITE_IMAGE_KINDS,
  SITE_IMAGE_MESSAGES,
  siteImageUrl,
  type SiteImage,
} from "~/features/site-images/site-images";
import { SiteImageSchema } from "~/features/site-images/schema";
import {
  createSiteImage,
  deleteSiteImage,
  getSiteImage,
  listSiteImagesPage,
  updateSiteImage,
} from "~/features/site-images/site-images.server";
import { pageMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";

const images = defineRecords({
  basePath: "/admin/images",
  permission: "site-images:manage",
  // The list's filter (?status=) is the kind.
  statuses: SITE_IMAGE_KINDS,
  list: (db, { status, ...query }) => listSiteImagesPage(db, { ...query, kind: status }),
  get: getSiteImage,
  create: createSiteImage,
  update: updateSiteImage,
  remove: deleteSiteImage,
});

export const loader = (args: LoaderFunctionArgs) => recordsPageData(args, images, savedImage);

/** Where a published image shows (the section of the page); an unpublished one shows nowhere yet. */
const SHOWN_AT: Record<SiteImage["kind"], string> = { gallery: "/about#gallery-title", accolade: "/#accolades-title" };

/** The saved image for the notice after a save: its caption, and where the site shows it. */
function savedImage(image: SiteImage): SavedItem {
  return { name: image.caption, href: image.published ? SHOWN_AT[image.kind] : null };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, images, {
    schema: SiteImageSchema,
    failed: { create: SITE_IMAGE_MESSAGES.saveFailed, update: SITE_IMAGE_MESSAGES.saveFailed },
  });

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Images" }),
  { name: "robots", content: "noindex" },
];

/** Saves whose notice names the image. */
const SAVED_VERB: Record<string, string> = { added: "added", updated: "updated" };

function ImageForm({
  formToken,
  editing,
  lastResult,
}: {
  formToken: string;
  editing: SiteImage | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `image-${editing.id}` : "image-new",
    lastResult,
    defaultValue: editing
      ? {
          kind: editing.kind,
          caption: editing.caption,
          description: editing.description,
          alt: editing.alt,
          sortOrder: String(editing.sortOrder),
          published: editing.published ? "on" : undefined,
        }
      : { kind: "gallery", sortOrder: "0", published: "on" },
    constraint: getZodConstraint(SiteImageSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteImageSchema }),
  });
  const imageErrors = (form.allErrors.image as string[] | undefined) ?? null;
  return (
    <Form method="post" encType="multipart/form-data" className="form card" {...getFormProps(form)}>
      <h2>{editing ? `Edit “${editing.caption}”` : "Add an image"}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : <FormToken value={formToken} />}
      <div className="field">
        <label htmlFor={fields.kind.id}>Shown in</label>
        <select {...getSelectProps(fields.kind)}>
          {SITE_IMAGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === "gallery" ? "Gallery (home and about pages)" : "Accolades (home page)"}
            </option>
          ))}
        </select>
        <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
      </div>
      <div className="field">
        <label htmlFor={`${form.id}-image`}>
          Image file (JPEG, PNG, WebP or SVG, up to 5 MB){editing ? "; leave empty to keep the current one" : ""}
        </label>
        <input
          id={`${form.id}-image`}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/svg+xml"
          required={!editing}
          aria-invalid={imageErrors?.length ? true : undefined}
          aria-describedby={`${form.id}-image-error`}
        />
        <ErrorList id={`${form.id}-image-error`} errors={imageErrors} />
      </div>
      <Field
        label="Caption (for an accolade: its title)"
        hint="Say what the picture is: a photograph of the office, or an illustration."
        inputProps={getInputProps(fields.caption, { type: "text" })}
        errors={fields.caption.errors}
      />
      <div className="field">
        <label htmlFor={fields.description.id}>Description (accolades only, optional)</label>
        <textarea {...getTextareaProps(fields.description)} rows={3} />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <Field
        label="Alt text"
        hint="What someone who cannot see the picture should hear, e.g. “Partners outside the Delhi High Court”."
        inputProps={getInputProps(fields.alt, { type: "text" })}
        errors={fields.alt.errors}
      />
      <Field
        label="Order (smaller numbers first)"
        inputProps={{ ...getInputProps(fields.sortOrder, { type: "number" }), inputMode: "numeric" }}
        errors={fields.sortOrder.errors}
      />
      <div className="field field--checkbox">
        <input {...getInputProps(fields.published, { type: "checkbox" })} />
        <label htmlFor={fields.published.id}>Published (shown on the site)</label>
        <ErrorList id={fields.published.errorId} errors={fields.published.errors} />
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {editing ? "Update image" : "Add image"}
        </button>{" "}
        {editing ? <Link to="/admin/images">Cancel</Link> : null}
      </p>
    </Form>
  );
}

export default function ManageImages() {
  const { formToken, list, q, status: kindFilter, editing, deleting, saved } = useLoaderData<typeof loader>();
  const { items: images, page, pages, totals } = list;
  const formKey = useFormKey(editing?.id);
  const actionData = useActionData<ActionData>();
  const done = useRecordNotice({ what: "Image", saved, verbs: SAVED_VERB, deleted: "Image deleted." });
  return (
    <section aria-labelledby="images-title">
      <h1 id="images-title">Manage Images</h1>
      <p>
        The gallery shows on the <Link to="/">home</Link> and <Link to="/about">about</Link> pages, the accolades on the
        home page, published images only, in order. While no image of a kind has been added, the site shows its
        placeholder illustrations.
      </p>
      <Notices success={done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={deleting.caption}
          message={SITE_IMAGE_MESSAGES.confirmDelete}
          cancelTo="/admin/images"
        />
      ) : null}
      <ImageForm key={formKey} formToken={formToken} editing={editing} lastResult={actionData?.result} />
      <ListSearch
        label="Search images (caption or alt text)"
        q={q}
        status={kindFilter}
        statuses={SITE_IMAGE_KINDS}
        statusLabel="Kind"
        allStatuses="All kinds"
        name="images"
      />
      {(q || kindFilter) && images.length === 0 ? <p className="empty-state">No image matches these filters.</p> : null}
      {SITE_IMAGE_KINDS.map((kind) => {
        const rows = images.filter((image) => image.kind === kind);
        // A kind another page or filter holds is left out; a kind without any image says the placeholders show.
        if (rows.length === 0 && (totals[kind] ?? 0) > 0) return null;
        if (rows.length === 0 && kindFilter && kindFilter !== kind) return null;
        return (
          <section key={kind} aria-labelledby={`images-${kind}`}>
            <h2 id={`images-${kind}`}>{kind === "gallery" ? "Gallery" : "Accolades"}</h2>
            {rows.length === 0 ? (
              <p>No {KIND_LABELS[kind].toLowerCase()} images yet: the site shows its placeholders.</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Image</th>
                    <th scope="col">Caption</th>
                    <th scope="col">Alt text</th>
                    <th scope="col">Order</th>
                    <th scope="col">Published</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((image) => (
                    <tr key={image.id}>
                      <td>
                        <img
                          className="admin-thumb"
                          src={siteImageUrl(image.thumbnail ?? image.image)}
                          alt=""
                          width={image.width}
                          height={image.height}
                          loading="lazy"
                        />
                        <span className="visually-hidden">
                          {image.width} × {image.height}
                        </span>
                      </td>
                      <th scope="row">{image.caption}</th>
                      <td>{image.alt}</td>
                      <td>{image.sortOrder}</td>
                      <td>{image.published ? "Yes" : "No"}</td>
                      <td>
                        <ItemActions
                          id={image.id}
                          label={image.caption}
                          confirmText={SITE_IMAGE_MESSAGES.confirmDelete}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
      <Pager page={page} pages={pages} label="Image pages" />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
