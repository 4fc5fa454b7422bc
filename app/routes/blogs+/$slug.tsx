import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useNonce } from "~/components/nonce";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { getPublishedArticleBySlug } from "~/features/articles/article-editor.server";
import { articleBodyHtml, relatedArticles } from "~/features/articles/articles.server";
import { ArticleCard } from "~/features/articles/components/article-card";
import { articleShareImagePath, SHARE_IMAGE } from "~/features/articles/share-image.server";
import { articleCoverPath, COVER_HEIGHT, COVER_WIDTH } from "~/features/articles/cover";
import { practicePageForCategory } from "~/features/site/practice-pages";
import { siteLinks } from "~/features/site/site-links";
import { readOrNull } from "~/lib/log.server";
import { mediaUrl, shortDate } from "~/lib/media";
import { statusPageMeta, pageMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const article = await getPublishedArticleBySlug(context, params.slug ?? "");
  if (!article) throw new Response("Not Found", { status: 404 });
  // The page still reads without its suggestions.
  const related = (await readOrNull(relatedArticles(context.db, article), "related articles")) ?? [];
  const practice = practicePageForCategory(article.category);
  return {
    related,
    // Where the reader goes next: the article's practice page (or all of them) and the consultation form.
    practice: practice
      ? { href: `/practice-areas/${practice.slug}`, title: practice.title, service: practice.service }
      : { href: "/practice-areas", title: null, service: null },
    article: {
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      highlight: article.highlight,
      category: article.category,
      author: article.author?.trim() || firm.teamLabel,
      // The uploaded cover, or the one generated from the title and category.
      image: mediaUrl(article.image) ?? articleCoverPath(article.slug),
      // Its cover as a PNG: link previews show no SVG.
      shareImage: { url: await articleShareImagePath(article), ...SHARE_IMAGE },
      publishedAt: article.publishedAt.toISOString(),
      updatedAt: article.updatedAt.toISOString(),
      html: articleBodyHtml(article),
    },
  };
}

export const links: LinksFunction = () => siteLinks();

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? pageMeta({
        title: data.article.title,
        description: data.article.summary,
        path: `/blogs/${data.article.slug}`,
        image: data.article.shareImage.url,
        imageInfo: data.article.shareImage,
        type: "article",
      })
    : statusPageMeta(error);

export default function ArticlePage() {
  const { article, related, practice } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: { "@type": article.author === firm.teamLabel ? "Organization" : "Person", name: article.author },
    publisher: { "@type": "LegalService", name: firm.name },
    image: new URL(article.image, firm.siteUrl).toString(),
    mainEntityOfPage: new URL(`/blogs/${article.slug}`, firm.siteUrl).toString(),
  }).replace(/</g, "\\u003c");
  const book = practice.service ? `/consultation?service=${encodeURIComponent(practice.service)}` : "/consultation";
  return (
    <div className="page page--narrow">
      <article>
        <p>
          <Link to="/blogs">← Legal Insights</Link>
        </p>
        {article.category ? <span className="chip">{article.category}</span> : null}
        <h1>{article.title}</h1>
        <p className="field__hint">
          By {article.author} · <time dateTime={article.publishedAt}>{shortDate(article.publishedAt)}</time>
        </p>
        <img className="article-cover" src={article.image} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} />
        <p className="lead">{article.summary}</p>
        <blockquote className="article-card__highlight">{article.highlight}</blockquote>
        {/* The HTML comes from micromark's safe mode (articleBodyHtml). */}
        {article.html ? <div className="article-body" dangerouslySetInnerHTML={{ __html: article.html }} /> : null}
        <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      </article>
      <aside className="cta-band article-next" aria-labelledby="article-next-title">
        <div>
          <h2 id="article-next-title">Need advice on this?</h2>
          <p>
            {practice.title ? (
              <Link to={practice.href}>Our {practice.title} practice</Link>
            ) : (
              <Link to={practice.href}>Our practice areas</Link>
            )}
            : how we help and common questions. Or tell us about your matter; a lawyer will call you back, usually
            within one working day.
          </p>
        </div>
        <Link className="button button--gold" to={book}>
          Book a consultation
        </Link>
      </aside>
      {related.length > 0 ? (
        <section className="article-related" aria-labelledby="article-related-title">
          <h2 id="article-related-title">Related articles</h2>
          <div className="card-grid">
            {related.map((card) => (
              <ArticleCard key={card.id} article={card} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
