/**
 * The practice-areas page's content. Images are numbered by position in each
 * list: /images/practice-areas/expertise-N and dispute-N (.webp with a .jpg
 * fallback), drawn by scripts/generate-images.mjs in the same order.
 * Each card's 'Consult Now' preselects its own title (/consultation?service={title}).
 */
export type PracticeCard = {
  title: string;
  text: string;
};

export const AREAS_OF_EXPERTISE: PracticeCard[] = [
  {
    title: "Corporate & Commercial",
    text: "Company formation, shareholder and joint-venture agreements, board and secretarial compliance, and commercial contracts.",
  },
  {
    title: "Tax & Regulatory",
    text: "GST registration, returns and audits, replies to show cause notices, and appeals before the appellate authorities and tribunals.",
  },
  {
    title: "Licenses & Approvals",
    text: "FSSAI, trade, shop-and-establishment, import-export (IEC), drug and pollution-control licences, obtained and renewed on time.",
  },
  {
    title: "Mergers & Acquisitions",
    text: "Due diligence, share and asset purchases, schemes of arrangement before the NCLT, and post-deal integration.",
  },
  {
    title: "Banking & Finance",
    text: "Loan and security documentation, RBI and FEMA compliance, and advice to lenders and borrowers.",
  },
  {
    title: "Intellectual Property",
    text: "Trademark and copyright filings, oppositions, licensing, and actions against infringement and passing off.",
  },
  {
    title: "Real Estate",
    text: "Title due diligence, sale and lease deeds, registration and stamp duty, and RERA complaints.",
  },
  {
    title: "Certified Midiators",
    text: "Trained and certified mediators who help parties settle commercial, family and property disputes without a trial.",
  },
];

/** Four are shown first; the rest after 'Know More' (docs/product.md#constants). */
export const DISPUTES_SHOWN_FIRST = 4;

export const DISPUTE_RESOLUTION: PracticeCard[] = [
  {
    title: "Litigation & Arbitration",
    text: "Suits, writs and appeals before district courts, the High Courts and the Supreme Court, and domestic and international arbitrations.",
  },
  {
    title: "Family Disputes",
    text: "Divorce, maintenance, child custody and domestic-violence matters, handled with discretion and care.",
  },
  {
    title: "Administrative Cases",
    text: "Service matters, challenges to government orders and tenders, and proceedings before tribunals and regulators.",
  },
  {
    title: "Banking & Recovery",
    text: "Recovery suits, SARFAESI proceedings, DRT matters and insolvency petitions, for lenders and for borrowers.",
  },
  {
    title: "Criminal Defence",
    text: "Bail, anticipatory bail, quashing petitions and trial defence, including white-collar and economic offences.",
  },
  {
    title: "Civil Disputes",
    text: "Recovery of money, injunctions, specific performance and partition suits, from the first notice to the decree.",
  },
  {
    title: "Consumer Disputes",
    text: "Complaints before the District, State and National Consumer Commissions for deficient services and defective goods.",
  },
  {
    title: "Property Disputes",
    text: "Title, possession, tenancy and inheritance disputes, and defence against illegal dispossession.",
  },
  {
    title: "Cheque Bounce",
    text: "Demand notices and complaints under Section 138 of the Negotiable Instruments Act, and their defence.",
  },
];

export function consultHref(service: string) {
  return `/consultation?service=${encodeURIComponent(service)}`;
}
