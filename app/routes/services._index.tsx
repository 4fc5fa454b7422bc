import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ServiceIcon } from "~/features/services/components/service-icon";
import { listServices } from "~/features/services/services.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta } from "~/lib/meta";
import { logError } from "~/lib/log.server";

export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const rows = await listServices(context.db);
    return {
      services: rows.map(({ id, title, path, levels, icon }) => ({ id, title, path, levels, icon })),
      error: null,
    };
  } catch (error) {
    logError(error, { where: "services grid loader" });
    return { services: [], error: "Failed to fetch services" };
  }
}

export const links: LinksFunction = () => siteLinks();

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Services",
    description:
      "Courses and learning programmes of the firm's faculty: judiciary preparation, corporate law and drafting.",
    path: "/services",
  });

export default function Services() {
  const { services, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="page">
      <h1>Services</h1>
      {navigation.state === "loading" && navigation.location.pathname === "/services" ? (
        <p role="status">Loading services...</p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : services.length === 0 ? (
        <p>No services yet.</p>
      ) : (
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
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
