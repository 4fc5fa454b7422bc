/** Shared bits of the form-pattern specs (forms*.spec.ts): files that must be refused, and filling the staff editors. */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs } from "./fixtures";

/** Text bytes under an image's name and type: the server reads the bytes and refuses them. */
export const FAKE_PNG = { name: "not-a-picture.png", mimeType: "image/png", buffer: Buffer.from("just some text\n") };

/**
 * A real PNG signature padded to 30 MB (the oversized upload; the image limit is 5 MB),
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
