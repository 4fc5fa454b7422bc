import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { firm } from "~/config/firm";
import { HERO_COUNTERS } from "../home-content";

/** Counter animation length: about 900 to 1200 ms (docs/product.md#constants). */
export const COUNT_UP_MS = 1000;

/**
 * 0 → 1 over `duration` ms after hydration, or 1 at once (on the server, and
 * when the visitor prefers reduced motion), so the final numbers are always
 * in the server's HTML.
 */
function useCountUpProgress(duration: number) {
  const [progress, setProgress] = useState(1);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    let start: number | null = null;
    const tick = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / duration);
      setProgress(1 - Math.pow(1 - t, 3)); // ease-out
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    setProgress(0);
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [duration]);
  return progress;
}

export function Hero() {
  const progress = useCountUpProgress(COUNT_UP_MS);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <picture>
        <source srcSet="/images/hero.webp" type="image/webp" />
        <img className="hero__image" src="/images/hero.jpg" alt="" width={1600} height={700} fetchPriority="high" />
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
                {Math.round(counter.value * progress)}+
              </span>
              <span className="visually-hidden">{counter.value}+</span>
              <span className="counter__label">{counter.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
