import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { firm } from "~/config/firm";
import { listPublishedArticles } from "~/features/articles/articles.server";
import { listPublishedTestimonials } from "~/features/testimonials/testimonials.server";
import { mediaUrl, shortDate } from "~/lib/media";
import { pageMeta } from "~/lib/meta";

export async function loader({ context }: LoaderFunctionArgs) {
  const [articles, testimonials] = await Promise.all([
    listPublishedArticles(context.db, { limit: 3 }),
    listPublishedTestimonials(context.db, { limit: 3 }),
  ]);
  return { articles: articles.items, testimonials };
}

export const meta: MetaFunction = () =>
  pageMeta({ title: `${firm.tagline} in Delhi & Haryana`, path: "/" });

export default function Home() {
  const { articles, testimonials } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="section section--alt">
        <div className="container">
          <h1>{firm.name}</h1>
          <p className="lead">
            {firm.tagline}: corporate, tax, licensing and regulatory work, dispute resolution and litigation.
          </p>
          <p>
            <Link className="button button--primary" to="/blogs">
              Legal Insights
            </Link>{" "}
            <Link className="button button--ghost" to="/practice-areas">
              Practice Areas
            </Link>
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="insights-title">
        <div className="container">
          <h2 id="insights-title">Legal Insights</h2>
          <div className="grid">
            {articles.map((article) => (
              <article className="card" key={article.id}>
                <span className="chip">{article.category ?? "Insight"}</span>
                <h3>{article.title}</h3>
                <p>{article.summary}</p>
                <p className="field__hint">
                  {article.author || firm.teamLabel} · {shortDate(article.publishedAt)}
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title">What Our Clients Say</h2>
          <div className="grid">
            {testimonials.map((testimonial) => (
              <figure className="card" key={testimonial.id}>
                {testimonial.photo ? (
                  <img src={mediaUrl(testimonial.photo)!} alt="" width={64} height={64} loading="lazy" />
                ) : null}
                <blockquote>{testimonial.message}</blockquote>
                <figcaption>{testimonial.clientName}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
