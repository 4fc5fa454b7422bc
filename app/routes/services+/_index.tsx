import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Link } from "~/components/link";
import { Suspense } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ServiceIcon } from "~/features/services/components/service-icon";
import { listServices } from "~/features/services/services.server";
import { siteLinks } from "~/features/site/site-links";
import { awaitable } from "~/lib/awaitable";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { logError } from "~/lib/log.server";
import { NO_HYDRATION } from "~/lib/hydration";

/** The spec's words (docs/product.md: services grid; the error catalogue). */
const LOADING_TEXT = "Loading services...";
const FAILURE_TEXT = "Failed to fetch services";

export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const rows = await listServices(context.db);
    return {
      services: rows.map(({ id, title, path, levels, icon }) => ({ id, title, path, levels, icon })),
      error: null,
    };
  } catch (error) {
    logError(error, { where: "services grid loader" });
    return { services: [], error: FAILURE_TEXT };
  }
}

type GridData = Awaited<ReturnType<typeof loader>>;

/**
 * Client-side navigations show 'Loading services...' at once, then the grid; a request that fails
 * (offline, aborted) shows the red error text. The first paint (SSR) has the grid already.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { grid: awaitable(serverLoader<typeof loader>() as Promise<GridData>) };
}

export const links: LinksFunction = () => siteLinks();

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Services",
    description:
      "Courses and learning programmes of the firm's faculty: judiciary preparation, corporate law and drafting.",
    path: "/services",
  }),
);

export default function Services() {
  const loaded = useLoaderData() as GridData | { grid: Promise<GridData> };
  return (
    <div className="page">
      <h1>Services</h1>
      {"grid" in loaded ? (
        <Suspense fallback={<p role="status">{LOADING_TEXT}</p>}>
          <Await resolve={loaded.grid} errorElement={<ServicesFailure message={FAILURE_TEXT} />}>
            {(grid) => <ServicesGrid {...grid} />}
          </Await>
        </Suspense>
      ) : (
        <ServicesGrid {...loaded} />
      )}
    </div>
  );
}

function ServicesGrid({ services, error }: GridData) {
  if (error) return <ServicesFailure message={error} />;
  if (services.length === 0) return <p>No services yet.</p>;
  return (
    <ul className="grid" style={{ listStyle: "none", padding: 0 }}>
      {services.map((service) => (
        <li key={service.id} className="card">
          <ServiceIcon name={service.icon} />
          <h2>
            <Link to={`/services/${service.path}`}>{service.title}</Link>
          </h2>
          <p>{service.levels}</p>
        </li>
      ))}
    </ul>
  );
}

function ServicesFailure({ message }: { message: string }) {
  return (
    <p className="error-text" role="alert">
      {message}
    </p>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
