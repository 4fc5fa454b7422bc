// The benchmark's large data set: N published articles (plus N/20 pending
// submissions) with realistic text sizes, and Q quizzes of 10 questions, added
// to a local database that `db/seed.ts` has already seeded.
//
//   node bench/seed-bench.mjs --persist-to .wrangler/bench-1000 --rows 1000 [--quizzes 10]
//
// Fast at any size: the SQL file holds a few INSERT … SELECT statements that
// generate the rows inside SQLite from a recursive counter (10,000 rows per
// statement), run by ONE `wrangler d1 execute --local --file` (100,000
// articles, ~300 MB of text, take about 5 s). Deterministic apart from the
// dates, which count back from the time of seeding.
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const QUESTIONS_PER_QUIZ = 10;
const CHUNK = 10_000;
const MINUTE = 60_000;

/** The slug of bench article n (1-based). */
export const benchArticleSlug = (n) => `bench-article-${String(n).padStart(6, "0")}`;

/** The default number of quizzes for a number of articles: rows/100, at least 10, at most 1000. */
export const defaultQuizzes = (rows) => Math.min(1000, Math.max(10, Math.round(rows / 100)));

const TITLES = [
  "GST Input Tax Credit Reversals After the 2024 Amendments",
  "Arbitration Clauses That Survive a Challenge Under Section 34",
  "What the DPDP Rules Mean for a Small Online Business",
  "Drafting Non-Compete Clauses Indian Courts Will Enforce",
  "Trademark Oppositions: Timelines and Evidence",
  "Cheque Bounce Cases Under Section 138: A Practical Guide",
  "RERA Complaints Against Delayed Possession",
  "Employee Stock Options and the New Labour Codes",
  "FSSAI Licences for Cloud Kitchens",
  "Shareholder Agreements: Drag-Along and Tag-Along Rights",
  "Insolvency Petitions by Operational Creditors",
  "Customs Valuation Disputes and Advance Rulings",
  "Consumer Commission Complaints for E-commerce Purchases",
  "Stamp Duty on Leave and Licence Agreements in Delhi",
  "Domestic Enquiry Procedure Before Dismissing an Employee",
  "Excise Licences for Bars and Restaurants in Haryana",
  "Foreign Investment Filings Under FEMA: Form FC-GPR",
  "Limitation Periods for Commercial Suits",
  "Will Registration and Probate in Delhi",
  "Data Breach Notification: The 72-Hour Question",
];
const CATEGORIES = ["Tax", "Disputes", "Data Protection", "Corporate", "Licensing", "Employment", "Real Estate"];
const AUTHORS = ["Anjali Sharma", "Vikram Rao", "Meera Iyer", null];
const SUMMARIES = [
  "A step-by-step look at what the law now requires, the documents to keep ready, and the mistakes that most often turn a routine matter into a dispute.",
  "Recent decisions of the Supreme Court and the Delhi High Court have narrowed the room for argument. Here is what that means for contracts signed this year.",
  "The rules changed quietly in the last notification. We explain who is affected, what has to be filed and by when, and what happens if the deadline is missed.",
  "Businesses in Delhi and Haryana ask us about this every week. This note answers the five questions we hear most, with the sections and forms that apply.",
  "Before you reply to the notice, read this: the reply at the first stage decides most cases, long before any appeal is filed.",
];
const HIGHLIGHTS = [
  "Keep a dated record of every communication: it is usually the deciding evidence.",
  "The limitation period runs from the date of the cause of action, not from the date you noticed it.",
  "A clause that is too wide is void; a narrow, reasoned one is usually upheld.",
  "Most penalties are waived when the default is disclosed and cured before the department finds it.",
  "Registration is cheap; an unregistered document can cost you the case.",
];
const PARAGRAPHS = [
  "The first question is always jurisdiction. A court or tribunal that lacks jurisdiction cannot grant relief however strong the merits, and an objection to jurisdiction taken late is often treated as waived. Check the agreement for an exclusive jurisdiction clause, the seat of any arbitration, and the place where the cause of action, or part of it, arose.",
  "Documents decide most commercial disputes. Invoices, purchase orders, emails that confirm delivery, ledger extracts and bank statements should be collected before the first notice is sent, not after the reply arrives. Where electronic records are relied on, the certificate required by the Bharatiya Sakshya Adhiniyam must be prepared at the same time.",
  "Limitation is strict. For a suit on an account the period is three years, and an acknowledgment in writing signed by the other side before the period expires starts a fresh period. Part payment has the same effect only if it appears in the handwriting of, or in a writing signed by, the person making it.",
  "A well-drafted reply is short, answers each allegation in order, and attaches the documents it relies on. It does not argue the law at length; that comes later. It does, however, reserve every right and remedy, and it asks for copies of any document the notice refers to but does not attach.",
  "Regulators increasingly expect a compliance record rather than a compliance claim. A register of consents, a log of data requests and the dates they were answered, or a file of licence renewals with the challans paid, turns an inspection from an argument into a formality.",
  "Settlement remains the cheapest outcome in most cases. Mediation before the Delhi High Court Mediation and Conciliation Centre, or pre-institution mediation under the Commercial Courts Act, resolves a large share of disputes within a few sittings, and a settlement recorded there is enforceable as a decree.",
  "Costs follow the event more often than they used to. Commercial courts now award actual costs, and a party that rejects a reasonable offer or prolongs the proceedings can find the costs order larger than the amount it saved by refusing to settle.",
  "Finally, keep the client informed in writing. A short note after each hearing, with the next date, what was argued and what is expected, prevents misunderstandings and forms a record that protects both the client and the firm.",
];

/** Five Markdown bodies of about 1.2, 1.9, 2.6, 3.3 and 4 KB (2.7 KB on average over the rows). */
function bodies() {
  const out = [];
  for (let variant = 0; variant < 5; variant += 1) {
    const target = 1200 + variant * 700;
    let text = "";
    for (let index = 0; text.length < target; index += 1) {
      const paragraph = PARAGRAPHS[(index + variant) % PARAGRAPHS.length];
      text += index % 3 === 0 ? `## Point ${index / 3 + 1}\n\n${paragraph}\n\n` : `${paragraph}\n\n`;
    }
    out.push(text.trim());
  }
  return out;
}

const QUESTIONS = [
  [
    "Which Act governs contracts in India?",
    ["Indian Contract Act, 1872", "Sale of Goods Act, 1930", "Companies Act, 2013", "Specific Relief Act, 1963"],
    0,
  ],
  ["A contract with a minor is…", ["Voidable", "Valid", "Void ab initio", "Illegal"], 2],
  ["Consideration is defined in section…", ["2(a)", "2(d)", "10", "73"], 1],
  ["Damages for breach of contract are dealt with in section…", ["56", "73", "124", "182"], 1],
  ["A proposal becomes a promise when it is…", ["Made", "Communicated", "Accepted", "Revoked"], 2],
  ["The doctrine of frustration is in section…", ["23", "56", "65", "70"], 1],
  [
    "An agreement in restraint of trade is…",
    ["Valid", "Void, with exceptions", "Voidable", "Illegal and punishable"],
    1,
  ],
  ["A contract of indemnity is defined in section…", ["124", "126", "148", "182"], 0],
  [
    "Who is a bailee?",
    ["The person delivering goods", "The person to whom goods are delivered", "A surety", "An agent"],
    1,
  ],
  ["Free consent excludes…", ["Coercion", "Acceptance", "Consideration", "Capacity"], 0],
];

const sqlString = (value) => (value == null ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);
/** A small lookup table as a CTE: name(i, columns…) AS (VALUES (0, …), (1, …)). */
const valuesTable = (name, columns, rows) =>
  `${name}(${["i", ...columns].join(", ")}) AS (VALUES ${rows.map((row, i) => `(${[i, ...row.map(sqlString)].join(", ")})`).join(", ")})`;

/**
 * The SQL statements that add the bench rows, each an INSERT … SELECT over a
 * recursive counter. The text comes from small lookup tables read with scalar
 * subqueries (a JOIN would let SQLite re-run the counter for every lookup row).
 */
export function benchSeedSql({ rows, quizzes, now = Date.now() }) {
  const statements = [];
  const bodyVariants = bodies();
  const lookups = [
    valuesTable(
      "titles",
      ["t"],
      TITLES.map((t) => [t]),
    ),
    valuesTable(
      "cats",
      ["c"],
      CATEGORIES.map((c) => [c]),
    ),
    valuesTable(
      "authors",
      ["a"],
      AUTHORS.map((a) => [a]),
    ),
    valuesTable(
      "summaries",
      ["s"],
      SUMMARIES.map((s) => [s]),
    ),
    valuesTable(
      "highlights",
      ["h"],
      HIGHLIGHTS.map((h) => [h]),
    ),
    valuesTable(
      "bodies",
      ["b"],
      bodyVariants.map((b) => [b]),
    ),
  ].join(",\n");
  const articleInsert = (from, to, { prefix, status, titleSuffix }) =>
    `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}),
${lookups}
INSERT INTO articles (id, slug, title, category, summary, highlight, author, image, body, published_at, status, submitted_by_user_id, created_at, updated_at)
SELECT printf('${prefix}-id-%06d', n), printf('${prefix}-%06d', n),
  (SELECT t FROM titles WHERE i = n % ${TITLES.length}) || printf('${titleSuffix}', n),
  (SELECT c FROM cats WHERE i = n % ${CATEGORIES.length}),
  (SELECT s FROM summaries WHERE i = n % ${SUMMARIES.length}),
  (SELECT h FROM highlights WHERE i = (n / ${SUMMARIES.length}) % ${HIGHLIGHTS.length}),
  (SELECT a FROM authors WHERE i = n % ${AUTHORS.length}),
  NULL,
  (SELECT b FROM bodies WHERE i = (n * 7) % ${bodyVariants.length}),
  ${now} - n * ${45 * MINUTE}, '${status}', NULL, ${now} - n * ${45 * MINUTE}, ${now} - n * ${45 * MINUTE}
FROM seq;`;

  for (let from = 1; from <= rows; from += CHUNK) {
    statements.push(
      articleInsert(from, Math.min(rows, from + CHUNK - 1), {
        prefix: "bench-article",
        status: "published",
        titleSuffix: " (note %d)",
      }),
    );
  }
  const pending = Math.floor(rows / 20);
  for (let from = 1; from <= pending; from += CHUNK) {
    statements.push(
      articleInsert(from, Math.min(pending, from + CHUNK - 1), {
        prefix: "bench-pending",
        status: "pending",
        titleSuffix: " (draft %d)",
      }),
    );
  }

  if (quizzes > 0) {
    statements.push(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${quizzes}),
${valuesTable(
  "titles",
  ["t"],
  TITLES.map((t) => [t]),
)}
INSERT INTO quizzes (id, title, total_time, created_by, created_at, updated_at)
SELECT printf('bench-quiz-%05d', n), 'Quiz: ' || (SELECT t FROM titles WHERE i = n % ${TITLES.length}) || printf(' (set %d)', n),
  ${QUESTIONS_PER_QUIZ}, 'seed-user-teacher', ${now} - n * ${180 * MINUTE}, ${now} - n * ${180 * MINUTE}
FROM seq;`);
    const questionRows = QUESTIONS.map(([text, options, correct]) => [text, JSON.stringify(options), String(correct)]);
    const perChunk = CHUNK / QUESTIONS_PER_QUIZ;
    for (let from = 1; from <= quizzes; from += perChunk) {
      const to = Math.min(quizzes, from + perChunk - 1);
      statements.push(`WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}),
${valuesTable("bank", ["text", "options", "correct"], questionRows)}
INSERT INTO quiz_questions (id, quiz_id, position, text, options, correct_answer, time_per_question)
SELECT printf('bench-quiz-%05d-q%d', n, bank.i + 1), printf('bench-quiz-%05d', n), bank.i, bank.text, bank.options, CAST(bank.correct AS INTEGER), 1
FROM seq CROSS JOIN bank;`);
    }
  }
  return statements;
}

/**
 * Write the SQL to `dir` and run it against the local database in `persistTo`
 * with `execute(args)` (a function running `wrangler` with those arguments).
 */
export async function seedBench({ persistTo, rows, quizzes, dir, execute }) {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/bench-seed-${rows}.sql`;
  writeFileSync(file, `${benchSeedSql({ rows, quizzes }).join("\n\n")}\n`);
  await execute(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  return {
    articles: rows,
    pendingArticles: Math.floor(rows / 20),
    quizzes,
    questionsPerQuiz: QUESTIONS_PER_QUIZ,
    file,
  };
}

// Standalone: node bench/seed-bench.mjs --persist-to DIR --rows N [--quizzes Q]
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { spawnSync } = await import("node:child_process");
  const arg = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const persistTo = arg("--persist-to");
  const rows = Number(arg("--rows") ?? 1000);
  if (!persistTo || !(rows >= 1)) {
    console.error("usage: node bench/seed-bench.mjs --persist-to DIR --rows N [--quizzes Q]");
    process.exit(2);
  }
  const quizzes = Number(arg("--quizzes") ?? defaultQuizzes(rows));
  const started = Date.now();
  const seeded = await seedBench({
    persistTo,
    rows,
    quizzes,
    dir: "bench/out",
    execute: async (args) => {
      const result = spawnSync("node_modules/.bin/wrangler", args, {
        stdio: "inherit",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      });
      if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed`);
    },
  });
  console.log(
    `Added ${seeded.articles} articles (+${seeded.pendingArticles} pending) and ${seeded.quizzes} quizzes in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
