/** The practice-area names offered by the consultation form (docs/product.md#consultation), in order. */
export const PRACTICE_AREAS = [
  "Anti-Corruption & Compliance",
  "Banking & Finance",
  "Corporate & Commercial",
  "Litigation & Arbitration",
  "Healthcare",
  "Pharmaceuticals",
  "Intellectual Property",
  "Management Labour & Employment",
  "Mergers & Acquisitions",
  "Pro-Bono",
  "Real Estate",
  "Energy and Infrastructure",
  "Family Disputes",
  "Administrative Cases",
  "Banking & Recovery",
  "Tax & Regulatory",
  "Licenses & Approvals",
  "Dispute Resolution",
  "Other",
] as const;

export type PracticeArea = (typeof PRACTICE_AREAS)[number];

/** The four practice pages linked from the footer. */
export const PRACTICE_PAGES = [
  { slug: "corporate-commercial", title: "Corporate & Commercial" },
  { slug: "tax", title: "Tax & Regulatory" },
  { slug: "licensing", title: "Licenses & Approvals" },
  { slug: "disputes", title: "Dispute Resolution" },
] as const;
