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
  useSavedNotice,
  FormToken,
  type SavedItem,
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
import { pageNumber } from "~/lib/pagination";
import { ListSearch } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { requirePermission } from "~/lib/permissions.server";
import { formAction } from "~/lib/form-action.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { pageMeta } from "~/lib/meta";
import { savedId, savedLocation } from "~/lib/saved-location";
import { handleItemIntent } from "~/lib/moderation.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "service:manage");
  const url = new URL(request.url);
  const params = url.searchParams;
  const deleteId = params.get("delete");
  const editId = params.get("edit");
  const savedServiceId = savedId(url);
  const [list, editing, deleting, saved] = await Promise.all([
    listServicesPage(context.db, { q: params.get("q"), page: pageNumber(params.get("page")) }),
    editId ? getService(context.db, editId) : null,
    deleteId ? getService(context.db, deleteId) : null,
    savedServiceId ? getService(context.db, savedServiceId) : null,
  ]);
  return {
    formToken: newFormToken(),
    ...list,
    services: list.items.map(({ id, title, path, levels, icon }) => ({ id, title, path, levels, icon })),
    q: params.get("q") ?? "",
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
    saved: saved ? ({ name: saved.title, href: `/services/${saved.path}` } satisfies SavedItem) : null,
  };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "service:manage");
  const form = await request.formData();
  const handled = await handleItemIntent(form, {
    basePath: "/admin/services",
    remove: (id) => deleteService(context, user, id),
  });
  if (handled) return handled;
  if (form.get("intent") === "update") {
    const id = String(form.get("id") ?? "");
    return formAction(form, {
      schema: ServiceSchema,
      fallback: "The service could not be saved",
      run: async (value) => {
        const service = await updateService(context, user, id, value);
        return savedLocation("/admin/services", "updated", service.id, { edit: true });
      },
    });
  }
  return onceForm(context, form, () =>
    formAction(form, {
      schema: ServiceSchema,
      fallback: "Service creation failed",
      run: async (value) => {
        const service = await createService(context, user, value);
        return savedLocation("/admin/services", "created", service.id);
      },
    }),
  );
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Services" }),
  { name: "robots", content: "noindex" },
];

/** Saves whose notice names the service. */
const SAVED_VERB: Record<string, string> = { created: "created", updated: "saved" };

const DONE: Record<string, string> = {
  created: "Service created.",
  updated: "Service saved.",
  deleted: "Service deleted with its sub-services and files.",
};

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
      {service ? (
        <>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={service.id} />
        </>
      ) : (
        <FormToken value={formToken} />
      )}
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
  const done = useSavedNotice({ what: "Service", saved, verbs: SAVED_VERB, messages: DONE });
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
