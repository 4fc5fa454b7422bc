import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Await, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { AddContentLink } from "~/features/site/components/add-content-link";
import { ConsultationCta } from "~/features/site/components/content-page";
import {
  TESTIMONIALS_LOADING_TEXT,
  TestimonialList,
  TestimonialsFailure,
} from "~/features/testimonials/components/testimonial-card";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import {
  listPublishedTestimonials,
  type TestimonialCard as TestimonialRow,
} from "~/features/testimonials/testimonials.server";
import { awaitable } from "~/lib/awaitable";
import { readOrNull } from "~/lib/log.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = await publicPageHeaders(request, context);
  const testimonials = await readOrNull(listPublishedTestimonials(context.db), "testimonials loader");
  return data({ testimonials }, { headers, status: testimonials ? 200 : 503 });
}

/** Client-side navigations show the loading text at once, then the cards. */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { testimonials: awaitable(serverLoader<typeof loader>().then((result) => result.testimonials)) };
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Client Testimonials",
    description: `What clients say about ${firm.name}: experiences of individuals and businesses we advised and represented in tax, corporate, licensing and dispute matters.`,
    path: "/testimonial",
  }),
);

export default function Testimonials() {
  const { testimonials } = useLoaderData() as {
    testimonials: TestimonialRow[] | null | Promise<TestimonialRow[] | null>;
  };
  return (
    <div className="page">
      <div className="section-head">
        <div>
          <p className="eyebrow">In our clients&rsquo; words</p>
          <h1>Client Testimonials</h1>
        </div>
        <AddContentLink noun="Testimonial" to="/admin/testimonials" />
      </div>
      <Suspense fallback={<p role="status">{TESTIMONIALS_LOADING_TEXT}</p>}>
        <Await resolve={testimonials} errorElement={<TestimonialsFailure />}>
          {(resolved) => <TestimonialList testimonials={resolved} />}
        </Await>
      </Suspense>
      <ConsultationCta title="Let us help you too" />
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
