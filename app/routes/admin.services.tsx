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
import { SERVICE_ICONS } from "../../db/enums";
import {
  ErrorList,
  ErrorSummary,
  Field,
  FormMessage,
  Notices,
  VALIDATE_ON_SUBMIT,
  useFormKey,
  useRecordNotice,
  FormToken,
} from "~/components/forms";
import { DeleteButton, DeleteConfirmation } from "~/components/moderation";
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
import { pageMeta } from "~/lib/meta";
import { defineRecords, recordsPageAction, recordsPageData } from "~/lib/records-page.server";

const services = defineRecords({
  basePath: "/admin/services",
  permission: "service:manage",
  list: listServicesPage,
  get: getService,
  create: createService,
  update: updateService,
  remove: deleteService,
});

export async function loader(args: LoaderFunctionArgs) {
  const { list, editing, deleting, ...data } = await recordsPageData(args, services, (saved) => ({
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
        }
      : null,
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
  };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export const action = (args: ActionFunctionArgs) =>
  recordsPageAction(args, services, {
    schema: ServiceSchema,
    failed: { create: "Service creation failed", update: "The service could not be saved" },
    created: "created",
  });

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Services" }),
  { name: "robots", content: "noindex" },
];

/** Saves whose notice names the service. */
const SAVED_VERB: Record<string, string> = { created: "created", updated: "saved" };

type EditedService = {
  id: string;
  title: string;
  path: string;
  levels: string;
  icon: string;
  youtubeVideos: string;
};

function ServiceForm({
  lastResult,
  service,
  formToken,
}: {
  lastResult?: SubmissionResult<string[]>;
  service?: EditedService;
  formToken?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: service ? `service-edit-${service.id}` : "service-new",
    lastResult,
    defaultValue: service ?? { icon: "FaBookOpen" },
    constraint: getZodConstraint(ServiceSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ServiceSchema }),
  });
  return (
    <Form method="post" className="form card" {...getFormProps(form)}>
      <h2>{service ? `Edit “${service.title}”` : "Create a service"}</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {service ? <input type="hidden" name="id" value={service.id} /> : <FormToken value={formToken} />}
      <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
      <Field
        label="Path"
        hint={
          <>
            The address /services/<em>path</em>: lowercase letters, digits and hyphens, e.g. moot-court.
            {service ? " Changing it keeps the old address working (it redirects here)." : ""}
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
      <p>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {service ? "Save service" : "Create service"}
        </button>
        {service ? (
          <>
            {" "}
            <Link to="/admin/services" className="button button--ghost">
              Cancel
            </Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}

export default function ManageServices() {
  const { formToken, services, deleting, editing, saved, page, pages, total, q } = useLoaderData<typeof loader>();
  const formKey = useFormKey(editing?.id);
  const actionData = useActionData<ActionData>();
  const done = useRecordNotice({
    what: "Service",
    saved,
    verbs: SAVED_VERB,
    deleted: "Service deleted with its sub-services and files.",
  });
  return (
    <section aria-labelledby="services-title">
      <h1 id="services-title">Manage Services</h1>
      <Notices success={done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={deleting.title}
          message={SERVICE_MESSAGES.confirmDelete}
          cancelTo="/admin/services"
        />
      ) : null}
      {editing ? (
        <ServiceForm key={formKey} lastResult={actionData?.result} service={editing} />
      ) : (
        <ServiceForm key={formKey} lastResult={actionData?.result} formToken={formToken} />
      )}
      <h2>Services</h2>
      <ListSearch label="Search services" q={q} name="services" />
      {services.length === 0 ? (
        <p className="empty-state">{q ? "No services match this search." : SERVICE_MESSAGES.empty}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Path</th>
              <th scope="col">Levels</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {services.map((service) => (
              <tr key={service.id}>
                <th scope="row">
                  <ServiceIcon name={service.icon} size={20} />{" "}
                  <Link to={`/services/${service.path}`}>{service.title}</Link>
                </th>
                <td>/services/{service.path}</td>
                <td>{service.levels}</td>
                <td className="table__actions">
                  <Link to={`/admin/services?edit=${service.id}`} aria-label={`Edit ${service.title}`}>
                    Edit
                  </Link>{" "}
                  <DeleteButton id={service.id} label={service.title} confirmText={SERVICE_MESSAGES.confirmDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="field__hint">
        {total} service{total === 1 ? "" : "s"}
      </p>
      <Pager page={page} pages={pages} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
