import { Link } from "~/components/link";
import { firm } from "~/config/firm";
import { articleCoverPath, COVER_HEIGHT, COVER_WIDTH } from "~/features/articles";
import { mediaUrl, shortDate } from "~/lib/media";
import type { ArticleCard as ArticleCardRow } from "../articles.server";

/** A card's columns (articles.server.ts); dates arrive as strings after serialisation. */
export type ArticleCardData = Omit<ArticleCardRow, "publishedAt"> & { publishedAt: Date | string };

/** One legal-insight card (every card has a cover); its title links to the article page. */
export function ArticleCard({
  article,
  headingLevel = 2,
  eager = false,
}: {
  article: ArticleCardData;
  headingLevel?: 2 | 3;
  /** Load the cover at once (cards above the fold). */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cover = mediaUrl(article.image);
  const published = new Date(article.publishedAt);
  return (
    <article className="article-card">
      {/* The uploaded cover, or the one generated from the title and category. */}
      <img
        className="article-card__cover"
        src={cover ?? articleCoverPath(article.slug)}
        alt=""
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="article-card__body">
        <span className="chip">{article.category?.trim() || "General"}</span>
        <Heading className="article-card__title">
          <Link to={`/blogs/${article.slug}`}>{article.title}</Link>
        </Heading>
        <p>{article.summary}</p>
        <blockquote className="article-card__highlight">{article.highlight}</blockquote>
        <p className="article-card__meta">
          <span>By {article.author?.trim() || firm.teamLabel}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={published.toISOString()}>{shortDate(published)}</time>
        </p>
      </div>
    </article>
  );
}

/** The placeholder shown while a client-side navigation loads the list (4 cards, docs/product.md#articles-list). */
export function ArticleSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className="card-grid" data-testid="article-skeletons">
      <p className="visually-hidden" role="status">
        Loading legal insights…
      </p>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="article-card article-card--skeleton" aria-hidden="true" data-skeleton="">
          <div className="article-card__cover skeleton" />
          <div className="article-card__body">
            <div className="skeleton skeleton--chip" />
            <div className="skeleton skeleton--title" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

export const BLOG_FAILURE_TEXT = "Couldn't load insights right now. Please try again.";
export const BLOG_EMPTY_TEXT = "No articles published yet. Check back soon for legal insights.";
