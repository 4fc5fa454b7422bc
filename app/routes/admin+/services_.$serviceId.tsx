import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation, type MetaFunction } from "@remix-run/react";
import { Link } from "~/components/link";
import { DeleteConfirmation, useTrashNotice } from "~/components/moderation";
import { Notices, useRecordNotice } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SubServiceCard } from "~/features/services/components/sub-service-card";
import { SubServiceForm } from "~/features/services/components/sub-service-form";
import { SUB_SERVICE_MESSAGES } from "~/features/services/sub-service-rules";
import { SubServiceSchema } from "~/features/services/sub-service-schema";
import {
  createSubServiceFromRequest,
  deleteSubService,
  updateSubServiceFromRequest,
  SubServiceFormError,
  subServiceUploadLimits,
  subServiceView,
} from "~/features/services/sub-services.server";
import { getServiceByPath } from "~/features/services/services.server";
import { HttpError, readJsonObject } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { savedId, savedLocation } from "~/lib/saved-location";
import { requirePermission } from "~/lib/permissions.server";
import { handleItemIntent } from "~/lib/moderation.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import servicesStylesHref from "~/styles/services.css?url";

/** The staff screen of one service: its sub-services with their create, edit and delete forms. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "service:manage");
  const service = await getServiceByPath(context.db, params.serviceId ?? "");
  if (!service) throw new Response("Not Found", { status: 404 });
  const subServices = service.subServices.map(subServiceView);
  const url = new URL(request.url);
  const deleteId = url.searchParams.get("delete");
  const editId = url.searchParams.get("edit");
  const saved = subServices.find((sub) => sub.id === savedId(url));
  return {
    service: { id: service.id, title: service.title, path: service.path, levels: service.levels },
    subServices,
    limits: subServiceUploadLimits(),
    formToken: newFormToken(),
    deleting: deleteId ? (subServices.find((sub) => sub.id === deleteId) ?? null) : null,
    editing: editId ? editedSubService(service.subServices, editId) : null,
    // The saved sub-service for the notice after a save: its title and its card on this screen.
    saved: saved ? { name: saved.title, href: `${managePath(service.path)}#sub-service-${saved.id}` } : null,
  };
}

const managePath = (servicePath: string) => `/admin/services/${servicePath}`;

/** The edit form's sub-service: what its card shows, its saved link and its version (decision 105). */
function editedSubService(rows: NonNullable<Awaited<ReturnType<typeof getServiceByPath>>>["subServices"], id: string) {
  const row = rows.find((sub) => sub.id === id);
  return row ? { ...subServiceView(row), youtubeLink: row.youtubeLink ?? "", version: row.updatedAt.getTime() } : null;
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

/** The form's visible fields: an error on any other (serviceId, the whole body) is shown at the top of the form. */
const VISIBLE_FIELDS = new Set(["title", "description", "youtubeLink", "syllabus", "questions", "video"]);

// A multipart POST creates or edits a sub-service (files streamed to R2); a form POST deletes one.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "service:manage");
  const basePath = managePath(params.serviceId ?? "");
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const query = new URL(request.url).searchParams;
    const editId = query.get("edit");
    // Once per form token, which rides in the form's address (the body streams to R2, so its fields are
    // read only after its files): a double click without JavaScript saves once.
    const answer = await onceForm(context, query, async () => {
      try {
        if (editId) {
          const { servicePath } = await updateSubServiceFromRequest(context, user, editId, request, {
            servicePath: params.serviceId ?? "",
          });
          return redirect(savedLocation(managePath(servicePath), "updated", editId, { edit: true }));
        }
        const { row, servicePath } = await createSubServiceFromRequest(context, user, request);
        return redirect(savedLocation(managePath(servicePath), "created", row.id));
      } catch (error) {
        if (!(error instanceof SubServiceFormError)) throw error;
        const form = new FormData();
        for (const [name, value] of Object.entries(error.fields)) form.append(name, value);
        const submission = parseWithZod(form, { schema: SubServiceSchema });
        const fieldErrors = (error.extra.errors ?? {}) as Record<string, string[]>;
        const shown = Object.keys(fieldErrors).some((name) => VISIBLE_FIELDS.has(name));
        return data<ActionData>(
          { result: submission.reply({ fieldErrors, formErrors: shown ? [] : [error.message] }) },
          { status: error.status },
        );
      }
    });
    // A duplicate is answered without its body: drop the files still on their way.
    if (!request.bodyUsed) await request.body?.cancel().catch(() => undefined);
    return answer;
  }
  try {
    const fields = await readJsonObject(request);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    const handled = await handleItemIntent(form, {
      basePath,
      remove: (id) => deleteSubService(context, user, id, { servicePath: params.serviceId ?? "" }),
      trash: true,
    });
    return handled ?? data<ActionData>({ message: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof HttpError) return data<ActionData>({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: servicesStylesHref }];

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data: loaded }) =>
  noindexPageMeta({ title: loaded ? `Sub-services of ${loaded.service.title}` : "Sub-services" }),
);

/** Saves whose notice names the sub-service. */
const SAVED_VERB: Record<string, string> = { created: "created", updated: "saved" };

export default function ManageSubServices() {
  const { service, subServices, limits, deleting, editing, saved, formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const done = useRecordNotice({
    what: "Sub-service",
    saved,
    verbs: SAVED_VERB,
    deleted: SUB_SERVICE_MESSAGES.deleted,
  });
  const trashNotice = useTrashNotice(SUB_SERVICE_MESSAGES.deleted);
  return (
    <div>
      <p>
        <Link to="/admin/services">← All services</Link>
      </p>
      <h1>{service.title}</h1>
      <p className="lead">
        {service.levels} · <Link to={`/services/${service.path}`}>View the public page</Link>
      </p>
      {trashNotice}
      <Notices success={trashNotice ? null : done} error={actionData?.message} />
      <section aria-labelledby="sub-services-heading">
        <h2 id="sub-services-heading">Sub-services</h2>
        {deleting ? (
          <DeleteConfirmation
            id={deleting.id}
            label={deleting.title}
            message={SUB_SERVICE_MESSAGES.confirmDelete}
            cancelTo={managePath(service.path)}
          />
        ) : null}
        {subServices.length === 0 ? (
          <p>{SUB_SERVICE_MESSAGES.empty}</p>
        ) : (
          <ul className="sub-services">
            {subServices.map((sub) => (
              <SubServiceCard key={sub.id} sub={sub} canManage />
            ))}
          </ul>
        )}
      </section>
      <SubServiceForm
        key={location.key}
        serviceId={service.id}
        limits={limits}
        lastResult={actionData?.result}
        editing={editing ? { ...editing, servicePath: service.path } : undefined}
        formToken={formToken}
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
