/** Static content of the home and about pages. */

/** The hero's counters (docs/product.md#constants): the final numbers are in the server HTML. */
export const HERO_COUNTERS = [
  { value: 1500, label: "visitors viewing now" },
  { value: 10000, label: "cases represented" },
  { value: 2700, label: "criminal matters" },
  { value: 3500, label: "family dispute matters" },
  { value: 2900, label: "civil matters" },
] as const;

export type GalleryImage = { base: string; alt: string; caption: string };

/** The about gallery: nine images (docs/product.md#constants), drawn by scripts/generate-images.mjs. */
export const GALLERY_IMAGES: GalleryImage[] = [
  {
    caption: "Our head office at Tilak Marg, New Delhi",
    alt: "Illustration of the firm's office building with trees outside",
  },
  { caption: "The firm's law library", alt: "Illustration of an open law book in the firm's library" },
  { caption: "A client consultation", alt: "Illustration of a handshake over a signed document and a cup of tea" },
  {
    caption: "Preparing for a hearing",
    alt: "Illustration of a judge's gavel beside the scales of justice and a law book",
  },
  { caption: "A team strategy meeting", alt: "Illustration of the legal team meeting around a laptop and case notes" },
  {
    caption: "A legal-awareness session for students",
    alt: "Illustration of a lawyer teaching a class with a microphone",
  },
  { caption: "Outside the court complex", alt: "Illustration of a court building with a flag and trees" },
  { caption: "A mediation session", alt: "Illustration of two speech bubbles in a quiet mediation room" },
  {
    caption: "Receiving an award for pro-bono work",
    alt: "Illustration of an award rosette with a trophy and a medal",
  },
].map((image, index) => ({ ...image, base: `/images/gallery/gallery-${index + 1}` }));

export const GALLERY_FULL = { width: 1200, height: 800 };
export const GALLERY_THUMB = { width: 360, height: 240 };

/** The accolades block: four static entries (docs/product.md#entities). */
export const ACCOLADES = [
  {
    title: "Emerging Law Firm of the Year, North India",
    description:
      "Recognised at the Indian Legal Excellence Awards 2025 for growth in the corporate and disputes practices.",
  },
  {
    title: "Pro-Bono Champion",
    description:
      "Honoured by the Delhi legal-aid community for more than 300 hours of free representation in a single year.",
  },
  {
    title: "Tax Dispute Team of the Year",
    description: "Shortlisted for its work on GST and indirect-tax disputes before the appellate tribunals.",
  },
  {
    title: "Client Service Excellence",
    description:
      "Rated 4.9 out of 5 by clients for clarity of advice, responsiveness and value in an independent survey.",
  },
].map((accolade, index) => ({ ...accolade, base: `/images/accolades/accolade-${index + 1}` }));

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
