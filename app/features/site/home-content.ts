/** Static content of the home and about pages. */

/**
 * The hero counters' count-up, 0 → value with an ease-out: about 900 to 1200 ms (docs/product.md#constants).
 * Read by the island that animates them (app/islands/counters.ts), so this module stays free of React.
 */
export const COUNT_UP_MS = 1000;

/** The hero's counters (docs/product.md#constants): the final numbers are in the server HTML. */
export const HERO_COUNTERS = [
  { value: 1500, label: "visitors viewing now" },
  { value: 10000, label: "cases represented" },
  { value: 2700, label: "criminal matters" },
  { value: 3500, label: "family dispute matters" },
  { value: 2900, label: "civil matters" },
] as const;

export const FIRM_VALUES = [
  {
    title: "Integrity",
    text: "Honest advice, even when it is not what a client hopes to hear, and strict confidentiality.",
  },
  { title: "Excellence", text: "Careful research, precise drafting and thorough preparation for every hearing." },
  {
    title: "Innovation",
    text: "Technology and clear processes that make legal work faster, cheaper and easier to follow.",
  },
  { title: "Client-centricity", text: "Plain-language updates, predictable fees and a partner who answers your call." },
] as const;

export const FIRM_STATS = [
  { value: "18+", label: "years of practice" },
  { value: "10000+", label: "cases represented" },
  { value: "3", label: "offices in Delhi and Haryana" },
  { value: "25+", label: "advocates and consultants" },
] as const;
