import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { getServiceByPath } from "~/features/services/services.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const service = await getServiceByPath(context.db, params.serviceId ?? "");
  if (!service) throw new Response("Not Found", { status: 404 });
  return { service };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta({ title: data.service.title, path: `/services/${data.service.path}` }) : [];

export default function ServiceDetail() {
  const { service } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{service.title}</h1>
      <p className="lead">{service.levels}</p>
      <ul>
        {service.subServices.map((sub) => (
          <li key={sub.id}>
            <strong>{sub.title}</strong>: {sub.description}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
