// /blogs/{slug}/cover.svg: the generated cover of a published article, on its card and its page (its og:image
// is the cover drawn as a PNG: tests/integration/share-images.test.ts).
import { describe, expect, it } from "vitest";
import { articles } from "../../../db/schema";
import { appFetch, testContext } from "../../../tests/helpers";
import { wrapText } from "./cover";

const past = () => new Date(Date.now() - 60_000);

async function insert(values: Partial<typeof articles.$inferInsert> & { slug: string; title: string }) {
  await testContext()
    .db.insert(articles)
    .values({ summary: "A summary.", highlight: "A highlight.", publishedAt: past(), status: "published", ...values });
}

describe("article covers", () => {
  it("serves an SVG of the OpenGraph size with the title and category, escaped", async () => {
    await insert({ slug: "tax-duties", title: `Tax & <Duties> "explained" for importers`, category: "Tax & Customs" });
    const response = await appFetch("/blogs/tax-duties/cover.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await response.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630" viewBox="0 0 1200 630"/,
    );
    expect(svg).toContain("TAX &amp; CUSTOMS");
    expect(svg).toContain("Tax &amp; &lt;Duties&gt; &quot;explained&quot;");
    expect(svg).not.toContain("<Duties>");
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it("answers 404 for an unknown, unpublished or scheduled article", async () => {
    await insert({ slug: "pending-piece", title: "Pending", status: "pending" });
    await insert({ slug: "future-piece", title: "Future", publishedAt: new Date(Date.now() + 86_400_000) });
    for (const slug of ["no-such-article", "pending-piece", "future-piece"])
      expect((await appFetch(`/blogs/${slug}/cover.svg`)).status, slug).toBe(404);
  });

  it("is the card's and the page's cover without an upload, the og:image its PNG; an uploaded image wins", async () => {
    await insert({ slug: "generated-cover", title: "Generated cover", category: "Tax" });
    await insert({
      slug: "uploaded-cover",
      title: "Uploaded cover",
      image: "articles/abc.png",
      publishedAt: new Date(Date.now() - 120_000),
    });
    const list = await (await appFetch("/blogs")).text();
    expect(list).toContain('src="/blogs/generated-cover/cover.svg"');
    expect(list).toContain('src="/uploads/articles/abc.png"');

    const page = await (await appFetch("/blogs/generated-cover")).text();
    // Link previews show no SVG: the cover drawn as a PNG.
    expect(page).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/blogs\/generated-cover\/share.png\?v=/);
    expect(page).toMatch(
      /<img class="article-cover" src="\/blogs\/generated-cover\/cover.svg" alt="" width="1200" height="630"/,
    );
    const uploaded = await (await appFetch("/blogs/uploaded-cover")).text();
    expect(uploaded).toMatch(
      /<meta property="og:image" content="https:\/\/[^"]+\/blogs\/uploaded-cover\/share.png\?v=/,
    );
    // One og:type, the article's: a second ("website") before it is the one link previews read.
    expect([...page.matchAll(/<meta property="og:type" content="([^"]*)"/g)].map((match) => match[1])).toEqual([
      "article",
    ]);
  });

  it("wraps a title into at most four lines, cutting the last with an ellipsis", () => {
    expect(wrapText("Seat versus Venue in Indian Arbitration Clauses", 24, 4)).toEqual([
      "Seat versus Venue in",
      "Indian Arbitration",
      "Clauses",
    ]);
    const long = wrapText(Array.from({ length: 40 }, (_, index) => `word${index}`).join(" "), 24, 4);
    expect(long).toHaveLength(4);
    expect(long[3]).toMatch(/…$/);
    expect(wrapText("Supercalifragilisticexpialidociouslylong", 24, 4)).toEqual(["Supercalifragilisticexp…"]);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(24);
  });
});
