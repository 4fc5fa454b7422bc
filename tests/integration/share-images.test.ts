// An article's share picture: the og:image of its page is its own 1200 × 630 PNG, drawn on the Worker
// from its cover (generated or uploaded), stored in R2 once, and replaced when the cover changes.
import { env } from "cloudflare:test";
import UPNG from "@pdf-lib/upng";
import { describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import { apiTokenFor, appFetch, bearer, createTestUser, formData, testContext } from "../helpers";

const db = () => testContext().db;

async function insertArticle(values: Partial<typeof articles.$inferInsert> & { slug: string; title: string }) {
  const [row] = await db()
    .insert(articles)
    .values({
      summary: "A summary.",
      highlight: "A highlight.",
      category: "Tax",
      publishedAt: new Date(Date.now() - 60_000),
      status: "published",
      ...values,
    })
    .returning();
  return row!;
}

/** The page's og:image tags, as a link preview reads them. */
async function shareTags(slug: string) {
  const page = await appFetch(`/blogs/${slug}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const tag = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
  return {
    image: tag("property", "og:image"),
    width: tag("property", "og:image:width"),
    height: tag("property", "og:image:height"),
    type: tag("property", "og:image:type"),
    twitter: tag("name", "twitter:image"),
  };
}

/** GET the picture the page names (its path: the tags carry the public origin) and decode it. */
async function fetchPicture(url: string) {
  const { pathname, search } = new URL(url);
  const response = await appFetch(`${pathname}${search}`);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, png: decodePng(bytes) };
}

type Picture = { width: number; height: number; data: Uint8Array };

/** A PNG's size and RGBA pixels, read by a PNG decoder (UPNG.js), not by the renderer that wrote it. */
function decodePng(bytes: Uint8Array): Picture {
  const image = UPNG.decode(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8Array(UPNG.toRGBA8(image)[0]!) };
}

const pixel = (png: Picture, x: number, y: number) => {
  const at = (y * png.width + x) * 4;
  return [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!];
};

function distinctColours(png: Picture) {
  const colours = new Set<string>();
  for (let y = 0; y < png.height; y += 5) for (let x = 0; x < png.width; x += 5) colours.add(pixel(png, x, y).join());
  return colours.size;
}

/** Pixels of the title's area (white glyphs on navy) that are near white. */
function titleInk(png: Picture) {
  let ink = 0;
  for (let y = 140; y < 420; y += 2)
    for (let x = 90; x < 860; x += 2) if (pixel(png, x, y).every((channel) => channel > 200)) ink++;
  return ink;
}

const storedPictures = async (articleId: string) =>
  (await env.UPLOADS.list({ prefix: `share-images/${articleId}/` })).objects.map((object) => object.key);

describe("article share pictures", () => {
  it("the page's og:image and twitter:image are its generated cover as a 1200 by 630 PNG with the title drawn", async () => {
    await insertArticle({ slug: "share-generated", title: "Seat versus Venue in Indian Arbitration" });
    const tags = await shareTags("share-generated");
    expect(tags.image).toMatch(/^https:\/\/[^/]+\/blogs\/share-generated\/share\.png\?v=[\w-]{16}$/);
    expect(tags).toMatchObject({ width: "1200", height: "630", type: "image/png", twitter: tags.image });

    const { png } = await fetchPicture(tags.image!);
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(distinctColours(png)).toBeGreaterThan(20);
    // The background is the cover's navy; the title is drawn in white (no font: no text at all).
    expect(pixel(png, 20, 300)[2]).toBeGreaterThan(pixel(png, 20, 300)[0]!);
    expect(titleInk(png)).toBeGreaterThan(2000);

    // Glyphs, not boxes: two titles of the same length and shape of words draw different pixels.
    await insertArticle({ slug: "share-glyphs-a", title: "Aaaa bbbb cccc" });
    await insertArticle({ slug: "share-glyphs-b", title: "Wwww mmmm xxxx" });
    const a = (await fetchPicture((await shareTags("share-glyphs-a")).image!)).png;
    const b = (await fetchPicture((await shareTags("share-glyphs-b")).image!)).png;
    let differing = 0;
    for (let y = 150; y < 300; y += 2)
      for (let x = 90; x < 800; x += 2) if (pixel(a, x, y).join() !== pixel(b, x, y).join()) differing++;
    expect(differing).toBeGreaterThan(1000);
  });

  it("is stored in R2 once: a second request is the stored object, untouched by a new drawing", async () => {
    const article = await insertArticle({ slug: "share-stored", title: "Stored once" });
    const { image } = await shareTags("share-stored");
    const first = await fetchPicture(image!);
    const [key] = await storedPictures(article.id);
    expect(key).toBeDefined();
    const stored = await env.UPLOADS.head(key!);
    expect(first.response.headers.get("ETag")).toBe(stored!.httpEtag);

    const second = await fetchPicture(image!);
    expect(second.response.headers.get("ETag")).toBe(stored!.httpEtag);
    expect(second.bytes).toEqual(first.bytes);
    expect((await env.UPLOADS.head(key!))!.etag).toBe(stored!.etag);
    expect(second.response.headers.get("Cache-Control")).toContain("immutable");
  });

  it("a changed title gives a new URL and picture; the old URL leads to the new one and the old picture goes", async () => {
    const article = await insertArticle({ slug: "share-renamed", title: "The first title" });
    const before = (await shareTags("share-renamed")).image!;
    const old = await fetchPicture(before);

    // Edited as staff edit it (the API), which also refreshes the cached page.
    const admin = await createTestUser({ role: "admin" });
    const edited = await appFetch(`/api/blogs/${article.id}`, {
      method: "PUT",
      body: formData({ title: "A second, rather different title" }),
      headers: bearer(await apiTokenFor(admin.email)),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = (await shareTags("share-renamed")).image!;
    expect(after).not.toBe(before);
    const renamed = await fetchPicture(after);
    expect(renamed.bytes).not.toEqual(old.bytes);

    const { pathname, search } = new URL(before);
    const stale = await appFetch(`${pathname}${search}`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(`${new URL(after).pathname}${new URL(after).search}`);
    // The old picture is deleted after the response.
    await expect
      .poll(() => storedPictures(article.id))
      .toEqual([`share-images/${article.id}/${new URL(after).searchParams.get("v")}.png`]);
  });

  it("an uploaded cover fills the picture; a WebP upload, which resvg cannot read, gives the generated cover", async () => {
    // A 600 × 400 PNG, red on the left half and blue on the right.
    const rgba = new Uint8Array(600 * 400 * 4);
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 600; x++) rgba.set(x < 300 ? [220, 30, 30, 255] : [30, 30, 220, 255], (y * 600 + x) * 4);
    await env.UPLOADS.put("articles/share-test.png", UPNG.encode([rgba.buffer], 600, 400, 0), {
      httpMetadata: { contentType: "image/png" },
    });
    await insertArticle({ slug: "share-uploaded", title: "Uploaded", image: "articles/share-test.png" });
    const { png } = await fetchPicture((await shareTags("share-uploaded")).image!);
    expect([png.width, png.height]).toEqual([1200, 630]);
    const [red, , blueOfRed] = pixel(png, 300, 315);
    const [redOfBlue, , blue] = pixel(png, 900, 315);
    expect(red).toBeGreaterThan(180);
    expect(blueOfRed).toBeLessThan(80);
    expect(blue).toBeGreaterThan(180);
    expect(redOfBlue).toBeLessThan(80);

    await env.UPLOADS.put("articles/share-test.webp", new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0]), {
      httpMetadata: { contentType: "image/webp" },
    });
    await insertArticle({ slug: "share-webp", title: "A WebP cover", image: "articles/share-test.webp" });
    const webp = (await fetchPicture((await shareTags("share-webp")).image!)).png;
    expect([webp.width, webp.height]).toEqual([1200, 630]);
    expect(titleInk(webp)).toBeGreaterThan(1000);
  });

  it("draws a huge title and odd characters; an unknown or unpublished article's picture is 404", async () => {
    const odd = `Tax & <Duties> "quoted" 'single' ₹ 100 — ā ṛ ś — हिंदी 😀 \u0001\u0008 \ud800 ${"long ".repeat(2000)}`;
    await insertArticle({ slug: "share-odd", title: odd, category: `<Odd> & "cat" ${"x".repeat(500)}` });
    const { png } = await fetchPicture((await shareTags("share-odd")).image!);
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(titleInk(png)).toBeGreaterThan(2000);

    await insertArticle({ slug: "share-pending", title: "Pending", status: "pending" });
    for (const slug of ["share-missing", "share-pending"]) {
      const response = await appFetch(`/blogs/${slug}/share.png?v=abc`);
      expect(response.status, slug).toBe(404);
    }
  });
});
