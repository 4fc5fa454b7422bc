import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TextArea } from "~/components/conform-fields";
import { ErrorList, Field, IMAGE_ACCEPT } from "~/components/forms";
import { ItemForm, useItemForm } from "~/components/item-form";
import { ItemTable, type ItemColumn } from "~/components/item-table";
import { RecordsScreen, type RecordFormProps } from "~/components/records-screen";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  createFaculty,
  deleteFaculty,
  getFacultyMember,
  listFacultyPage,
  updateFaculty,
  type FacultyMember,
} from "~/features/faculty/faculty.server";
import { FACULTY_MESSAGES, FacultyFormSchema } from "~/features/faculty/schema";
import { mediaUrl } from "~/lib/media";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";
import { CurrentImage } from "~/components/current-image";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";

const records = defineRecords({
  basePath: "/admin/founders",
  permission: "faculty:manage",
  list: listFacultyPage,
  get: getFacultyMember,
  create: createFaculty,
  update: updateFaculty,
  remove: deleteFaculty,
  trash: true,
});

// The saved founder's notice names it and links to the public page that lists founders.
export const loader = (args: LoaderFunctionArgs) =>
  recordsPageData(args, records, (row) => ({ name: row.name, href: "/founders" }));

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, records, {
    schema: FacultyFormSchema,
    failed: { create: "Failed to add faculty", update: "Failed to update faculty" },
  });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Founders" }));

function FounderForm({ formToken, editing, lastResult }: RecordFormProps<FacultyMember>) {
  const [form, fields] = useItemForm(FacultyFormSchema, {
    idPrefix: "founder",
    editing,
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
  });
  const photo = mediaUrl(editing?.image);
  return (
    <ItemForm
      form={form}
      heading={editing ? `Edit ${editing.name}` : "Add a founder"}
      editing={editing}
      formToken={formToken}
      multipart
      submitLabel={editing ? "Update founder" : "Add founder"}
      cancelTo="/admin/founders"
    >
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
      <TextArea field={fields.description} label="Description (optional)" rows={4} />
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
    </ItemForm>
  );
}

const COLUMNS: ItemColumn<FacultyMember>[] = [
  { header: "Name", cell: (founder) => founder.name },
  { header: "Subject", cell: (founder) => founder.subject },
  { header: "Services", cell: (founder) => founder.services.join(", ") },
];

export default function ManageFounders() {
  const { list, q, ...data } = useLoaderData<typeof loader>();
  return (
    <RecordsScreen
      id="founders-title"
      title="Manage Founders"
      intro={
        <p>
          Founders appear on <Link to="/founders">/founders</Link> in this order.
        </p>
      }
      basePath="/admin/founders"
      notice={{ what: "Founder", deleted: "Founder moved to the trash.", trash: true }}
      data={data}
      nameOf={(founder) => founder.name}
      confirmDelete={FACULTY_MESSAGES.confirmDelete}
      form={FounderForm}
    >
      <h2>Founders</h2>
      <ListSearch label="Search founders" q={q} name="founders" />
      {list.items.length === 0 ? (
        <p className="empty-state">{q ? "No founders match this search." : FACULTY_MESSAGES.empty}</p>
      ) : (
        <ItemTable
          items={list.items}
          columns={COLUMNS}
          actionLabel={(founder) => founder.name}
          confirmDelete={FACULTY_MESSAGES.confirmDelete}
        />
      )}
      <Pager page={list.page} pages={list.pages} />
    </RecordsScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
