import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { SERVICE_ICONS } from "../../../db/enums";
import { ErrorList, Field } from "~/components/forms";
import { ItemForm, useItemForm } from "~/components/item-form";
import { ItemTable, type ItemColumn } from "~/components/item-table";
import { RecordsScreen, type RecordFormProps } from "~/components/records-screen";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ServiceIcon } from "~/features/services/components/service-icon";
import { SERVICE_MESSAGES, ServiceSchema } from "~/features/services/schema";
import {
  createService,
  deleteService,
  getService,
  listServicesPage,
  updateService,
} from "~/features/services/services.server";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";

const records = defineRecords({
  basePath: "/admin/services",
  permission: "service:manage",
  list: listServicesPage,
  get: getService,
  create: createService,
  update: updateService,
  remove: deleteService,
  trash: true,
});

export async function loader(args: LoaderFunctionArgs) {
  const { list, editing, deleting, ...data } = await recordsPageData(args, records, (saved) => ({
    name: saved.title,
    href: `/services/${saved.path}`,
  }));
  return {
    ...data,
    services: list.items.map(({ id, title, path, levels, icon }) => ({ id, title, path, levels, icon })),
    page: list.page,
    pages: list.pages,
    total: list.total,
    // The edit form's values: the videos one link per line.
    editing: editing
      ? {
          id: editing.id,
          title: editing.title,
          path: editing.path,
          levels: editing.levels,
          icon: editing.icon,
          youtubeVideos: editing.youtubeVideos.join("\n"),
          updatedAt: editing.updatedAt,
        }
      : null,
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, records, {
    schema: ServiceSchema,
    failed: { create: "Service creation failed", update: "The service could not be saved" },
    created: "created",
  });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Services" }));

/** Saves whose notice names the service. */
const SAVED_VERB: Record<string, string> = { created: "created", updated: "saved" };

type EditedService = {
  id: string;
  title: string;
  path: string;
  levels: string;
  icon: string;
  youtubeVideos: string;
  /** Its version, carried by the form (decision 105). */
  updatedAt: string | Date;
};

function ServiceForm({ formToken, editing, lastResult }: RecordFormProps<EditedService>) {
  const [form, fields] = useItemForm(ServiceSchema, {
    idPrefix: "service",
    editing,
    lastResult,
    defaultValue: editing ?? { icon: "FaBookOpen" },
  });
  return (
    <ItemForm
      form={form}
      heading={editing ? `Edit “${editing.title}”` : "Create a service"}
      editing={editing}
      formToken={formToken}
      submitLabel={editing ? "Save service" : "Create service"}
      cancelTo="/admin/services"
      cancelClassName="button button--ghost"
    >
      <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
      <Field
        label="Path"
        hint={
          <>
            The address /services/<em>path</em>: lowercase letters, digits and hyphens, e.g. moot-court.
            {editing ? " Changing it keeps the old address working (it redirects here)." : ""}
          </>
        }
        inputProps={getInputProps(fields.path, { type: "text" })}
        errors={fields.path.errors}
      />
      <Field
        label="Levels"
        inputProps={{
          ...getInputProps(fields.levels, { type: "text" }),
          placeholder: "Beginner · Intermediate · Advanced",
        }}
        errors={fields.levels.errors}
      />
      <div className="field">
        <label htmlFor={fields.icon.id}>Icon</label>
        <select {...getSelectProps(fields.icon)}>
          {SERVICE_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {icon.replace(/^Fa/, "").replace(/([a-z])([A-Z])/g, "$1 $2")}
            </option>
          ))}
        </select>
        <ErrorList id={fields.icon.errorId} errors={fields.icon.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.youtubeVideos.id}>Videos (optional, one link per line)</label>
        <textarea
          {...getTextareaProps(fields.youtubeVideos)}
          rows={3}
          placeholder="https://www.youtube.com/watch?v=…"
        />
        <ErrorList id={fields.youtubeVideos.errorId} errors={fields.youtubeVideos.errors} />
      </div>
    </ItemForm>
  );
}

type ListedService = { id: string; title: string; path: string; levels: string; icon: string };

const COLUMNS: ItemColumn<ListedService>[] = [
  {
    header: "Service",
    cell: (service) => (
      <>
        <ServiceIcon name={service.icon} size={20} /> <Link to={`/services/${service.path}`}>{service.title}</Link>
      </>
    ),
  },
  { header: "Path", cell: (service) => `/services/${service.path}` },
  { header: "Levels", cell: (service) => service.levels },
  {
    header: "Sub-services",
    cell: (service) => (
      <Link to={`/admin/services/${service.path}`} aria-label={`Sub-services of ${service.title}`}>
        Manage
      </Link>
    ),
  },
];

export default function ManageServices() {
  const { services, page, pages, total, q, ...data } = useLoaderData<typeof loader>();
  return (
    <RecordsScreen
      id="services-title"
      title="Manage Services"
      basePath="/admin/services"
      notice={{
        what: "Service",
        verbs: SAVED_VERB,
        deleted: "Service moved to the trash with its sub-services.",
        trash: true,
      }}
      data={data}
      nameOf={(service) => service.title}
      confirmDelete={SERVICE_MESSAGES.confirmDelete}
      form={ServiceForm}
    >
      <h2>Services</h2>
      <ListSearch label="Search services" q={q} name="services" />
      {services.length === 0 ? (
        <p className="empty-state">{q ? "No services match this search." : SERVICE_MESSAGES.empty}</p>
      ) : (
        <ItemTable
          items={services}
          columns={COLUMNS}
          actionLabel={(service) => service.title}
          confirmDelete={SERVICE_MESSAGES.confirmDelete}
        />
      )}
      <p className="field__hint">
        {total} service{total === 1 ? "" : "s"}
      </p>
      <Pager page={page} pages={pages} />
    </RecordsScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
