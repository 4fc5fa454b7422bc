/**
 * The content a fresh local database is seeded with. Real-looking, fictional.
 * Ids are fixed so the seed is idempotent (re-running inserts nothing twice).
 */
import type { ServiceIcon } from "./schema";

export const DEMO_PASSWORD = "Demo-Password-1";

export const DEMO_USERS = [
  { id: "seed-user-admin", email: "admin@example.com", fullName: "Anjali Sharma", role: "admin" },
  { id: "seed-user-teacher", email: "teacher@example.com", fullName: "Rohan Mehta", role: "teacher" },
  { id: "seed-user-client", email: "client@example.com", fullName: "Priya Verma", role: "client" },
] as const;

const day = 24 * 3600_000;
const BASE = Date.UTC(2026, 9, 1, 4, 30); // 1 Oct 2026, 10:00 IST

export const SEED_ARTICLES = [
  {
    id: "seed-article-1",
    slug: "dpdp-act-2023-what-businesses-must-do",
    title: "The DPDP Act, 2023: What Indian Businesses Must Do Now",
    category: "Data Protection",
    summary:
      "The Digital Personal Data Protection Act, 2023 and its Rules set out consent, notice and breach-reporting duties for every business that handles personal data of people in India.",
    highlight:
      "Consent must be free, specific, informed, unconditional and unambiguous, and as easy to withdraw as to give.",
    author: "Anjali Sharma",
    body: "## Who the Act applies to\n\nThe Act applies to the processing of digital personal data within India, and to processing outside India when it is connected with offering goods or services to people in India.\n\n## The duties of a Data Fiduciary\n\n- Give a clear notice before or at the time of seeking consent.\n- Keep data accurate and complete where it is used to make decisions.\n- Put reasonable security safeguards in place.\n- Report personal data breaches to the Board and to each affected person.\n- Erase data once the purpose is served, unless the law requires retention.\n\n## What to do this quarter\n\nMap the personal data you hold, review every consent form and privacy notice, and appoint a person to answer data principals' questions.",
    publishedAt: BASE,
  },
  {
    id: "seed-article-2",
    slug: "gst-show-cause-notice-how-to-respond",
    title: "Received a GST Show Cause Notice? How to Respond",
    category: "Tax",
    summary:
      "A show cause notice under Section 73 or 74 of the CGST Act starts a time-bound process. A well-documented reply at this stage often ends the matter.",
    highlight: "Most demands are won or lost on the reply to the show cause notice, long before any appeal.",
    author: null,
    body: "## Read the notice closely\n\nCheck the period, the provision invoked, the computation and whether the notice was issued within the limitation period.\n\n## Gather the records\n\nReconcile GSTR-1, GSTR-3B and GSTR-2B for the period, and collect invoices, e-way bills and contracts.\n\n## Ask for a personal hearing\n\nA hearing must be granted where an adverse decision is contemplated. Use it to walk the officer through your reconciliation.",
    publishedAt: BASE - 9 * day,
  },
  {
    id: "seed-article-3",
    slug: "arbitration-seat-versus-venue",
    title: "Seat versus Venue in Indian Arbitration Clauses",
    category: "Dispute Resolution",
    summary:
      "Courts have repeatedly held that the seat of arbitration decides which court supervises the arbitration. A clause that names only a venue invites costly litigation.",
    highlight: "Name the seat expressly. A single word in the clause can decide which High Court hears your challenge.",
    author: "Vikram Rao",
    body: '## Why the seat matters\n\nThe courts at the seat have exclusive supervisory jurisdiction over the arbitration, including challenges to the award.\n\n## Drafting tips\n\n- Say "The seat of arbitration shall be New Delhi".\n- State the governing law of the arbitration agreement.\n- Fix the number of arbitrators and the appointing procedure.',
    publishedAt: BASE - 18 * day,
  },
  {
    id: "seed-article-4",
    slug: "fssai-licence-or-registration",
    title: "FSSAI Licence or Registration: Which Does Your Food Business Need?",
    category: "Licensing",
    summary:
      "Every food business operator in India needs either an FSSAI registration or a State or Central licence, depending on turnover, capacity and activity.",
    highlight: "Operating without the right FSSAI licence can attract penalties and closure of the premises.",
    author: null,
    body: "## Basic registration\n\nSmall businesses below the turnover threshold need only a basic registration.\n\n## State and Central licences\n\nLarger manufacturers, importers and businesses operating in several states need a State or Central licence. Renew before expiry to avoid late fees.",
    publishedAt: BASE - 27 * day,
  },
  {
    id: "seed-article-5",
    slug: "cheque-bounce-section-138-timeline",
    title: "Cheque Bounce Cases under Section 138: The Timeline That Matters",
    category: "Litigation",
    summary:
      "A complaint under Section 138 of the Negotiable Instruments Act depends on strict deadlines: the demand notice, the payment window and the filing of the complaint.",
    highlight: "Miss the 30-day window for the demand notice and the criminal remedy may be lost.",
    author: "Vikram Rao",
    body: "## The steps\n\n1. The cheque is returned unpaid.\n2. Send a written demand notice within 30 days of the bank's memo.\n3. The drawer has 15 days to pay.\n4. File the complaint within one month after those 15 days.",
    publishedAt: BASE - 36 * day,
  },
  {
    id: "seed-article-6",
    slug: "posh-compliance-checklist",
    title: "POSH Compliance: A Checklist for Employers",
    category: "Employment",
    summary:
      "Every employer with ten or more employees must constitute an Internal Committee under the Sexual Harassment of Women at Workplace Act, 2013 and file an annual report.",
    highlight: "An Internal Committee that exists only on paper is not compliance.",
    author: null,
    body: "## The essentials\n\n- Constitute the Internal Committee with an external member.\n- Adopt and display a written policy.\n- Train employees and committee members every year.\n- File the annual report with the District Officer.",
    publishedAt: BASE - 45 * day,
  },
  {
    id: "seed-article-7",
    slug: "rera-homebuyer-remedies",
    title: "Delayed Possession: Remedies for Homebuyers under RERA",
    category: "Real Estate",
    summary:
      "Homebuyers facing delayed possession can seek interest for every month of delay, or withdraw from the project with a refund and interest, before the state RERA authority.",
    highlight: "The choice between interest and refund belongs to the allottee, not the promoter.",
    author: "Anjali Sharma",
    body: "## Your options\n\nUnder Section 18 of the Real Estate (Regulation and Development) Act, 2016 an allottee may withdraw and claim a refund with interest, or stay in the project and claim interest for the delay.",
    publishedAt: BASE - 54 * day,
  },
] as const;

export const SEED_TESTIMONIALS = [
  {
    id: "seed-testimonial-1",
    clientName: "Rakesh Gupta",
    message:
      "The team handled our GST notice with great care. Their reply was thorough, and the demand was dropped at the hearing.",
    submittedBy: null,
  },
  {
    id: "seed-testimonial-2",
    clientName: "Meera Nair",
    message: "Clear advice on our company's data-protection duties, in plain language. We knew exactly what to change.",
    submittedBy: null,
  },
  {
    id: "seed-testimonial-3",
    clientName: "Harpreet Singh",
    message: "They represented me in a cheque bounce matter and kept me informed at every step. Highly recommended.",
    submittedBy: "Harpreet Singh",
  },
  {
    id: "seed-testimonial-4",
    clientName: "Sunita Kapoor",
    message: "Our restaurant's FSSAI licence came through quickly and without any back and forth. Very professional.",
    submittedBy: "Aman Kapoor",
  },
  {
    id: "seed-testimonial-5",
    clientName: "Arjun Malhotra",
    message: "Sound strategy in a commercial arbitration. The award was in our favour and was upheld.",
    submittedBy: null,
  },
  {
    id: "seed-testimonial-6",
    clientName: "Fatima Sheikh",
    message: "Compassionate and practical help in a difficult family matter. Thank you for your patience.",
    submittedBy: null,
  },
] as const;

export const SEED_FACULTY = [
  {
    id: "seed-faculty-1",
    name: "Anjali Sharma",
    subject: "Corporate & Commercial Law",
    specialization: "Mergers, data protection and regulatory compliance",
    services: ["Corporate advisory", "Data protection", "Contract drafting"],
    description:
      "Founding partner with over eighteen years of practice before the Delhi High Court and regulators, advising companies from start-ups to listed groups.",
    sortOrder: 1,
  },
  {
    id: "seed-faculty-2",
    name: "Vikram Rao",
    subject: "Dispute Resolution",
    specialization: "Commercial arbitration and civil litigation",
    services: ["Arbitration", "Civil litigation", "Cheque bounce matters"],
    description:
      "Founding partner who leads the firm's disputes practice, appearing in arbitrations and before the Supreme Court, High Courts and tribunals.",
    sortOrder: 2,
  },
  {
    id: "seed-faculty-3",
    name: "Kavita Iyer",
    subject: "Tax & Regulatory",
    specialization: "GST, customs and licensing",
    services: ["GST advisory", "Tax litigation", "Licences & approvals"],
    description:
      "Partner heading the tax and regulatory practice, with extensive experience in indirect-tax disputes and licensing for food, drug and trade businesses.",
    sortOrder: 3,
  },
] as const;

/**
 * The seeded services carry no shared videos: the firm adds its own recordings at /admin/services.
 * (An earlier seed linked a well-known joke video; db/seed.ts removes it from local databases.)
 */
export const RETIRED_SEED_VIDEO_ID = "dQw4w9WgXcQ";

export const SEED_SERVICES: ReadonlyArray<{
  id: string;
  title: string;
  path: string;
  levels: string;
  icon: ServiceIcon;
  youtubeVideos: string[];
  subServices: ReadonlyArray<{
    id: string;
    title: string;
    description: string;
    youtubeLink: string | null;
    withPdfs: boolean;
  }>;
}> = [
  {
    id: "seed-service-1",
    title: "Judiciary Exam Preparation",
    path: "judiciary-exam",
    levels: "Foundation · Advanced · Mains Answer Writing",
    icon: "FaGavel",
    youtubeVideos: [],
    subServices: [
      {
        id: "seed-sub-1",
        title: "Constitutional Law",
        description:
          "Fundamental rights, directive principles and the basic structure doctrine, with landmark judgments.",
        youtubeLink: null,
        withPdfs: true,
      },
      {
        id: "seed-sub-2",
        title: "Code of Civil Procedure",
        description: "Suits, pleadings, execution and appeals, taught through problem questions.",
        youtubeLink: null,
        withPdfs: true,
      },
    ],
  },
  {
    id: "seed-service-2",
    title: "Corporate Law Certificate",
    path: "corporate-law",
    levels: "Beginner · Intermediate",
    icon: "FaBriefcase",
    youtubeVideos: [],
    subServices: [
      {
        id: "seed-sub-3",
        title: "Companies Act Essentials",
        description: "Incorporation, directors' duties, meetings and filings under the Companies Act, 2013.",
        youtubeLink: null,
        withPdfs: true,
      },
    ],
  },
  {
    id: "seed-service-3",
    title: "Contract Drafting Workshop",
    path: "contract-drafting",
    levels: "Practitioner",
    icon: "FaFileContract",
    youtubeVideos: [],
    subServices: [
      {
        id: "seed-sub-4",
        title: "Commercial Contracts",
        description: "Structure, boilerplate, indemnities and limitation of liability, with drafting exercises.",
        youtubeLink: null,
        withPdfs: false,
      },
    ],
  },
];

export const SEED_QUIZ = {
  id: "seed-quiz-1",
  title: "Indian Contract Act Basics",
  questions: [
    {
      text: "Under the Indian Contract Act, 1872, an agreement enforceable by law is a…",
      options: ["Promise", "Contract", "Proposal", "Consideration"],
      correctAnswer: 1,
    },
    {
      text: "Which section of the Indian Contract Act defines 'consideration'?",
      options: ["Section 2(a)", "Section 2(d)", "Section 10", "Section 73"],
      correctAnswer: 1,
    },
    {
      text: "An agreement with a minor is…",
      options: ["Valid", "Voidable at the minor's option", "Void ab initio", "Enforceable after majority"],
      correctAnswer: 2,
    },
    {
      text: "Damages for breach of contract are governed mainly by…",
      options: ["Section 56", "Section 73", "Section 124", "Section 148"],
      correctAnswer: 1,
    },
    {
      text: "A contract of indemnity is defined in…",
      options: ["Section 124", "Section 126", "Section 148", "Section 182"],
      correctAnswer: 0,
    },
  ],
};
