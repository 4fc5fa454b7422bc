/** Shared bits of the form-pattern specs (forms*.spec.ts): files that must be refused, and filling the staff editors. */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs } from "./fixtures";

/** Text bytes under an image's name and type: the server reads the bytes and refuses them. */
export const FAKE_PNG = { name: "not-a-picture.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") };

/**
 * A real PNG signature padded to 30 MB (the issue's oversized upload; the image limit is 5 MB),
 * written once to a temporary file: the browser reads it from disk, where 30 MB handed over as a
 * buffer would crawl through the DevTools protocol.
 */
export function hugePng(): string {
  const file = join(tmpdir(), "e2e-huge-30mb.png");
  if (!existsSync(file) || statSync(file).size !== HUGE_PNG_BYTES) {
    const bytes = Buffer.alloc(HUGE_PNG_BYTES);
    Buffer.from("89504e470d0a1a0a", "hex").copy(bytes);
    writeFileSync(file, bytes);
  }
  return file;
}
const HUGE_PNG_BYTES = 30 * 1024 * 1024;

export const WRONG_TYPE = "The file must be a JPEG, PNG, WebP or GIF image.";
export const TOO_LARGE = "The file is too large: the limit is 5 MB.";

export async function fillArticle(page: Page, title: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Summary").fill("What a gift deed of immovable property costs in Delhi.");
  await page.getByLabel("Highlight (a key quote)").fill("Register the deed within four months.");
}

export async function fillTestimonial(page: Page, name: string) {
  await page.getByLabel("Client name").fill(name);
  await page.getByLabel("Testimonial", { exact: true }).fill("They explained every step of my property dispute.");
}

/** Each page with an image upload: how to fill its other fields, the file field's label and its submit button. */
export const UPLOAD_PAGES = [
  { path: "/admin/blogs", fill: fillArticle, file: /Cover image/, submit: "Publish article" },
  { path: "/admin/testimonials", fill: fillTestimonial, file: /^Photo \(/, submit: "Submit testimonial" },
] as const;

/**
 * A validation message where the form shows it for its field (or, naming no field, at the top of
 * the form), not its copy in the error summary (which links to the field).
 */
export function fieldError(scope: Page | Locator, message: string | RegExp) {
  return scope.locator(".field__error, [role=alert]").getByText(message);
}

/** The error summary at the top of a refused form ("There is a problem"). */
export function errorSummary(scope: Page | Locator) {
  return scope.locator(".error-summary");
}

/**
 * Delete through the API (to the trash) what a test published, so the public lists other specs check
 * (the home page's latest insights and testimonials, /blogs, /testimonial) show the seeded items again.
 */
export async function unpublish(page: Page, kind: "blogs" | "testimonials", names: string[]) {
  const headers = { Authorization: `Bearer ${await apiToken(page, DEMO_ACCOUNTS.admin.email)}` };
  const response = await page.request.get(kind === "blogs" ? "/api/blogs?limit=50" : "/api/testimonials", { headers });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items?: unknown[] } | unknown[];
  const items = (Array.isArray(body) ? body : (body.items ?? [])) as {
    _id: string;
    title?: string;
    clientName?: string;
  }[];
  const mine = items.filter((item) => names.includes(item.title ?? item.clientName ?? ""));
  expect(mine.length, `${kind} published by the test`).toBeGreaterThan(0);
  for (const item of mine)
    expect((await page.request.delete(`/api/${kind}/${item._id}`, { headers })).status()).toBe(200);
}

/** A tiny real PNG (1×1). */
export const TINY_PNG = {
  name: "cover.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
    "hex",
  ),
};

/**
 * The same steps with JavaScript on and off: an admin publishes an article with a
 * cover, then ticks "Remove the cover image" on its edit form. The stored file is gone, the
 * article page shows the generated cover, and the edit form has no current image to remove.
 * The article is deleted at the end.
 */
export async function removeArticleCover(
  page: Page,
  title: string,
  /** Run while the edit form shows the current cover (the axe check, with JavaScript). */
  onEditForm?: (page: Page) => Promise<void>,
) {
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  await fillArticle(page, title);
  await page.getByLabel(/Cover image/).setInputFiles(TINY_PNG);
  await page.getByRole("button", { name: "Publish article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}” published. View it`);

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
  const stored = await page.getByRole("img", { name: "Current cover image" }).getAttribute("src");
  expect(stored).toMatch(/^\/uploads\/articles\//);
  await onEditForm?.(page);
  await page.getByLabel("Remove the cover image (the generated cover shows instead)").check();
  await page.getByRole("button", { name: "Update article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}” updated. View it`);
  expect((await page.request.get(stored!)).status()).toBe(404);

  await page.getByRole("status").getByRole("link", { name: "View it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("main img.article-cover")).toHaveAttribute("src", /^\/blogs\/[a-z0-9-]+\/cover\.svg$/);

  await page.goto("/admin/blogs");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Current cover image" })).toHaveCount(0);
  await expect(page.getByLabel(/Remove the cover image/)).toHaveCount(0);
  await unpublish(page, "blogs", [title]);
}

/**
 * Two tabs open one article's edit form; the first saves a new title, then the second: it is refused
 * with the reason, keeps its typed title, and a second click is refused too; the first tab saves again;
 * opened again, the second shows the first tab's title (decision 105).
 */
export async function twoTabsEditOneArticle(page: Page, javaScriptEnabled: boolean) {
  const title = `Two tabs ${javaScriptEnabled ? "js" : "no-js"} ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  await fillArticle(page, title);
  await page.getByRole("button", { name: "Publish article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}” published. View it`);
  const editPath = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(editPath!);
    await expect(tab.getByRole("heading", { name: "Edit article" })).toBeVisible();
    if (javaScriptEnabled) await hydrated(tab, "form[id^='article-'] button[type='submit']");
  }

  await page.getByLabel("Title", { exact: true }).fill(`${title}, first tab`);
  await page.getByRole("button", { name: "Update article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}, first tab” updated. View it`);

  const refused = second.getByText("Someone else saved this article after you opened it").first();
  await second.getByLabel("Title", { exact: true }).fill(`${title}, second tab`);
  await second.getByRole("button", { name: "Update article" }).click();
  await expect(refused).toBeVisible();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title}, second tab`);
  // A second click is refused too: once it is answered, the article still has the first tab's title.
  await Promise.all([
    second.waitForResponse((response) => response.request().method() === "POST"),
    second.getByRole("button", { name: "Update article" }).click(),
  ]);
  await expect(refused).toBeVisible();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title}, second tab`);
  await second.goto(editPath!);
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title}, first tab`);

  // The first tab's form, opened again by its own save, saves again.
  await page.getByLabel("Title", { exact: true }).fill(`${title}, first tab again`);
  await page.getByRole("button", { name: "Update article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}, first tab again” updated. View it`);

  await second.goto(editPath!);
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title}, first tab again`);
  await second.close();
  await unpublish(page, "blogs", [`${title}, first tab again`]);
}

/** Where a control sits on the page (document coordinates: focus, or a page loaded anew, may scroll the viewport). */
export function pagePosition(control: Locator) {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });
}

/**
 * An admin edits every field of an article but its date on /admin/blogs: `publishedAt` (read back
 * through the API, to the millisecond) and the feed's `pubDate` stay as they were.
 */
export async function editAllButTheDate(page: Page, title: string, js: boolean) {
  const token = await apiToken(page, DEMO_ACCOUNTS.admin.email);
  // A minute ago, at .210 of its second (recent, so the feed's newest items still include it).
  const moment = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000 + 210);
  const publishedAt = moment.toISOString();
  // As Chromium writes a datetime-local's value: no trailing zeros in the fraction (".21").
  const indiaClock = new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 23).replace(/0+$/, "");
  const created = await page.request.post("/api/blogs", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title, summary: "Before.", highlight: "Before.", publishedAt },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, slug } = (await created.json()) as { _id: string; slug: string };
  const pubDate = async (articleSlug: string) =>
    new RegExp(`/blogs/${articleSlug}</link>[\\s\\S]*?<pubDate>([^<]+)</pubDate>`).exec(
      await (await page.request.get("/blogs/rss.xml")).text(),
    )?.[1];
  expect(await pubDate(slug)).toBe(moment.toUTCString());

  await loginAs(page, "admin");
  await page.goto(`/admin/blogs?edit=${id}`);
  if (js) await hydrated(page, "form[enctype]");
  // The date field shows India's clock, to the millisecond the article has.
  await expect(page.getByLabel(/^Publish on/)).toHaveValue(indiaClock);
  await page.getByLabel("Title", { exact: true }).fill(`${title} revised`);
  await page.getByLabel("Summary").fill("After.");
  await page.getByLabel("Highlight (a key quote)").fill("After.");
  await page.getByLabel("Author (optional)").fill("A. Sharma");
  await page.getByLabel("Category (optional)").fill("Tax");
  await page.getByLabel(/^Slug/).fill(`${slug}-revised`);
  await page.getByLabel(/^Article text/).fill("New *text*.");
  await page.getByLabel("…or an image link (https://)").fill("https://example.com/cover.png");
  await page.getByRole("button", { name: "Update article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title} revised” updated. View it`);

  const list = await page.request.get(`/api/blogs?q=${encodeURIComponent(`${title} revised`)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const items = ((await list.json()) as { items: { _id: string; publishedAt: string; slug: string }[] }).items;
  const stored = items.find((item) => item._id === id);
  expect(stored).toMatchObject({ slug: `${slug}-revised`, publishedAt });
  expect(await pubDate(`${slug}-revised`)).toBe(moment.toUTCString());
}

/** An admin deletes an article: the confirmation says it goes to the trash, and the notice's Undo brings it back. */
export async function deleteArticleAndUndo(page: Page, title: string, js: boolean) {
  const token = await apiToken(page, DEMO_ACCOUNTS.admin.email);
  const created = await page.request.post("/api/blogs", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title, summary: "To undo.", highlight: "To undo." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  if (js) {
    await hydrated(page, "form[enctype]");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Move this article to the trash?");
      void dialog.accept();
    });
    await page.getByRole("button", { name: `Delete ${title}` }).click();
  } else {
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByRole("heading", { name: "Move this article to the trash?" })).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  }
  const notice = page.getByRole("status");
  await expect(notice).toContainText("Article moved to the trash.");
  expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(404);
  await notice.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status")).toHaveText(`Restored: “${title}” is back where it was.`);
  await expect(page).toHaveURL(/\/admin\/blogs\?done=restored/);
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(200);
}
