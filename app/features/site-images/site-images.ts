/**
 * The firm's own images (gallery and accolades), shared by the server, the public pages and the admin
 * screen (/admin/images): labels and messages, the built-in placeholder illustrations, and their URLs.
 * The form's rules are in ./schema.ts, so the public pages that show images ship no zod.
 */
import { SITE_IMAGE_KINDS, type SiteImageKind } from "../../../db/enums";
import { mediaUrl } from "~/lib/media";

export { SITE_IMAGE_KINDS, type SiteImageKind };

export type SiteImage = {
  id: string;
  kind: SiteImageKind;
  image: string;
  thumbnail: string | null;
  width: number;
  height: number;
  caption: string;
  description: string;
  alt: string;
  sortOrder: number;
  published: boolean;
};

export const KIND_LABELS: Record<SiteImageKind, string> = { gallery: "Gallery", accolade: "Accolade" };

export const SITE_IMAGE_MESSAGES = {
  fileRequired: "Choose an image file to upload.",
  unreadable: "The image's size could not be read: upload a JPEG, PNG, WebP or SVG file.",
  unsafeSvg: "This SVG contains scripts, event handlers or links to other sites: export it as a plain picture.",
  notFound: "Image not found",
  confirmDelete: "Delete this image?",
  saveFailed: "Failed to save the image",
} as const;

/** Built-in placeholders live in public/images/ and are served as they are; uploads are R2 keys. */
export const isBuiltIn = (value: string) => value.startsWith("/images/");
export const siteImageUrl = (value: string) => (isBuiltIn(value) ? value : mediaUrl(value)!);

/**
 * The placeholder illustrations the site ships (drawn by scripts/generate-images.mjs): captioned as
 * illustrations, never as photographs. The seed stores them as rows the firm can edit or replace, and
 * the public pages show them while the firm has added no image of that kind.
 */
export const PLACEHOLDER_IMAGES: ReadonlyArray<Omit<SiteImage, "id" | "published">> = [
  ...[
    ["Illustration: the firm's office", "Drawing of an office building with trees outside"],
    ["Illustration: a law library", "Drawing of an open law book on a library shelf"],
    ["Illustration: a client consultation", "Drawing of a handshake over a signed document and a cup of tea"],
    ["Illustration: preparing for a hearing", "Drawing of a judge's gavel beside the scales of justice and a law book"],
    ["Illustration: a team meeting", "Drawing of people meeting around a laptop and case notes"],
    ["Illustration: a legal-awareness session", "Drawing of a speaker with a microphone in front of a class"],
    ["Illustration: a court complex", "Drawing of a court building with a flag and trees"],
    ["Illustration: a mediation", "Drawing of two speech bubbles in a quiet room"],
    ["Illustration: recognition for pro-bono work", "Drawing of an award rosette with a trophy and a medal"],
  ].map(([caption, alt], index) => ({
    kind: "gallery" as const,
    image: `/images/gallery/gallery-${index + 1}.jpg`,
    thumbnail: `/images/gallery/gallery-${index + 1}-thumb.webp`,
    width: 1200,
    height: 800,
    caption: caption!,
    description: "",
    alt: alt!,
    sortOrder: index + 1,
  })),
  ...[
    [
      "Emerging Law Firm of the Year, North India",
      "Recognised at the Indian Legal Excellence Awards 2025 for growth in the corporate and disputes practices.",
    ],
    [
      "Pro-Bono Champion",
      "Honoured by the Delhi legal-aid community for more than 300 hours of free representation in a single year.",
    ],
    [
      "Tax Dispute Team of the Year",
      "Shortlisted for its work on GST and indirect-tax disputes before the appellate tribunals.",
    ],
    [
      "Client Service Excellence",
      "Rated 4.9 out of 5 by clients for clarity of advice, responsiveness and value in an independent survey.",
    ],
  ].map(([caption, description], index) => ({
    kind: "accolade" as const,
    image: `/images/accolades/accolade-${index + 1}.webp`,
    thumbnail: null,
    width: 160,
    height: 160,
    caption: caption!,
    description: description!,
    alt: `Illustrated emblem for ${caption}`,
    sortOrder: index + 1,
  })),
];
