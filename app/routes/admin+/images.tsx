import { getInputProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TextArea } from "~/components/conform-fields";
import { ErrorList, Field, type SavedItem } from "~/components/forms";
import { ItemForm, useItemForm } from "~/components/item-form";
import { ItemTable, type ItemColumn } from "~/components/item-table";
import { RecordsScreen, type RecordFormProps } from "~/components/records-screen";
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
  type EditedSiteImage,
  listSiteImagesPage,
  updateSiteImage,
} from "~/features/site-images/site-images.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";

const records = defineRecords({
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

export const loader = (args: LoaderFunctionArgs) => recordsPageData(args, records, savedImage);

/** Where a published image shows (the section of the page); an unpublished one shows nowhere yet. */
const SHOWN_AT: Record<SiteImage["kind"], string> = { gallery: "/about#gallery-title", accolade: "/#accolades-title" };

/** The saved image for the notice after a save: its caption, and where the site shows it. */
function savedImage(image: SiteImage): SavedItem {
  return { name: image.caption, href: image.published ? SHOWN_AT[image.kind] : null };
}

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, records, {
    schema: SiteImageSchema,
    failed: { create: SITE_IMAGE_MESSAGES.saveFailed, update: SITE_IMAGE_MESSAGES.saveFailed },
  });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Images" }));

function ImageForm({ formToken, editing, lastResult }: RecordFormProps<EditedSiteImage>) {
  const [form, fields] = useItemForm(SiteImageSchema, {
    idPrefix: "image",
    editing,
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
  });
  const imageErrors = (form.allErrors.image as string[] | undefined) ?? null;
  return (
    <ItemForm
      form={form}
      heading={editing ? `Edit “${editing.caption}”` : "Add an image"}
      editing={editing}
      formToken={formToken}
      multipart
      submitLabel={editing ? "Update image" : "Add image"}
      cancelTo="/admin/images"
    >
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
      <TextArea field={fields.description} label="Description (accolades only, optional)" />
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
    </ItemForm>
  );
}

// The caption heads each row.
const COLUMNS: ItemColumn<SiteImage>[] = [
  {
    header: "Image",
    cell: (image) => (
      <>
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
      </>
    ),
  },
  { header: "Caption", cell: (image) => image.caption },
  { header: "Alt text", cell: (image) => image.alt },
  { header: "Order", cell: (image) => image.sortOrder },
  { header: "Published", cell: (image) => (image.published ? "Yes" : "No") },
];

export default function ManageImages() {
  const { list, q, status: kindFilter, ...data } = useLoaderData<typeof loader>();
  const { items: images, totals } = list;
  return (
    <RecordsScreen
      id="images-title"
      title="Manage Images"
      intro={
        <p>
          The gallery shows on the <Link to="/">home</Link> and <Link to="/about">about</Link> pages, the accolades on
          the home page, published images only, in order. While no image of a kind has been added, the site shows its
          placeholder illustrations.
        </p>
      }
      basePath="/admin/images"
      notice={{ what: "Image", deleted: "Image deleted." }}
      data={data}
      nameOf={(image) => image.caption}
      confirmDelete={SITE_IMAGE_MESSAGES.confirmDelete}
      form={ImageForm}
    >
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
              <ItemTable
                items={rows}
                columns={COLUMNS}
                rowHeader={1}
                actionLabel={(image) => image.caption}
                confirmDelete={SITE_IMAGE_MESSAGES.confirmDelete}
              />
            )}
          </section>
        );
      })}
      <Pager page={list.page} pages={list.pages} label="Image pages" />
    </RecordsScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
