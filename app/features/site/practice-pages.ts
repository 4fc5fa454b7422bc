/** The four practice pages linked from the footer (/practice-areas/{slug}). */
export type PracticePage = {
  slug: string;
  title: string;
  service: string;
  description: string;
  intro: string;
  services: string[];
  approach: string[];
  faqs: Array<{ q: string; a: string }>;
};

export const PRACTICE_PAGE_CONTENT: PracticePage[] = [
  {
    slug: "corporate-commercial",
    title: "Corporate & Commercial",
    service: "Corporate & Commercial",
    description:
      "Company formation, shareholder agreements, commercial contracts and corporate compliance under the Companies Act, 2013, for start-ups and established businesses.",
    intro:
      "We advise founders, family businesses and listed groups on the legal side of running a company in India: from incorporation and funding to the contracts that bring in revenue and the compliance that keeps directors out of trouble.",
    services: [
      "Incorporation of private and public companies and LLPs, and foreign-owned subsidiaries",
      "Shareholder, joint-venture and investment agreements, and ESOP schemes",
      "Commercial contracts: supply, distribution, franchise, services and technology",
      "Board and secretarial compliance, annual filings and statutory registers",
      "Data-protection compliance under the Digital Personal Data Protection Act, 2023",
      "Restructuring, mergers and schemes of arrangement before the NCLT",
    ],
    approach: [
      "A partner reads every document before it goes out.",
      "Fixed fees for defined pieces of work, agreed in writing in advance.",
      "Plain-language summaries of every contract we draft or review.",
    ],
    faqs: [
      {
        q: "Should I register a private limited company or an LLP?",
        a: "A private company suits businesses that plan to raise equity from investors; an LLP has lighter compliance and suits professional firms. We compare both for your plans in one meeting.",
      },
      {
        q: "How long does incorporation take?",
        a: "With documents in order, a company is usually incorporated within one to two weeks through the SPICe+ form on the MCA portal.",
      },
    ],
  },
  {
    slug: "tax",
    title: "Tax & Regulatory",
    service: "Tax & Regulatory",
    description:
      "GST advisory and litigation, replies to show cause notices, income-tax assessments and appeals, and regulatory filings for businesses in Delhi, Haryana and across India.",
    intro:
      "Tax disputes are won on the record. We help businesses keep that record in order, answer notices on time and with evidence, and take disputes up the appellate ladder when they must.",
    services: [
      "GST registration, classification and place-of-supply advice",
      "Replies to GST show cause notices under Sections 73 and 74 of the CGST Act",
      "Appeals before the appellate authority, the GST Appellate Tribunal and the High Court",
      "Income-tax assessments, reassessment notices and appeals",
      "Customs and foreign-trade matters, and FEMA compliance",
      "Regulatory filings and representations before ministries and regulators",
    ],
    approach: [
      "We reconcile your returns before we draft a single line of a reply.",
      "Every reply cites the provision, the circular and the judgment it relies on.",
      "We ask for a personal hearing whenever an adverse order is contemplated.",
    ],
    faqs: [
      {
        q: "I have received a GST show cause notice. How much time do I have?",
        a: "The notice states the time to reply, usually thirty days. Do not let it lapse: an order can be passed without hearing you. Send us the notice as soon as it arrives.",
      },
      {
        q: "Do I have to deposit tax before filing an appeal?",
        a: "Yes, a pre-deposit of a percentage of the disputed tax is required for GST appeals. We calculate it and advise on staying the recovery of the balance.",
      },
    ],
  },
  {
    slug: "licensing",
    title: "Licenses & Approvals",
    service: "Licenses & Approvals",
    description:
      "FSSAI, trade, shop-and-establishment, IEC, drug and pollution-control licences: we identify what your business needs, file the applications and track renewals.",
    intro:
      "Most businesses need several licences before they open their doors, and each has its own authority, forms and renewal dates. We map what you need, prepare the applications and keep a calendar of renewals so nothing lapses.",
    services: [
      "FSSAI basic registration, State and Central licences, and modifications",
      "Shop and establishment registration and trade licences",
      "Importer-Exporter Code (IEC) and foreign-trade registrations",
      "Drug and cosmetic licences, and medical-device registrations",
      "Consent to establish and operate from the pollution control boards",
      "Fire, building and health approvals for premises",
    ],
    approach: [
      "A licence map for your business in the first week.",
      "One point of contact who follows up with each department.",
      "Renewal reminders well before each expiry date.",
    ],
    faqs: [
      {
        q: "Does a home kitchen selling food online need an FSSAI registration?",
        a: "Yes. Every food business operator needs at least a basic FSSAI registration, and food-delivery platforms ask for it before listing you.",
      },
      {
        q: "What happens if my licence expires?",
        a: "Operating on an expired licence can attract penalties and, in some cases, closure. Renewal applications filed late may also attract a late fee.",
      },
    ],
  },
  {
    slug: "disputes",
    title: "Dispute Resolution",
    service: "Dispute Resolution",
    description:
      "Civil, commercial, criminal and family litigation, arbitration and mediation before the courts and tribunals of Delhi and Haryana, the Supreme Court of India and arbitral tribunals.",
    intro:
      "We represent individuals and businesses in court, in arbitration and at the mediation table. Our first question is always whether the dispute can be settled well; when it cannot, we prepare thoroughly and argue firmly.",
    services: [
      "Commercial suits and arbitrations, and challenges to and enforcement of awards",
      "Writ petitions and appeals before the High Courts and the Supreme Court",
      "Criminal defence, bail and quashing petitions, and cheque bounce matters",
      "Family matters: divorce, maintenance, custody and domestic violence",
      "Consumer complaints and RERA proceedings",
      "Mediation by certified mediators, and negotiated settlements",
    ],
    approach: [
      "An honest assessment of your chances and costs before you start.",
      "A written case plan with the next steps and dates.",
      "Updates after every hearing, the same day.",
    ],
    faqs: [
      {
        q: "How long will my case take?",
        a: "It depends on the forum and the other side. Commercial courts and arbitration are usually faster than ordinary civil suits. We give you a realistic estimate after reading the papers.",
      },
      {
        q: "Can my dispute be settled without going to court?",
        a: "Often, yes. Many disputes settle through a well-drafted legal notice, negotiation or mediation. Pre-institution mediation is mandatory for most commercial suits.",
      },
    ],
  },
];

/**
 * The article categories each practice page answers for (lower case): an article links to its page
 * ("More on …"); a category none lists links to /practice-areas.
 */
const PAGE_OF_CATEGORY: Record<string, PracticePage["slug"]> = {
  corporate: "corporate-commercial",
  "corporate & commercial": "corporate-commercial",
  "data protection": "corporate-commercial",
  employment: "corporate-commercial",
  "real estate": "corporate-commercial",
  "mergers & acquisitions": "corporate-commercial",
  "banking & finance": "corporate-commercial",
  "intellectual property": "corporate-commercial",
  tax: "tax",
  gst: "tax",
  "tax & regulatory": "tax",
  licensing: "licensing",
  "licenses & approvals": "licensing",
  "dispute resolution": "disputes",
  disputes: "disputes",
  litigation: "disputes",
  arbitration: "disputes",
  "litigation & arbitration": "disputes",
  "family disputes": "disputes",
};

/** The practice page an article of this category belongs to, or null (then the list of areas). */
export function practicePageForCategory(category: string | null | undefined): PracticePage | null {
  const slug = PAGE_OF_CATEGORY[(category ?? "").trim().toLowerCase()];
  return PRACTICE_PAGE_CONTENT.find((page) => page.slug === slug) ?? null;
}
