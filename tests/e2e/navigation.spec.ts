/**
 * Everything reachable, one name per page: every page of the sitemap can be reached by following links
 * from the home page; the sitemap lists every public page; each footer link carries its page's own name
 * (its <h1>); 'Consult Now' on every practice-area card preselects that card's area.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { FOOTER_LINKS } from "../../app/config/navigation";
import { SITE_PAGES, UNLISTED_PUBLIC_PAGES } from "./public-pages";

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

async function sitemapPaths(request: APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decodeURI(new URL(decode(match[1]!)).pathname));
}

/** Same-site page links of an HTML document, without query or fragment (staff and API areas left out). */
function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]+)"/g)]
    .map((match) => decode(match[1]!))
    .filter((href) => href.startsWith("/") && !href.startsWith("//"))
    .map((href) => decodeURI(href.split(/[?#]/)[0]!))
    .filter((path) => !/^\/(admin|api|quiz|uploads|images|assets|dashboard|logout)(\/|$)/.test(path))
    .filter((path) => !/\.[a-z0-9]+$/i.test(path));
}

test("every page of the sitemap is reachable from the home page by following links", async ({ request }) => {
  test.setTimeout(90_000);
  const listed = await sitemapPaths(request);
  const reached = new Set<string>();
  const queue = ["/"];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reached.has(path)) continue;
    reached.add(path);
    const response = await request.get(path, { headers: { Cookie: "disclaimer_accepted=1" } });
    if (!response.ok() || !response.headers()["content-type"]?.includes("text/html")) continue;
    const html = await response.text();
    expect(html, `${path} uses one name for the licensing practice`).not.toContain("Licensing &amp; Approvals");
    for (const link of pageLinks(html)) if (!reached.has(link)) queue.push(link);
    // Paged lists (the articles) are followed page by page.
    for (const match of html.matchAll(/href="(\/blogs\?page=\d+)"/g))
      if (!reached.has(match[1]!)) queue.push(match[1]!);
  }
  expect(listed.filter((path) => !reached.has(path))).toEqual([]);
});

test("the sitemap lists every public page", async ({ request }) => {
  const listed = new Set(await sitemapPaths(request));
  const unlisted = new Set(UNLISTED_PUBLIC_PAGES.map((path) => path.split("?")[0]));
  expect(SITE_PAGES.filter((path) => !unlisted.has(path.split("?")[0]) && !listed.has(path))).toEqual([]);
  for (const path of ["/services", "/service", "/pay-dues", "/myra", "/practice-areas/licensing"])
    expect(listed.has(path), path).toBe(true);
});

test("each footer link carries its page's own name", async ({ request }) => {
  for (const link of Object.values(FOOTER_LINKS).flat()) {
    const html = await (await request.get(link.to)).text();
    const h1 = decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "");
    expect(h1, `${link.to}: the footer says '${link.label}'`).toBe(link.label);
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""), link.to).toContain(link.label);
  }
});

test("Consult Now on every practice-area card preselects that card's area", async ({ page }) => {
  await page.goto("/practice-areas");
  const knowMore = page.getByRole("button", { name: "Know More" });
  if (await knowMore.isVisible()) await knowMore.click();
  const cards = page.getByRole("main").getByRole("article");
  const count = await cards.count();
  expect(count).toBeGreaterThan(10);
  const targets: Array<{ title: string; href: string }> = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    const title = (await card.getByRole("heading").textContent())!.trim();
    const href = (await card.getByRole("link", { name: `Consult Now about ${title}` }).getAttribute("href"))!;
    expect(href, title).toBe(`/consultation?service=${encodeURIComponent(title)}`);
    targets.push({ title, href });
  }
  for (const { title, href } of targets.filter((target) => /Midiators|Cheque Bounce|Tax/.test(target.title))) {
    await page.goto(href);
    await expect(page.getByLabel("Practice area"), title).toHaveValue(title);
  }
});
