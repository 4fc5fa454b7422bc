import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RenderedOnce } from "~/components/islands-document";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ConsultationForm, consultationFormLinks } from "~/features/consultation/components/consultation-form";
import { listLatestArticles } from "~/features/articles/articles.server";
import { Accolades } from "~/features/site-images/components/accolades";
import { ArticleCard, BLOG_EMPTY_TEXT, BLOG_FAILURE_TEXT } from "~/features/articles/components/article-card";
import { DisclaimerModal } from "~/features/disclaimer/components/disclaimer-modal";
import { Gallery } from "~/features/site-images/components/gallery";
import { Hero } from "~/features/site/components/hero";
import { LegalServiceJsonLd } from "~/features/site/components/json-ld";
import { PracticeCard } from "~/features/site/components/practice-card";
import { TestimonialList } from "~/features/testimonials/components/testimonial-card";
import { hasAcceptedDisclaimer } from "~/features/disclaimer/disclaimer.server";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { AREAS_OF_EXPERTISE } from "~/features/site/practice-areas";
import { publishedOfKind, siteImageRows } from "~/features/site-images/site-images.server";
import { siteLinks } from "~/features/site/site-links";
import { listPublishedTestimonials } from "~/features/testimonials/testimonials.server";
import { loadAsDocument, NO_HYDRATION } from "~/lib/hydration";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { readOrNull } from "~/lib/log.server";
import { batchPrepared } from "~/lib/db.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const disclaimerAccepted = hasAcceptedDisclaimer(request);
  // The page's three reads go to D1 as one batch; when it fails, every section says so on its own.
  const [content, headers] = await Promise.all([
    readOrNull(
      batchPrepared(context.db, [
        listLatestArticles(context.db, { limit: 3 }),
        listPublishedTestimonials(context.db, { limit: 6 }),
        siteImageRows(context.db, ["gallery", "accolade"]),
      ] as const),
      "home loader",
    ),
    // Both variants are public: the edge-cache key carries the accepted disclaimer (one cookie reading).
    publicPageHeaders(request, context),
  ]);
  const [articles, testimonials, images] = content ?? [null, null, null];
  return data(
    {
      articles,
      testimonials,
      gallery: images && publishedOfKind(images, "gallery"),
      accolades: images && publishedOfKind(images, "accolade"),
      showDisclaimer: !disclaimerAccepted,
    },
    { headers },
  );
}

// No React in the browser (app/lib/hydration.ts): the disclaimer, the hero counters and the gallery
// are islands (app/islands); a client-side navigation here from a hydrated page loads the document.
export const handle = NO_HYDRATION;
export const clientLoader = loadAsDocument;

export const headers = publicHeaders;
export const links: LinksFunction = () => [...siteLinks(), ...consultationFormLinks()];

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: `${firm.tagline} in Delhi & Haryana`,
    description: `${firm.name}: advocates and legal consultants in New Delhi and Gurugram for corporate, tax, licensing, regulatory, dispute resolution and litigation work. Book a consultation.`,
    path: "/",
    image: firm.shareImage,
  }),
);

export default function Home() {
  const { articles, testimonials, gallery, accolades, showDisclaimer } = useLoaderData<typeof loader>();
  return (
    <>
      <DisclaimerModal initiallyOpen={showDisclaimer} />
      <Hero />

      {/* The same on every request: rendered once per isolate (decision 110). */}
      <RenderedOnce as="section" cacheKey="home:practice-areas" className="section" aria-labelledby="practice-title">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow">What we do</p>
              <h2 id="practice-title">Practice Areas</h2>
            </div>
            <Link to="/practice-areas">All practice areas →</Link>
          </div>
          <div className="card-grid">
            {AREAS_OF_EXPERTISE.slice(0, 3).map((card, index) => (
              <PracticeCard key={card.title} card={card} image={`/images/practice-areas/expertise-${index + 1}`} />
            ))}
          </div>
        </div>
      </RenderedOnce>

      <section className="section section--alt" aria-labelledby="insights-title">
        <div className="container">
          <RenderedOnce cacheKey="home:insights-head" className="section-head">
            <div>
              <p className="eyebrow">Latest articles</p>
              <h2 id="insights-title">Legal Insights</h2>
            </div>
            <Link to="/blogs">All legal insights →</Link>
          </RenderedOnce>
          {articles === null ? (
            <p className="alert alert--error" role="alert">
              {BLOG_FAILURE_TEXT}
            </p>
          ) : articles.length === 0 ? (
            <p>{BLOG_EMPTY_TEXT}</p>
          ) : (
            <div className="card-grid">
              {articles.map((article) => (
                <ArticleCard key={article.id} article={article} headingLevel={3} />
              ))}
            </div>
          )}
        </div>
      </section>

      {gallery && gallery.length > 0 ? (
        <section className="section" aria-labelledby="gallery-title">
          <div className="container">
            <RenderedOnce cacheKey="home:gallery-head" className="section-head">
              <div>
                <p className="eyebrow">About us</p>
                <h2 id="gallery-title">Life at the Firm</h2>
              </div>
              <Link to="/about">About the firm →</Link>
            </RenderedOnce>
            <Gallery images={gallery} />
          </div>
        </section>
      ) : null}

      <section id="consultation" className="section section--alt" aria-labelledby="consultation-title">
        <div className="container">
          <h2 id="consultation-title">Book a Consultation</h2>
          <p>
            Tell us briefly about your matter and a lawyer from the relevant practice will call you back, usually within
            one working day. Your details are kept confidential.
          </p>
          <ConsultationForm id="home-consultation" />
        </div>
      </section>

      {accolades && accolades.length > 0 ? (
        <section className="section" aria-labelledby="accolades-title">
          <div className="container">
            <p className="eyebrow">Recognition</p>
            <h2 id="accolades-title">Accolades</h2>
            <Accolades accolades={accolades} />
          </div>
        </section>
      ) : null}

      <section className="section section--alt" aria-labelledby="testimonials-title">
        <div className="container">
          <RenderedOnce cacheKey="home:testimonials-head" className="section-head">
            <div>
              <p className="eyebrow">Testimonials</p>
              <h2 id="testimonials-title">What Our Clients Say</h2>
            </div>
            <Link to="/testimonial">All testimonials →</Link>
          </RenderedOnce>
          <TestimonialList testimonials={testimonials} />
        </div>
      </section>
      <LegalServiceJsonLd />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
