// The public list's search and category filter, and an article's related articles: in SQL on D1, and
// through the page, whatever a visitor puts in the URL.
import { describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import {
  articleFilter,
  listArticleCategories,
  listPublishedArticles,
  relatedArticles,
} from "~/features/articles/articles.server";
import { appFetch, pageText, testContext } from "../helpers";

const HOUR = 3_600_000;

/** A word no seeded or other test's article has, so each test's pages are its own (and not edge-cached). */
const word = () => `zq${Math.random().toString(36).slice(2, 9)}`;

type Row = typeof articles.$inferInsert;

async function insert(rows: Array<Partial<Row> & { slug: string; title: string }>) {
  const { db } = testContext();
  const now = Date.now();
  await db.insert(articles).values(
    rows.map((row, index) => ({
      summary: "A summary.",
      highlight: "A highlight.",
      status: "published" as const,
      publishedAt: new Date(now - (index + 1) * HOUR),
      ...row,
    })),
  );
}

describe("the articles list's filter in SQL", () => {
  it("searches titles and summaries of published, due articles only, ignoring case, % and _ literal", async () => {
    const w = word();
    await insert([
      { slug: `${w}-a`, title: `GST on ${w.toUpperCase()} exports`, category: "Tax" },
      { slug: `${w}-b`, title: "Another", summary: `Summary naming ${w}.`, category: "Licensing" },
      { slug: `${w}-c`, title: `Pending ${w}`, status: "pending" },
      { slug: `${w}-d`, title: `Scheduled ${w}`, publishedAt: new Date(Date.now() + 24 * HOUR) },
      { slug: `${w}-e`, title: `${w} 100% sure`, category: "Tax" },
    ]);
    const { db } = testContext();
    const found = await listPublishedArticles(db, { q: w });
    expect(found.items.map((row) => row.slug)).toEqual([`${w}-a`, `${w}-b`, `${w}-e`]);
    expect(found.total).toBe(3);

    const inTax = await listPublishedArticles(db, { q: w, category: "Tax" });
    expect(inTax.items.map((row) => row.slug)).toEqual([`${w}-a`, `${w}-e`]);
    expect(inTax.total).toBe(2);

    // A visitor's % is a character, not a wildcard.
    expect((await listPublishedArticles(db, { q: `${w} 100%` })).items.map((row) => row.slug)).toEqual([`${w}-e`]);
    expect((await listPublishedArticles(db, { q: `${w}%exports` })).total).toBe(0);
  });

  it("filters by category alone with the stored counts, paging the result", async () => {
    const w = word();
    const category = `Cat ${w}`;
    await insert(
      Array.from({ length: 8 }, (_, i) => ({ slug: `${w}-${i}`, title: `Item ${i}`, category })).concat([
        { slug: `${w}-other`, title: "Elsewhere", category: "Tax" },
      ]),
    );
    const { db } = testContext();
    const first = await listPublishedArticles(db, { category });
    expect(first).toMatchObject({ total: 8, page: 1, pages: 2 });
    expect(first.items).toHaveLength(6);
    const second = await listPublishedArticles(db, { category, page: 2 });
    expect(second.items.map((row) => row.slug)).toEqual([`${w}-6`, `${w}-7`]);
    expect(await listArticleCategories(db)).toContain(category);
  });

  it("offers only categories that have a published article, never the empty one", async () => {
    const w = word();
    await insert([
      { slug: `${w}-p`, title: "Waiting", category: `Pending ${w}`, status: "pending" },
      { slug: `${w}-n`, title: "No category", category: null },
      { slug: `${w}-y`, title: "Shown", category: `Shown ${w}` },
    ]);
    const categories = await listArticleCategories(testContext().db);
    expect(categories).toContain(`Shown ${w}`);
    expect(categories).not.toContain(`Pending ${w}`);
    expect(categories).not.toContain("");
  });

  it("reads a bounded filter from any URL", () => {
    const long = articleFilter(new URLSearchParams({ q: `  ${"x".repeat(10_000)} `, category: "c".repeat(500) }));
    expect(long.q).toHaveLength(100);
    expect(long.category).toHaveLength(60);
    expect(articleFilter(new URLSearchParams({ q: "   ", category: " " }))).toEqual({ q: null, category: null });
    expect(articleFilter(new URLSearchParams("q=a&q=b&category=Tax"))).toEqual({ q: "a", category: "Tax" });
  });
});

describe("the /blogs page's filter", () => {
  it("shows the matching articles, says how many, and its paging links keep the filter", async () => {
    const w = word();
    await insert([
      ...Array.from({ length: 7 }, (_, i) => ({ slug: `${w}-${i}`, title: `Found ${w} ${i}`, category: "Tax" })),
      { slug: `${w}-x`, title: `Found ${w} elsewhere`, category: "Licensing" },
    ]);
    const response = await appFetch(`/blogs?q=${w}&category=Tax`);
    expect(response.status).toBe(200);
    const html = await pageText(response);
    expect(html).toContain(`7 articles found for “${w}” in Tax.`);
    expect(html).toContain(`href="/blogs/${w}-0"`);
    expect(html).not.toContain(`href="/blogs/${w}-x"`);
    // The form shows what was asked for; the next page link carries it.
    expect(html).toContain(`value="${w}"`);
    expect(html).toMatch(/<option value="Tax" selected="">Tax<\/option>/);
    expect(html).toContain(`href="/blogs?q=${w}&amp;category=Tax&amp;page=2"`);
    const second = await pageText(await appFetch(`/blogs?q=${w}&category=Tax&page=2`));
    expect(second).toContain(`href="/blogs/${w}-6"`);
    expect(second).toContain("Page 2 of 2");
  });

  it("says so when nothing matches, and answers a page for any input, never an error", async () => {
    const w = word();
    const none = await appFetch(`/blogs?q=${w}`);
    expect(none.status).toBe(200);
    expect(await pageText(none)).toContain(`No articles found for “${w}”. Try other words or all categories.`);

    const urls = [
      `/blogs?q=${"%E0%A4%95".repeat(5000)}${w}`,
      `/blogs?q=${"a".repeat(20_000)}`,
      `/blogs?category=${w}-unknown`,
      `/blogs?category=${"c".repeat(5000)}`,
      `/blogs?q=%25_%5C${w}&category=%00`,
      `/blogs?q=${w}&page=-3`,
    ];
    for (const url of urls) {
      const response = await appFetch(url);
      expect(response.status, url.slice(0, 60)).toBe(200);
      expect(await pageText(response), url.slice(0, 60)).toContain("No articles found");
    }
    // Other parameter names are no filter: the whole list.
    expect((await appFetch(`/blogs?q[]=${w}&category[x]=1`)).status).toBe(200);
    const unknown = await pageText(await appFetch(`/blogs?category=${w}-unknown`));
    expect(unknown).toContain(`No articles found in ${w}-unknown.`);
  });
});

describe("an article's related articles", () => {
  it("are two published others, those of its category first, then the newest", async () => {
    const w = word();
    const category = `Rel ${w}`;
    await insert([
      { slug: `${w}-newest`, title: "Newest of all", category: "Tax" },
      { slug: `${w}-same-pending`, title: "Same, pending", category, status: "pending" },
      { slug: `${w}-same`, title: "Same category", category },
      { slug: `${w}-self`, title: "The article itself", category },
      { slug: `${w}-future`, title: "Same, scheduled", category, publishedAt: new Date(Date.now() + HOUR) },
    ]);
    const { db } = testContext();
    const self = await db.query.articles.findFirst({ where: (a, { eq }) => eq(a.slug, `${w}-self`) });
    const related = await relatedArticles(db, self!);
    expect(related.map((row) => row.slug)).toEqual([`${w}-same`, `${w}-newest`]);

    // On the page: the practice page for its category (none here: all areas), the booking link, the two cards.
    const html = await pageText(await appFetch(`/blogs/${w}-self`));
    expect(html).toContain('href="/practice-areas"');
    expect(html).toContain('href="/consultation"');
    expect(html).toContain(`href="/blogs/${w}-same"`);
    expect(html).toContain(`href="/blogs/${w}-newest"`);
    expect(html).not.toContain(`href="/blogs/${w}-same-pending"`);
  });

  it("a Tax article links to the tax practice and books a consultation for it", async () => {
    const w = word();
    await insert([{ slug: `${w}-tax`, title: "GST refunds", category: "Tax" }]);
    const html = await pageText(await appFetch(`/blogs/${w}-tax`));
    expect(html).toContain('href="/practice-areas/tax"');
    expect(html).toContain(
      `href="/consultation?service=${encodeURIComponent("Tax & Regulatory").replace(/&/g, "&amp;")}"`,
    );
  });
});
