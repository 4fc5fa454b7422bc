import { COUNT_UP_MS } from "../features/site/home-content";

/**
 * The hero's counters without React (Hero in app/features/site/components/hero.tsx): the server HTML
 * has the final numbers; this counts each animated number (`data-counter`, aria-hidden, a visually
 * hidden copy keeps the final value for screen readers) up from 0 over COUNT_UP_MS with an ease-out.
 * Visitors who prefer reduced motion keep the final numbers, unmoving.
 */
export function enhanceCounters(list: HTMLElement) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const counters = Array.from(list.querySelectorAll<HTMLElement>("[data-counter]"), (element) => ({
    element,
    value: Number(element.dataset.counter),
  })).filter(({ value }) => Number.isFinite(value));
  const show = (progress: number) => {
    for (const { element, value } of counters) element.textContent = `${Math.round(value * progress)}+`;
  };
  let start: number | null = null;
  const tick = (now: number) => {
    start ??= now;
    const t = Math.min(1, (now - start) / COUNT_UP_MS);
    show(1 - Math.pow(1 - t, 3)); // ease-out
    if (t < 1) requestAnimationFrame(tick);
  };
  show(0);
  requestAnimationFrame(tick);
}
