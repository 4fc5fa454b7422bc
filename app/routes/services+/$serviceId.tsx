import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Await,
  isRouteErrorResponse,
  Navigate,
  useActionData,
  useAsyncError,
  useLoaderData,
  useLocation,
  type ClientLoaderFunctionArgs,
} from "@remix-run/react";
import { Link } from "~/components/link";
import { Suspense, useEffect } from "react";
import { DeleteConfirmation } from "~/components/moderation";
import { Notices, useRecordNotice } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ErrorPage, NotFoundPage } from "~/components/status-pages";
import { SubServiceCard, VideoEmbed } from "~/features/services/components/sub-service-card";
import { SubServiceForm } from "~/features/services/components/sub-service-form";
import { SUB_SERVICE_MESSAGES } from "~/features/services/sub-service-rules";
import { SubServiceSchema } from "~/features/services/sub-service-schema";
import {
  createSubServiceFromRequest,
  deleteSubService,
  updateSubServiceFromRequest,
  serviceVideoEmbeds,
  SubServiceFormError,
  subServiceUploadLimits,
  subServiceView,
} from "~/features/services/sub-services.server";
import { getServiceByPath, redirectedServicePath } from "~/features/services/services.server";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { getOptionalUser } from "~/lib/auth.server";
import { HttpError, readJsonObject } from "~/lib/http.server";
import { awaitable } from "~/lib/awaitable";
import type { HydrationHandle } from "~/lib/hydration";
import { pageMeta, statusPageMeta } from "~/lib/meta";
import { savedId, savedLocation } from "~/lib/saved-location";
import { can } from "~/lib/permissions";
import { requirePermission } from "~/lib/permissions.server";
import { handleItemIntent } from "~/lib/moderation.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import servicesStylesHref from "~/styles/services.css?url";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [headers, service, viewer] = await Promise.all([
    publicPageHeaders(request, context),
    getServiceByPath(context.db, params.serviceId ?? ""),
    getOptionalUser(request, context),
  ]);
  if (!service) {
    // A service whose path changed: its old address moves permanently to the new one.
    const moved = await redirectedServicePath(context.db, params.serviceId ?? "");
    if (moved) throw redirect(`/services/${moved}${new URL(request.url).search}`, { status: 301, headers });
    throw new Response("Not Found", { status: 404, headers });
  }
  const canManage = can(viewer, "service:manage");
  const subServices = service.subServices.map(subServiceView);
  const url = new URL(request.url);
  const search = url.searchParams;
  const deleteId = search.get("delete");
  const editId = search.get("edit");
  const saved = canManage ? subServices.find((sub) => sub.id === savedId(url)) : undefined;
  return data(
    {
      service: {
        id: service.id,
        title: service.title,
        path: service.path,
        levels: service.levels,
        videos: serviceVideoEmbeds(service.youtubeVideos),
      },
      subServices,
      canManage,
      limits: canManage ? subServiceUploadLimits() : null,
      // The sub-service form's one-time token (staff only: this page is cached for visitors).
      formToken: canManage ? newFormToken() : null,
      deleting: canManage && deleteId ? (subServices.find((sub) => sub.id === deleteId) ?? null) : null,
      editing: canManage && editId ? editedSubService(service.subServices, editId) : null,
      // The saved sub-service for the notice after a save: its title and its card on this page.
      saved: saved ? { name: saved.title, href: `/services/${service.path}#sub-service-${saved.id}` } : null,
    },
    { headers },
  );
}

/** The edit form's sub-service: what its card shows, its saved link and its version (decision 105). */
function editedSubService(rows: NonNullable<Awaited<ReturnType<typeof getServiceByPath>>>["subServices"], id: string) {
  const row = rows.find((sub) => sub.id === id);
  return row ? { ...subServiceView(row), youtubeLink: row.youtubeLink ?? "", version: row.updatedAt.getTime() } : null;
}

/**
 * A visitor's page is static (its videos are plain embeds): islands only. Staff hydrate: the sub-service
 * form, its checks and the delete confirmation are React (app/lib/hydration.ts).
 */
export const handle = {
  hydrate: (data: unknown) =>
    typeof data === "object" && data !== null && "canManage" in data && data.canManage === true,
} satisfies HydrationHandle;

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

/** The form's visible fields: an error on any other (serviceId, the whole body) is shown at the top of the form. */
const VISIBLE_FIELDS = new Set(["title", "description", "youtubeLink", "syllabus", "questions", "video"]);

// Admins and teachers: a multipart POST creates a sub-service (files streamed to R2); a form POST deletes one.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "service:manage");
  const basePath = `/services/${params.serviceId ?? ""}`;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const query = new URL(request.url).searchParams;
    const editId = query.get("edit");
    // Once per form token, which rides in the form's address (the body streams to R2, so its fields are
    // read only after its files): a double click without JavaScript creates or saves once, and the second
    // post leads where the first did.
    const answer = await onceForm(context, query, async () => {
      try {
        if (editId) {
          const { servicePath } = await updateSubServiceFromRequest(context, user, editId, request, {
            servicePath: params.serviceId ?? "",
          });
          return redirect(savedLocation(`/services/${servicePath}`, "updated", editId, { edit: true }));
        }
        const { row, servicePath } = await createSubServiceFromRequest(context, user, request);
        return redirect(savedLocation(`/services/${servicePath}`, "created", row.id));
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
    });
    return handled ?? data<ActionData>({ message: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof HttpError) return data<ActionData>({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const headers = publicHeaders;

export const links: LinksFunction = () => [...siteLinks(), { rel: "stylesheet", href: servicesStylesHref }];

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type Loaded = PageData | { page: Promise<PageData> };

/** The spec's words while the page waits for its data, and when it cannot get it (the error catalogue). */
const LOADING_TEXT = "Loading...";
const FAILURE_TEXT = "Failed to fetch sub-services";

/**
 * A client-side navigation from another page shows 'Loading...' at once, then the page; a request
 * that fails (offline, aborted) shows the red error text. The first paint (SSR) has the data, and a
 * save or revalidation on this page waits for the new data as before (no flash of the loading text).
 */
export function clientLoader({ serverLoader, request }: ClientLoaderFunctionArgs) {
  if (new URL(request.url).pathname === window.location.pathname) return serverLoader<typeof loader>();
  return { page: awaitable(serverLoader<typeof loader>() as Promise<PageData>) };
}

const titleOf = (service: PageData["service"]) => pageMeta({ title: service.title })[0]!.title!;

export const meta: MetaFunction = ({ data: loaded, error }) => {
  // No data: the loader answered 404 (an unknown or removed service) or failed.
  if (!loaded) return statusPageMeta(error);
  // While the page loads on the client its title is set once the data is in (ServiceTitle).
  if (!("service" in (loaded as Loaded))) return pageMeta({ title: LOADING_TEXT });
  const { service } = loaded as PageData;
  return pageMeta({
    title: service.title,
    description: `${service.title} (${service.levels}): syllabus, question papers and video lectures.`,
    path: `/services/${service.path}`,
  });
};

/** Saves whose notice names the sub-service. */
const SAVED_VERB: Record<string, string> = { created: "created", updated: "saved" };

export default function ServiceDetailRoute() {
  const loaded = useLoaderData() as Loaded;
  if (!("page" in loaded)) return <ServiceDetail data={loaded} />;
  return (
    <Suspense
      fallback={
        <div className="page">
          <p>
            <Link to="/services">← All services</Link>
          </p>
          <p role="status">{LOADING_TEXT}</p>
        </div>
      }
    >
      <Await resolve={loaded.page} errorElement={<ServiceDetailFailure />}>
        {(page) => (
          <>
            <ServiceTitle service={page.service} />
            <ServiceDetail data={page} />
          </>
        )}
      </Await>
    </Suspense>
  );
}

/** The document title of a page whose data came after its meta (a client-side navigation). */
function ServiceTitle({ service }: { service: PageData["service"] }) {
  useEffect(() => {
    document.title = titleOf(service);
  }, [service]);
  return null;
}

/** The data request failed: a moved service's redirect is followed, a 404 is the not-found page, else the red error text. */
function ServiceDetailFailure() {
  const error = useAsyncError();
  if (error instanceof Response && error.headers.get("Location")) {
    return <Navigate to={error.headers.get("Location")!} replace />;
  }
  if (isRouteErrorResponse(error)) return error.status === 404 ? <NotFoundPage /> : <ErrorPage status={error.status} />;
  return (
    <div className="page">
      <p>
        <Link to="/services">← All services</Link>
      </p>
      <p className="error-text" role="alert">
        {FAILURE_TEXT}
      </p>
    </div>
  );
}

function ServiceDetail({ data: page }: { data: PageData }) {
  const { service, subServices, canManage, limits, deleting, editing, saved, formToken } = page;
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const done = useRecordNotice({
    what: "Sub-service",
    saved,
    verbs: SAVED_VERB,
    deleted: SUB_SERVICE_MESSAGES.deleted,
  });
  return (
    <div className="page">
      <p>
        <Link to="/services">← All services</Link>
      </p>
      <h1>{service.title}</h1>
      <p className="lead">{service.levels}</p>
      <Notices success={done} error={actionData?.message} />
      {service.videos.length ? (
        <section aria-labelledby="service-videos">
          <h2 id="service-videos">Videos</h2>
          <div className="video-embeds">
            {service.videos.map((src, index) => (
              <VideoEmbed key={src} src={src} title={`${service.title}: video ${index + 1}`} />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="sub-services-heading">
        <h2 id="sub-services-heading">Sub-services</h2>
        {deleting ? (
          <DeleteConfirmation
            id={deleting.id}
            label={deleting.title}
            message={SUB_SERVICE_MESSAGES.confirmDelete}
            cancelTo={`/services/${service.path}`}
          />
        ) : null}
        {subServices.length === 0 ? (
          <p>{SUB_SERVICE_MESSAGES.empty}</p>
        ) : (
          <ul className="sub-services">
            {subServices.map((sub) => (
              <SubServiceCard key={sub.id} sub={sub} canManage={canManage} />
            ))}
          </ul>
        )}
      </section>
      {canManage && limits ? (
        <SubServiceForm
          key={location.key}
          serviceId={service.id}
          limits={limits}
          lastResult={actionData?.result}
          editing={editing ? { ...editing, servicePath: service.path } : undefined}
          formToken={formToken ?? ""}
        />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
