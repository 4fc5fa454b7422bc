import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Await,
  isRouteErrorResponse,
  Navigate,
  useAsyncError,
  useLoaderData,
  type ClientLoaderFunctionArgs,
} from "@remix-run/react";
import { Suspense, useEffect } from "react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ErrorPage, NotFoundPage } from "~/components/status-pages";
import { SubServiceCard, VideoEmbed } from "~/features/services/components/sub-service-card";
import { SUB_SERVICE_MESSAGES } from "~/features/services/sub-service-rules";
import { serviceVideoEmbeds, subServiceView } from "~/features/services/sub-services.server";
import { getServiceByPath, redirectedServicePath } from "~/features/services/services.server";
import { siteLinks } from "~/features/site/site-links";
import { awaitable } from "~/lib/awaitable";
import { NO_HYDRATION } from "~/lib/hydration";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { pageMeta, statusPageMeta } from "~/lib/meta";
import servicesStylesHref from "~/styles/services.css?url";

// The same page for everyone, so the edge cache can keep it; staff manage it at /admin/services/{path}.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [headers, service] = await Promise.all([
    publicPageHeaders(request, context),
    getServiceByPath(context.db, params.serviceId ?? ""),
  ]);
  if (!service) {
    // A service whose path changed: its old address moves permanently to the new one.
    const moved = await redirectedServicePath(context.db, params.serviceId ?? "");
    if (moved) throw redirect(`/services/${moved}${new URL(request.url).search}`, { status: 301, headers });
    throw new Response("Not Found", { status: 404, headers });
  }
  return data(
    {
      service: {
        title: service.title,
        path: service.path,
        levels: service.levels,
        videos: serviceVideoEmbeds(service.youtubeVideos),
      },
      subServices: service.subServices.map(subServiceView),
    },
    { headers },
  );
}

export const handle = NO_HYDRATION;

export const headers = publicHeaders;

export const links: LinksFunction = () => [...siteLinks(), { rel: "stylesheet", href: servicesStylesHref }];

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type Loaded = PageData | { page: Promise<PageData> };

/** The spec's words while the page waits for its data, and when it cannot get it (the error catalogue). */
const LOADING_TEXT = "Loading...";
const FAILURE_TEXT = "Failed to fetch sub-services";

/**
 * A client-side navigation from another page shows 'Loading...' at once, then the page; a request that
 * fails (offline, aborted) shows the red error text. The first paint (SSR) has the data.
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
  const { service, subServices } = page;
  return (
    <div className="page">
      <p>
        <Link to="/services">← All services</Link>
      </p>
      <h1>{service.title}</h1>
      <p className="lead">{service.levels}</p>
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
        {subServices.length === 0 ? (
          <p>{SUB_SERVICE_MESSAGES.empty}</p>
        ) : (
          <ul className="sub-services">
            {subServices.map((sub) => (
              <SubServiceCard key={sub.id} sub={sub} canManage={false} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
