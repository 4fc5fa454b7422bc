import { RenderedOnce } from "~/components/islands-document";
import { Link } from "~/components/link";
import { firm } from "~/config/firm";
import { HERO_COUNTERS } from "../home-content";

/**
 * The home page's hero. Markup only: the counters hold their final numbers (the server's HTML, and
 * what screen readers and visitors who prefer reduced motion get); the island
 * app/islands/counters.ts counts the animated copies up from 0 over COUNT_UP_MS. The same on every
 * request: an islands document renders it once per isolate (decision 110).
 */
export function Hero() {
  return (
    <RenderedOnce as="section" cacheKey="hero" className="hero" aria-labelledby="hero-title">
      <picture>
        <source srcSet="/images/hero.webp" type="image/webp" />
        {/* React 18 knows only the lowercase attribute (fetchPriority is React 19's). */}
        <img
          className="hero__image"
          src="/images/hero.jpg"
          alt=""
          width={1600}
          height={700}
          {...{ fetchpriority: "high" }}
        />
      </picture>
      <div className="hero__inner container">
        <p className="hero__eyebrow">{firm.tagline} · Delhi &amp; Haryana</p>
        <h1 id="hero-title">{firm.name}</h1>
        <p className="hero__lead">
          Clear advice and determined representation in corporate, tax, licensing and regulatory work, dispute
          resolution and litigation.
        </p>
        <p className="hero__actions">
          <Link className="button button--gold" to="/blogs">
            Read Legal Insights
          </Link>
          <Link className="button button--light" to="/practice-areas">
            Explore Practice Areas
          </Link>
        </p>
        <ul className="hero__counters" aria-label="The firm in numbers">
          {HERO_COUNTERS.map((counter) => (
            <li key={counter.label} className="counter">
              <span className="counter__value" aria-hidden="true" data-counter={counter.value}>
                {counter.value}+
              </span>
              <span className="visually-hidden">{counter.value}+</span>
              <span className="counter__label">{counter.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </RenderedOnce>
  );
}
