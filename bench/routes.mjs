// What the benchmark measures: ONE table of routes (and, below it, the SQL
// whose query plans the report shows). Add a route here and every phase of
// bench/run.mjs picks it up: probe, warm-up, load, page weight, Lighthouse.
//
// An entry:
//   id        stable key (results.json, the growth comparison)
//   name      what the tables call it
//   method    HTTP method
//   path      a path, or (ctx) => path (ctx: see `makeContext` in bench/run.mjs: ctx.fetch,
//             ctx.token(role), ctx.cookie(role), ctx.unavailable, and the fixtures
//             staticAsset, articleSlug, servicePath, quizId)
//   headers   request headers (object), optional
//   body      request body (string), optional
//   prepare   async (ctx) => ({ path?, method?, headers?, body? }): runs once before the route is
//             probed (sign in, start a quiz attempt…); throw ctx.unavailable(response, what) when a
//             step it needs answers badly, so the route is reported "missing" (404) or "error"
//   expect    the status (or list of statuses) of a correct answer; anything else counts as
//             unexpected, and a probe answering 404 marks the route "missing" (it is then skipped)
//   connections  autocannon connections for this route (default: --connections, 10)
//   load      false: not load-tested (page weight / Lighthouse only); default true
//   baseline  the static file every route's throughput is divided by (exactly one entry)
//   page      an HTML page: measure its HTML, JS and CSS weight
//   lighthouse  run Lighthouse (mobile) on it
//   write     a write operation (target: p50 ≤ 3× a plain D1-backed GET)
//   readReference  a plain D1-backed GET the write operations are compared with (the first one measured)
//   scale     measured again against the small database in the growth comparison (--rows > --compare-rows)
//   edgeCache an anonymous page served from the edge cache: after the load, a request must answer X-Cache: HIT
//   cpu       false: left out of the CPU-per-request phase (writes that would pile up rows, scrypt sign-ins);
//             default true

export const DEMO_PASSWORD = "Demo-Password-1";
export const DEMO_ACCOUNTS = {
  admin: "admin@example.com",
  teacher: "teacher@example.com",
  client: "client@example.com",
};

const json = (value) => JSON.stringify(value);
/** A session cookie that does not verify: the edge cache is bypassed, the page renders as for an anonymous visitor. */
const BYPASS_CACHE = { Cookie: "session=bench-bypass" };
const form = (fields) => new URLSearchParams(fields).toString();

const CONSULTATION = {
  name: "Bench Visitor",
  email: "bench.visitor@example.com",
  phone: "+91 98765 43210",
  service: "Dispute Resolution",
  message:
    "I would like advice on a commercial contract dispute with a supplier in Gurugram. Please call in the afternoon.",
};

/**
 * The quiz answer save, kept as one isolated entry so it is easy to adjust.
 * The client starts (or resumes) an attempt with POST /api/quiz/{id}/start
 * (bearer token; answers {attemptId, deadline, …}), then every request saves
 * one answer with POST /api/quiz/{id}/answer {questionIndex, answer}: an UPDATE
 * of the open attempt. (The attempt page's no-JS form posts the same to
 * /quiz/{id} with intent=answer and redirects.)
 */
export const QUIZ_ANSWER_SAVE = {
  id: "quiz-answer-save",
  name: "Quiz answer save",
  method: "POST",
  path: (ctx) => `/api/quiz/${ctx.quizId}/answer`,
  expect: 200,
  write: true,
  async prepare(ctx) {
    const token = await ctx.token("client");
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const startAttempt = async () => {
      const response = await ctx.fetch(`/api/quiz/${ctx.quizId}/start`, { method: "POST", headers, body: "{}" });
      return { response, started: await response.json().catch(() => ({})) };
    };
    let { response, started } = await startAttempt();
    // /start returns the open attempt, which the CPU phase (an earlier server on the same database)
    // may have opened minutes ago: its clock could run out during the load, and every save would be a
    // 409. Such an attempt is submitted and a fresh one started, with the whole time to run.
    if (response.ok && !(started.remainingMs > 60_000)) {
      const answers = (started.questions ?? []).map(() => 0);
      await ctx.fetch(`/api/results/${ctx.quizId}/submit`, { method: "POST", headers, body: json({ answers }) });
      ({ response, started } = await startAttempt());
    }
    if (!response.ok || !started.attemptId || !(started.remainingMs > 60_000))
      throw ctx.unavailable(response, `POST /api/quiz/${ctx.quizId}/start`);
    return { headers, body: json({ questionIndex: 0, answer: 1 }) };
  },
};

export const ROUTES = [
  {
    id: "static",
    name: "Static asset (baseline)",
    method: "GET",
    path: (ctx) => ctx.staticAsset,
    expect: 200,
    baseline: true,
    scale: true,
  },
  // Anonymous visitors' pages twice: as served (the edge cache warm: the warm-up stores the page, so
  // the load is answered from the Workers Cache API, X-Cache: HIT) and as rendered (a session cookie,
  // here one that does not verify, bypasses the cache; the page renders exactly as for a visitor).
  {
    id: "home",
    name: "Home (edge cache warm)",
    method: "GET",
    path: "/",
    expect: 200,
    edgeCache: true,
    page: true,
    lighthouse: true,
  },
  {
    // The returning visitor: the disclaimer accepted is its own cached variant of the page.
    id: "home-accepted",
    name: "Home, disclaimer accepted (edge cache warm)",
    method: "GET",
    path: "/",
    headers: { Cookie: "disclaimer_accepted=1" },
    expect: 200,
    edgeCache: true,
  },
  {
    id: "home-render",
    name: "Home (rendered)",
    method: "GET",
    path: "/",
    headers: BYPASS_CACHE,
    expect: 200,
    scale: true,
  },
  {
    id: "blogs",
    name: "Blogs list (edge cache warm)",
    method: "GET",
    path: "/blogs",
    expect: 200,
    edgeCache: true,
    page: true,
    lighthouse: true,
  },
  {
    id: "blogs-render",
    name: "Blogs list (rendered)",
    method: "GET",
    path: "/blogs",
    headers: BYPASS_CACHE,
    expect: 200,
    scale: true,
  },
  {
    id: "blogs-page-50",
    name: "Blogs list, page 50 (rendered)",
    method: "GET",
    path: "/blogs?page=50",
    headers: BYPASS_CACHE,
    expect: 200,
    page: true,
    scale: true,
  },
  {
    id: "article",
    name: "Article page (edge cache warm)",
    method: "GET",
    path: (ctx) => `/blogs/${ctx.articleSlug}`,
    expect: 200,
    edgeCache: true,
    page: true,
    lighthouse: true,
  },
  {
    id: "article-render",
    name: "Article page (rendered)",
    method: "GET",
    path: (ctx) => `/blogs/${ctx.articleSlug}`,
    headers: BYPASS_CACHE,
    expect: 200,
  },
  {
    // The og:image a link preview fetches, once drawn: a read from R2 (the drawing itself happens once).
    id: "article-share-image",
    name: "Article share picture (stored)",
    method: "GET",
    path: (ctx) => `/blogs/${ctx.articleSlug}`,
    expect: 200,
    async prepare(ctx) {
      const page = await ctx.fetch(`/blogs/${ctx.articleSlug}`);
      const image = /<meta property="og:image" content="([^"]+)"/.exec(await page.text())?.[1];
      if (!page.ok || !image) throw ctx.unavailable(page, "the article's og:image");
      const url = new URL(image.replace(/&amp;/g, "&"));
      const path = `${url.pathname}${url.search}`;
      const drawn = await ctx.fetch(path);
      if (drawn.status !== 200) throw ctx.unavailable(drawn, "the share picture");
      await drawn.arrayBuffer();
      return { path };
    },
  },
  {
    // Content fixed by the deploy: the cheapest render there is, the floor of what a page costs.
    id: "about-render",
    name: "About (rendered)",
    method: "GET",
    path: "/about",
    headers: BYPASS_CACHE,
    expect: 200,
  },
  {
    id: "practice-areas",
    name: "Practice areas",
    method: "GET",
    path: "/practice-areas",
    expect: 200,
    page: true,
    lighthouse: true,
  },
  {
    id: "service",
    name: "Service detail",
    method: "GET",
    path: (ctx) => `/services/${ctx.servicePath}`,
    expect: 200,
    page: true,
  },
  {
    id: "consultation-page",
    name: "Consultation page",
    method: "GET",
    path: "/consultation",
    expect: 200,
    page: true,
    lighthouse: true,
    load: false,
  },
  {
    id: "api-blogs",
    name: "GET /api/blogs",
    method: "GET",
    path: "/api/blogs",
    expect: 200,
    readReference: true,
    scale: true,
  },
  {
    id: "api-quiz",
    name: "GET /api/quiz",
    method: "GET",
    path: "/api/quiz",
    expect: 200,
    readReference: true,
    // The quiz portal sends the client's token (and no-cache) with every call.
    async prepare(ctx) {
      return { headers: { Authorization: `Bearer ${await ctx.token("client")}`, "Cache-Control": "no-cache" } };
    },
  },
  {
    id: "consultation-form",
    name: "Consultation form POST",
    method: "POST",
    path: "/consultation",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ ...CONSULTATION, consent: "on" }),
    // Post/Redirect/Get: a stored request answers 303 to /consultation?sent=1.
    expect: 303,
    write: true,
    cpu: false,
  },
  {
    id: "consultation-api",
    name: "Consultation API POST",
    method: "POST",
    path: "/api/consultation/send-consultation-request",
    headers: { "Content-Type": "application/json" },
    body: json({ ...CONSULTATION, consent: true }),
    expect: 200,
    write: true,
    cpu: false,
  },
  {
    id: "login",
    name: "Login POST",
    method: "POST",
    path: "/api/auth/login",
    headers: { "Content-Type": "application/json" },
    body: json({ email: DEMO_ACCOUNTS.client, password: DEMO_PASSWORD }),
    // A successful sign-in runs scrypt (deliberately slow, CPU-bound: ~0.2 s each) on every request.
    // With 10 connections the requests only queue (and a 2 s run may complete none), so 2.
    connections: 2,
    expect: 200,
    // scrypt is deliberately ~0.2 s of CPU: its figure is known and says nothing about rendering.
    cpu: false,
  },
  QUIZ_ANSWER_SAVE,
];

/**
 * The SQL whose EXPLAIN QUERY PLAN the report shows, written as Drizzle emits
 * it for the list reads: listPublishedArticles / listLatestArticles
 * (app/features/articles/articles.server.ts), listArticlesForApi and
 * getPublishedArticleBySlug (article-editor.server.ts), listQuizzes
 * (app/features/quiz/quiz.server.ts). {now} and {slug} are filled in by the run.
 */
const CARD_COLUMNS = '"id", "slug", "title", "category", "summary", "highlight", "author", "image", "published_at"';
const ALL_COLUMNS = `${CARD_COLUMNS}, "body", "status", "submitted_by_user_id", "created_at", "updated_at"`;
const PUBLISHED = `("articles"."status" = 'published' and "articles"."published_at" <= {now})`;
const NEWEST = `order by "articles"."published_at" desc, "articles"."id" desc`;

export const EXPLAIN_QUERIES = [
  {
    name: "Published articles, page 1 (/blogs)",
    sql: `select ${CARD_COLUMNS} from "articles" where ${PUBLISHED} ${NEWEST} limit 6 offset 0`,
  },
  {
    name: "Published articles, page 50 (/blogs?page=50)",
    sql: `select ${CARD_COLUMNS} from "articles" where ${PUBLISHED} ${NEWEST} limit 6 offset 294`,
  },
  {
    // The stored count (article_counts, kept by triggers) less the scheduled articles (decision 102).
    name: "Published articles, count (the list's page count)",
    sql:
      `select coalesce(sum("article_counts"."n"), 0) - (select count(*) from "articles" where ("articles"."status" = 'published' and "articles"."published_at" > {now})) ` +
      `from "article_counts" where "article_counts"."status" = 'published'`,
  },
  {
    name: "GET /api/blogs, page 1 (every column)",
    sql: `select ${ALL_COLUMNS} from "articles" where ${PUBLISHED} ${NEWEST} limit 10 offset 0`,
  },
  {
    name: "Latest articles (home page)",
    sql: `select ${CARD_COLUMNS} from "articles" where ${PUBLISHED} ${NEWEST} limit 3`,
  },
  {
    name: "Article page by slug",
    sql: `select ${ALL_COLUMNS} from "articles" where ("articles"."slug" = '{slug}' and "articles"."status" = 'published' and "articles"."published_at" <= {now}) limit 1`,
  },
  {
    name: "Quiz list (GET /api/quiz)",
    sql:
      'select "quizzes"."id", "quizzes"."title", "quizzes"."total_time", "quizzes"."created_at", "quizzes"."created_by", "users"."full_name", ' +
      '(select count(*) from "quiz_questions" where "quiz_questions"."quiz_id" = "quizzes"."id") ' +
      'from "quizzes" left join "users" on "users"."id" = "quizzes"."created_by" ' +
      'order by "quizzes"."created_at" desc',
  },
];
