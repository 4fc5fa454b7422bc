/**
 * The visual check: every public page at 390 and 1440 px (one load each), asserting in the browser that no
 * image is distorted (rendered aspect ratio within 2% of its natural one) or broken, no two visible
 * interactive elements overlap, nothing scrolls sideways, and the quick-contact dial covers no text.
 * A full-page screenshot of each is attached to the test (the HTML report) and written to
 * test-results/screenshots/ (SCREENSHOT_DIR), the folder CI keeps as an artifact for review: every run,
 * passed or failed, leaves the whole set there.
 * The home page's hero is also checked at 320, 768 and 1024 px.
 *
 * The same load at 1440 px is each public page's sweep: it answers without a server error, carries
 * the site shell, and axe-core finds no serious or critical violation once it is hydrated (one load
 * per page for all of it, rather than one per check).
 */
import { join } from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./axe";
import { hydrated, loginAs, skipDisclaimer } from "./fixtures";
import { SITE_PAGES } from "./public-pages";
import { findVisualDefects, loadAllImages, type VisualDefects } from "./visual-checks";

const WIDTHS = [390, 1440] as const;

// Each page is its own test on a fresh page, so the sweep spreads over every worker (in one worker it
// was the last five minutes of the run, with the other worker idle).
test.describe.configure({ mode: "parallel" });
test.beforeEach(async ({ context, baseURL }) => skipDisclaimer(context, baseURL));

function expectNoDefects(defects: VisualDefects, label: string) {
  expect.soft(defects.distortedImages, `${label}: distorted images`).toEqual([]);
  expect.soft(defects.brokenImages, `${label}: broken images`).toEqual([]);
  expect.soft(defects.overlappingControls, `${label}: overlapping interactive elements`).toEqual([]);
  expect.soft(defects.horizontalScroll, `${label}: horizontal scroll`).toEqual([]);
  expect.soft(defects.dialOverText, `${label}: the quick-contact dial covers text`).toEqual([]);
}

/** Where every run leaves its screenshots (Playwright empties test-results/ when a run starts). */
const SCREENSHOT_DIR = join("test-results", "screenshots");

// JPEG: a quarter of a PNG's size and far less CPU to encode a long page; enough to review by eye.
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = join(SCREENSHOT_DIR, name);
  await page.screenshot({ fullPage: true, type: "jpeg", quality: 70, path });
  await testInfo.attach(name, { path, contentType: "image/jpeg" });
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of SITE_PAGES) {
      test(path, async ({ page }, testInfo) => {
        const response = await page.goto(path);
        expect(response!.status(), path).toBeLessThan(500);
        await loadAllImages(page);
        const defects = await findVisualDefects(page);
        await attachScreenshot(page, testInfo, `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.jpg`);
        expectNoDefects(defects, `${path} at ${width}px`);
        if (width !== 1440) return;
        await expect(page.getByRole("navigation", { name: "Main" }), path).toBeAttached();
        await expect(page.getByRole("contentinfo"), path).toBeVisible();
        await expect(page.locator("h1").first(), path).toBeVisible();
        await hydrated(page, ".site-header a");
        await expectAccessible(page, path);
      });
    }
  });
}

test("the hero reads whole at 320, 390, 768, 1024 and 1440 px", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/");
  await loadAllImages(page);
  for (const width of [320, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const hero = page.locator(".hero");
    // Every line of the hero's text lies inside the hero and the viewport, on the scrim (nothing clips it).
    const outside = await hero.evaluate((section) => {
      const box = section.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const problems: string[] = [];
      for (const element of section.querySelectorAll<HTMLElement>("h1, p, li")) {
        for (const rect of element.getClientRects()) {
          if (rect.left < box.left - 0.5 || rect.right > Math.min(box.right, width) + 0.5 || rect.bottom > box.bottom)
            problems.push(`${element.tagName} "${element.innerText.slice(0, 30)}" at ${rect.left}–${rect.right}`);
        }
        if (element.scrollWidth > element.clientWidth + 1) problems.push(`${element.tagName} is clipped`);
      }
      return problems;
    });
    expect.soft(outside, `hero at ${width}px`).toEqual([]);
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    expectNoDefects(await findVisualDefects(page), `/ at ${width}px`);
    const path = join(SCREENSHOT_DIR, `hero-${width}.png`);
    await hero.screenshot({ path });
    await testInfo.attach(`hero-${width}.png`, { path, contentType: "image/png" });
  }
});

test("a client's own pages read whole on a 320 px phone: a wide table scrolls in its box, not the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await loginAs(page, "client");
  for (const path of ["/dashboard", "/quiz/quizzes", "/quiz/results", "/account/security"]) {
    await page.goto(path);
    await loadAllImages(page);
    expect.soft((await findVisualDefects(page)).horizontalScroll, `${path} at 320px: horizontal scroll`).toEqual([]);
  }
});
