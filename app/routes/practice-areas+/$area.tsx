import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ConsultationCta } from "~/features/site/components/content-page";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { PRACTICE_PAGE_CONTENT } from "~/features/site/practice-pages";
import { siteLinks } from "~/features/site/site-links";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = PRACTICE_PAGE_CONTENT.find((candidate) => candidate.slug === params.area);
  if (!page) throw new Response("Not Found", { status: 404 });
  return data({ page }, { headers: await publicPageHeaders(request, context) });
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction<typeof loader> = withStatusMeta(({ data }) =>
  data
    ? pageMeta({
        title: `${data.page.title} Lawyers`,
        description: data.page.description,
        path: `/practice-areas/${data.page.slug}`,
      })
    : pageMeta({ title: "Practice Area Not Found" }),
);

export default function PracticePage() {
  const { page } = useLoaderData<typeof loader>();
  const others = PRACTICE_PAGE_CONTENT.filter((other) => other.slug !== page.slug);
  return (
    <div className="page page--narrow prose">
      <p className="eyebrow">Practice area</p>
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>

      <h2>How we help</h2>
      <ul>
        {page.services.map((service) => (
          <li key={service}>{service}</li>
        ))}
      </ul>

      <h2>How we work</h2>
      <ul>
        {page.approach.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>

      <h2>Common questions</h2>
      {page.faqs.map((faq) => (
        <details key={faq.q} className="faq">
          <summary>{faq.q}</summary>
          <p>{faq.a}</p>
        </details>
      ))}

      <ConsultationCta service={page.service} title={`Speak to our ${page.title} team`} />

      <h2>Other practice areas</h2>
      <ul>
        {others.map((other) => (
          <li key={other.slug}>
            <Link to={`/practice-areas/${other.slug}`}>{other.title}</Link>
          </li>
        ))}
        <li>
          <Link to="/practice-areas">All practice areas</Link>
        </li>
      </ul>
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
