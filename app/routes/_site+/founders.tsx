import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { listFaculty } from "~/features/faculty/faculty.server";
import { ConsultationCta } from "~/features/site/components/content-page";
import { PersonCard } from "~/features/faculty/components/person-card";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { readOrNull } from "~/lib/log.server";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = await publicPageHeaders(request, context);
  const founders = await readOrNull(listFaculty(context.db), "founders loader");
  return data({ founders }, { headers, status: founders ? 200 : 503 });
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Our Founders",
    description: `The founders and partners of ${firm.name}: their subjects, specializations and the services each of them leads.`,
    path: "/founders",
  }),
);

export default function Founders() {
  const { founders } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Our Founders</h1>
      <p className="lead">The partners who lead the firm&rsquo;s practices and answer for its work.</p>
      {founders === null ? (
        <p className="error-text" role="alert">
          Failed to fetch faculty
        </p>
      ) : founders.length === 0 ? (
        <p>No founders have been added yet.</p>
      ) : (
        <div className="card-grid">
          {founders.map((founder) => (
            <PersonCard key={founder.id} person={founder} />
          ))}
        </div>
      )}
      <p>
        The advocates who teach our courses are on the <Link to="/faculty1">Faculty</Link> page.
      </p>
      <ConsultationCta title="Speak to a partner" />
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
