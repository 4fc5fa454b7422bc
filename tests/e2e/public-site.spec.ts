/**
 * The public site in Chromium with JavaScript: each page's key content and
 * behaviour. axe-core runs on every public page in the site-wide sweep (visual.spec.ts), and here on
 * the states a sweep does not reach (the open disclaimer, the lightbox, the demo quiz).
 */
import { firm, messagingUrl } from "../../app/config/firm";
import { expectAccessible } from "./axe";
import { expect, hydrated, loginAs, skipDisclaimer, test } from "./fixtures";
import type { Page } from "@playwright/test";

const isBlogListData = (url: string) => /\.data\?/.test(url) && /_routes=[^&]*routes%2Fblogs%2B%2F_index/.test(url);
const isTestimonialData = (url: string) =>
  /\.data\?/.test(url) && /_routes=[^&]*routes%2F_site%2B%2Ftestimonial/.test(url);

test.describe("the disclaimer", () => {
  test("shows once per browser session, traps focus, and 'I AGREE' closes it in place", async ({ page, browser }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Disclaimer" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Bar Council of India");
    await expect(dialog).toContainText("lawyer–client relationship");
    const agree = dialog.getByRole("button", { name: "I AGREE" });
    // Focus moves into the dialog once the page is interactive, and stays there.
    await expect(agree).toBeFocused();
    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    // Everything behind it is inert.
    await expect(page.locator("header.site-header")).toHaveJSProperty("inert", true);
    await expect(page.locator("footer.site-footer")).toHaveJSProperty("inert", true);

    await agree.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem("disclaimerAccepted"))).toBe("true");
    await expect(page.locator("header.site-header")).toHaveJSProperty("inert", false);

    // Not again in this session: after a reload, nor after visiting other pages.
    await page.reload();
    await hydrated(page, "#hero-title");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: firm.name })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // A new browser session asks again.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("dialog", { name: "Disclaimer" })).toBeVisible();
    await fresh.close();
  });

  test("'I DISAGREE' sends the visitor to the web search site", async ({ page }) => {
    await page.route(`${firm.disagreeUrl}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Search</title>" }),
    );
    await page.goto("/");
    const disagree = page.getByRole("dialog", { name: "Disclaimer" }).getByRole("link", { name: "I DISAGREE" });
    await expect(disagree).toHaveAttribute("href", firm.disagreeUrl);
    await disagree.click();
    await expect(page).toHaveURL(new RegExp(`^${firm.disagreeUrl.replace(/\./g, "\\.")}`));
  });
});

test.describe("the home page without React", () => {
  test("a client-side navigation to it from a hydrated page loads the document, whose islands work", async ({
    page,
  }) => {
    const counterText = (label: string) =>
      page.locator(".counter").filter({ hasText: label }).locator("[data-counter]");
    // Playwright's clock, paused: the counters move only when the test says so (it carries over to the new document).
    await page.clock.install({ time: new Date("2026-01-01T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T10:00:01Z"));
    await page.goto("/login");
    await hydrated(page, ".site-header a");
    expect(await page.evaluate(() => "__remixContext" in window), "/login hydrates React").toBe(true);

    // The home route's clientLoader is loadAsDocument (app/lib/hydration.ts): the browser loads the document.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    expect(await page.evaluate(() => (window as { __remixContext?: unknown }).__remixContext)).toBeUndefined();

    // The counters (app/islands/counters.ts) count up from zero.
    const cases = counterText("cases represented");
    await expect(cases).toHaveText("0+");
    await page.clock.runFor(300);
    const early = Number((await cases.textContent())!.replace("+", ""));
    expect(early, "after 300 ms the counter is part-way").toBeGreaterThan(0);
    expect(early).toBeLessThan(10000);
    await page.clock.runFor(800);
    await expect(cases).toHaveText("10000+");

    // The disclaimer (app/islands/disclaimer.ts) is modal, and 'I AGREE' closes it in place.
    const dialog = page.getByRole("dialog", { name: "Disclaimer" });
    const agree = dialog.getByRole("button", { name: "I AGREE" });
    await expect(agree).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(page.locator("header.site-header")).toHaveJSProperty("inert", true);
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await agree.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("header.site-header")).toHaveJSProperty("inert", false);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage), "no page load").toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("disclaimerAccepted"))).toBe("true");
    expect(await page.evaluate(() => document.cookie)).toContain("disclaimer_accepted=1");

    // Accepted in this tab but the cookie is gone: the server renders the dialog, the island removes it at once.
    await page.context().clearCookies({ name: "disclaimer_accepted" });
    const reloaded = await page.reload();
    expect(await reloaded!.text()).toContain('id="disclaimer-title"');
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("header.site-header")).toHaveJSProperty("inert", false);
  });
});

test.describe("the home page", () => {
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  // The browser's clock is Playwright's (page.clock), paused: the animation advances only when the test says
  // so, so its length is checked exactly, whatever the machine's load.
  const counterText = (page: Page, label: string) =>
    page.locator(".counter").filter({ hasText: label }).locator("[data-counter]");

  test("the hero counters count up to their numbers in about a second", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-01-01T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T10:00:01Z"));
    await page.goto("/");
    await hydrated(page, "#hero-title");
    const cases = counterText(page, "cases represented");
    await expect(cases, "after hydration the counter starts from zero").toHaveText("0+");
    await page.clock.runFor(300);
    const early = Number((await cases.textContent())!.replace("+", ""));
    expect(early, "after 300 ms the counter is part-way").toBeGreaterThan(0);
    expect(early).toBeLessThan(10000);
    await page.clock.runFor(500);
    const later = Number((await cases.textContent())!.replace("+", ""));
    expect(later, "after 800 ms it is further on, not yet at the end").toBeGreaterThan(early);
    expect(later).toBeLessThan(10000);
    await page.clock.runFor(300);
    for (const [value, label] of [
      [1500, "visitors viewing now"],
      [10000, "cases represented"],
      [2700, "criminal matters"],
      [3500, "family dispute matters"],
      [2900, "civil matters"],
    ] as const) {
      await expect(counterText(page, label), "after 1.1 s every counter shows its number").toHaveText(`${value}+`);
    }
  });

  test("the counters do not move for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install({ time: new Date("2026-01-01T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T10:00:01Z"));
    await page.goto("/");
    await hydrated(page, "#hero-title");
    const civil = counterText(page, "civil matters");
    for (let step = 0; step < 6; step++) {
      await expect(civil).toHaveText("2900+");
      await page.clock.runFor(250);
    }
    await expect(civil).toHaveText("2900+");
  });

  test("stacks the sections in order, with latest insights, the consultation form, accolades and testimonials", async ({
    page,
  }) => {
    await page.goto("/");
    const headings = await page.locator("main h2").allTextContents();
    expect(
      headings.filter((text) =>
        [
          "Practice Areas",
          "Legal Insights",
          "Life at the Firm",
          "Book a Consultation",
          "Accolades",
          "What Our Clients Say",
        ].includes(text),
      ),
    ).toEqual([
      "Practice Areas",
      "Legal Insights",
      "Life at the Firm",
      "Book a Consultation",
      "Accolades",
      "What Our Clients Say",
    ]);
    await expect(page.getByRole("link", { name: "Read Legal Insights" })).toHaveAttribute("href", "/blogs");
    await expect(page.getByRole("link", { name: "Explore Practice Areas" })).toHaveAttribute("href", "/practice-areas");
    const insights = page.getByRole("region", { name: "Legal Insights" });
    await expect(insights.getByRole("article")).toHaveCount(3);
    await expect(insights).toContainText("The DPDP Act, 2023: What Indian Businesses Must Do Now");
    const consultation = page.locator("#consultation");
    await expect(consultation.getByRole("heading", { name: "Book a Consultation" })).toBeVisible();
    await expect(consultation.getByRole("button", { name: "Send Request" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Accolades" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("region", { name: "What Our Clients Say" })).toContainText("Rakesh Gupta");
    // The hero image is eager; everything below the fold waits.
    await expect(page.locator(".hero img")).not.toHaveAttribute("loading", "lazy");
    for (const image of await page.locator("main section:not(.hero) img").all())
      await expect(image).toHaveAttribute("loading", "lazy");
  });

  test("every image on the home page is under 200 KB and has its size set", async ({ page }) => {
    const sizes = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "image") sizes.set(response.url(), (await response.body()).length);
    });
    await page.goto("/");
    for (let y = 0; y < 6000; y += 700) await page.mouse.wheel(0, 700);
    await page.waitForLoadState("networkidle");
    expect(sizes.size).toBeGreaterThan(10);
    for (const [url, size] of sizes) expect(size, url).toBeLessThan(200 * 1024);
    for (const image of await page.locator("main img").all()) {
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      await expect(image).toHaveAttribute("alt");
    }
  });
});

test.describe("the about gallery", () => {
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  for (const arrival of ["a document load", "a client-side navigation"] as const)
    test(`opens a lightbox that arrows move through and Escape closes, keeping focus inside (after ${arrival})`, async ({
      page,
    }) => {
      if (arrival === "a document load") await page.goto("/about");
      else {
        // From a page that hydrates React: the gallery is rendered by React, its lightbox is the same island.
        await page.goto("/login");
        await hydrated(page, "nav[aria-label='Main'] a");
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
        await expect(page).toHaveURL(/\/about$/);
        expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
      }
      const gallery = page.getByRole("region", { name: "Gallery" });
      const thumbnails = gallery.getByRole("link");
      await expect(thumbnails).toHaveCount(9);
      await expect(thumbnails.nth(2)).toHaveAttribute("href", "/images/gallery/gallery-3.jpg");
      await hydrated(page, ".gallery__link");

      await thumbnails.nth(2).click();
      const viewer = page.getByRole("dialog", { name: "Gallery image viewer" });
      await expect(viewer).toBeVisible();
      await expect(viewer).toContainText("Image 3 of 9");
      await expect(viewer).toContainText("Illustration: a client consultation");
      const image = viewer.getByRole("img");
      await expect(image).toHaveAttribute("src", "/images/gallery/gallery-3.jpg");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

      await page.keyboard.press("ArrowRight");
      await expect(viewer).toContainText("Image 4 of 9");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(viewer).toContainText("Image 2 of 9");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(viewer).toContainText("Image 9 of 9");
      await page.keyboard.press("ArrowRight");
      await expect(viewer).toContainText("Image 1 of 9");

      await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(viewer).toBeHidden();
      await expect(thumbnails.nth(2)).toBeFocused();
    });

  test("the about page has the founder, mission, values, stats, what we do and calls to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About the Firm" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our Founder" })).toContainText("Anjali Sharma");
    await expect(page.getByRole("region", { name: "Our Mission" })).toBeVisible();
    for (const value of ["Integrity", "Excellence", "Innovation", "Client-centricity"]) {
      await expect(
        page.getByRole("region", { name: "Our Values" }).getByRole("heading", { name: value }),
      ).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "The Firm in Numbers" })).toContainText("10000+");
    await expect(page.getByRole("region", { name: "What We Do" })).toContainText("Corporate & Commercial");
    await expect(page.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute("href", "/consultation");
  });
});

test.describe("practice areas", () => {
  test("shows Areas of Expertise, then 4 dispute areas and the rest after 'Know More'", async ({ page }) => {
    await page.goto("/practice-areas");
    const expertise = page.getByRole("region", { name: "Areas of Expertise" });
    await expect(expertise.getByRole("heading", { name: "Certified Midiators" })).toBeVisible();
    const disputes = page.getByRole("region", { name: "Dispute Resolution" });
    await expect(disputes.getByRole("article")).toHaveCount(4);
    const first = disputes.getByRole("article").first();
    await expect(first.locator("source")).toHaveAttribute("srcset", "/images/practice-areas/dispute-1.webp");
    await expect(first.locator("source")).toHaveAttribute("type", "image/webp");
    await expect(first.locator("img")).toHaveAttribute("src", "/images/practice-areas/dispute-1.jpg");
    await expect(first.locator("img")).toHaveAttribute("width", "480");
    await expect(first.locator("img")).toHaveAttribute("loading", "lazy");
    await expect(disputes.getByRole("link", { name: "Consult Now about Family Disputes" })).toHaveAttribute(
      "href",
      "/consultation?service=Family%20Disputes",
    );

    const knowMore = disputes.getByRole("button", { name: "Know More" });
    await knowMore.click();
    await expect(disputes.getByRole("article")).toHaveCount(9);
    await expect(knowMore).toHaveCount(0);
    await expect(disputes.getByRole("link", { name: "Know More" })).toHaveCount(0);
    await expect(disputes.getByRole("heading", { name: "Criminal Defence" })).toBeFocused();
    await expect(disputes.getByRole("article").nth(8).locator("img")).toHaveAttribute(
      "src",
      "/images/practice-areas/dispute-9.jpg",
    );
    await expectAccessible(page, "/practice-areas expanded");
  });

  test("the four footer practice pages have real content and a consultation link for their area", async ({ page }) => {
    for (const [path, title, service] of [
      ["/practice-areas/corporate-commercial", "Corporate & Commercial", "Corporate & Commercial"],
      ["/practice-areas/tax", "Tax & Regulatory", "Tax & Regulatory"],
      ["/practice-areas/licensing", "Licenses & Approvals", "Licenses & Approvals"],
      ["/practice-areas/disputes", "Dispute Resolution", "Dispute Resolution"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("heading", { name: "How we help" })).toBeVisible();
      expect(await page.locator("main li").count()).toBeGreaterThan(6);
      await expect(page.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute(
        "href",
        `/consultation?service=${encodeURIComponent(service)}`,
      );
    }
  });
});

test.describe("legal insights", () => {
  test("cards show a cover (uploaded or generated), title, chip, summary, highlight, author (or the team) and a short date; pages link", async ({
    page,
  }) => {
    await page.goto("/blogs");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    const gst = cards.filter({ hasText: "Received a GST Show Cause Notice? How to Respond" });
    await expect(gst.locator(".chip")).toHaveText("Tax");
    await expect(gst).toContainText("A show cause notice under Section 73 or 74");
    await expect(gst.locator("blockquote")).toHaveText(
      "Most demands are won or lost on the reply to the show cause notice, long before any appeal.",
    );
    await expect(gst).toContainText(`By ${firm.teamLabel}`);
    await expect(gst.locator("time")).toHaveText(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) 2026$/);
    // Without an uploaded image, the card shows the cover generated from the title and category.
    const cover = gst.locator("img.article-card__cover");
    await expect(cover).toHaveAttribute("src", "/blogs/gst-show-cause-notice-how-to-respond/cover.svg");
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await expect(cards.filter({ hasText: "Seat versus Venue" })).toContainText("By Vikram Rao");
    // Each card's title links to its article page.
    await expect(gst.getByRole("link", { name: "Received a GST Show Cause Notice? How to Respond" })).toHaveAttribute(
      "href",
      "/blogs/gst-show-cause-notice-how-to-respond",
    );

    await page.getByRole("link", { name: "Next page →" }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Delayed Possession: Remedies for Homebuyers under RERA");
    await page.getByRole("link", { name: "← Previous page" }).click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
  });

  test("a client-side navigation shows 4 skeleton cards while the list loads", async ({ page }) => {
    // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
    await page.goto("/login");
    await hydrated(page, ".site-header a");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isBlogListData(url.toString()),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Legal Insights" })).toBeVisible();
    await expect(page.locator("[data-skeleton]")).toHaveCount(4);
    await expect(page.getByRole("status")).toHaveText("Loading legal insights…");
    release();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  });

  test("says so when the list cannot be loaded", async ({ page }) => {
    // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
    await page.goto("/login");
    await hydrated(page, ".site-header a");
    await page.route(
      (url) => isBlogListData(url.toString()),
      (route) => route.abort("connectionreset"),
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("alert")).toHaveText("Couldn't load insights right now. Please try again.");
  });

  test("signed-in users see '+ Add Article', admins '+ Add/Delete Article', both leading to /admin/blogs", async ({
    page,
  }) => {
    await page.goto("/blogs");
    await expect(page.getByRole("link", { name: /^\+ Add/ })).toHaveCount(0);
    await loginAs(page, "client");
    await page.goto("/blogs");
    await expect(page.getByRole("link", { name: "+ Add Article", exact: true })).toHaveAttribute(
      "href",
      "/admin/blogs",
    );
    await loginAs(page, "admin");
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: "+ Add/Delete Article" })).toHaveAttribute("href", "/admin/blogs");
    const response = await page.request.get("/blogs");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("testimonials", () => {
  test("cards with photo or initials, name and quote; 'Submitted by' only when it differs", async ({ page }) => {
    await page.goto("/testimonial");
    const cards = page.getByRole("main").getByRole("figure");
    await expect(cards).toHaveCount(6);
    const sunita = cards.filter({ hasText: "Sunita Kapoor" });
    await expect(sunita).toContainText("Our restaurant's FSSAI licence came through quickly");
    await expect(sunita).toContainText("Submitted by Aman Kapoor");
    await expect(sunita.locator(".testimonial-card__photo--initials")).toHaveText("SK");
    await expect(cards.filter({ hasText: "Harpreet Singh" })).not.toContainText("Submitted by");
    await expect(cards.filter({ hasText: "Rakesh Gupta" })).not.toContainText("Submitted by");
  });

  test("shows the loading text during a client-side navigation and the error text on failure", async ({ page }) => {
    // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
    await page.goto("/login");
    await hydrated(page, ".site-header a");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isTestimonialData(url.toString()),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
    await expect(page.getByRole("status")).toHaveText("Loading testimonials…");
    release();
    await expect(page.getByRole("main").getByRole("figure")).toHaveCount(6);

    await page.unrouteAll();
    // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
    await page.goto("/login");
    await hydrated(page, ".site-header a");
    await page.route(
      (url) => isTestimonialData(url.toString()),
      (route) => route.abort("connectionreset"),
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch testimonials");
  });

  test("signed-in users see '+ Add Testimonial', admins '+ Add/Delete Testimonial'", async ({ page }) => {
    await loginAs(page, "teacher");
    await page.goto("/testimonial");
    await expect(page.getByRole("link", { name: "+ Add Testimonial", exact: true })).toHaveAttribute(
      "href",
      "/admin/testimonials",
    );
    await loginAs(page, "admin");
    await page.goto("/testimonial");
    await expect(page.getByRole("link", { name: "+ Add/Delete Testimonial" })).toHaveAttribute(
      "href",
      "/admin/testimonials",
    );
  });
});

test.describe("the /myra demo quiz", () => {
  test("a full run: answers, a timed-out skip, restore after reload, Quiz Completed, results and Restart", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/myra");
    const start = page.getByRole("button", { name: "Start Quiz" });
    await expect(start).toBeVisible();
    await expect(page.getByText("This demo quiz runs entirely in your browser")).toHaveCount(0);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await start.click();

    const progress = page.getByText(/^Question \d+ of 10$/);
    const timer = page.getByRole("timer");
    await expect(progress).toHaveText("Question 1 of 10");
    await expect(timer).toHaveText("Time left: 30 s");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      "Which Article of the Constitution of India guarantees equality before the law?",
    );
    await expect(page.getByRole("main").getByRole("listitem").getByRole("button")).toHaveCount(4);
    await page.clock.runFor(4000);
    await expect(timer).toHaveText("Time left: 26 s");
    await page.getByRole("button", { name: "A. Article 14" }).click(); // correct

    await expect(progress).toHaveText("Question 2 of 10");
    await expect(timer).toHaveText("Time left: 30 s"); // the timer starts again for each question
    await page.getByRole("button", { name: "A. 2019" }).click(); // wrong (2023)

    // Question 3: let the time run out; it is recorded as a skip and the quiz moves on.
    await expect(progress).toHaveText("Question 3 of 10");
    await page.clock.runFor(29_000);
    await expect(timer).toHaveText("Time left: 1 s");
    await page.clock.runFor(1000);
    await expect(progress).toHaveText("Question 4 of 10");
    await expect(timer).toHaveText("Time left: 30 s");

    await page.getByRole("button", { name: "C. Article 32" }).click(); // correct
    await expect(progress).toHaveText("Question 5 of 10");
    await page.clock.runFor(3000);
    await expect(timer).toHaveText("Time left: 27 s");

    // Progress survives a reload.
    await page.reload();
    await expect(progress).toHaveText("Question 5 of 10");
    await expect(timer).toHaveText("Time left: 27 s");

    for (const option of [
      "B. Bharatiya Nyaya Sanhita",
      "C. Void ab initio",
      "B. The NCLAT",
      "B. 1 July 2017",
      "B. Real Estate (Regulation and Development) Act, 2016",
      "B. 1996",
    ]) {
      await page.getByRole("button", { name: option }).click();
    }
    await expect(page.getByRole("heading", { name: "Quiz Completed" })).toBeVisible();
    await expect(page.getByText("You answered 9 of 10 questions.")).toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByText("Score: 8 / 10 (80%)")).toBeVisible();
    const rows = page.getByRole("main").getByRole("listitem");
    await expect(rows).toHaveCount(10);
    await expect(rows.nth(0)).toContainText("Correct (your answer: Article 14)");
    await expect(rows.nth(1)).toContainText("Incorrect (your answer: 2019). Correct answer: 2023");
    await expect(rows.nth(2)).toContainText("Incorrect (skipped)");
    await expect(rows.nth(9)).toContainText("Correct (your answer: 1996)");
    expect(await page.evaluate(() => localStorage.getItem("myraQuizState"))).toBeNull();

    // Submitted: a reload starts afresh. Restart clears a run in progress.
    await page.reload();
    await page.getByRole("button", { name: "Start Quiz" }).click();
    await page.getByRole("button", { name: "A. Article 14" }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("myraQuizState")!).questionIndex)).toBe(1);
    for (const option of [
      "C. 2023",
      "B. 30 days",
      "C. Article 32",
      "B. Bharatiya Nyaya Sanhita",
      "C. Void ab initio",
      "B. The NCLAT",
      "B. 1 July 2017",
      "B. Real Estate (Regulation and Development) Act, 2016",
      "B. 1996",
    ]) {
      await page.getByRole("button", { name: option }).click();
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Score: 10 / 10 (100%)")).toBeVisible();
    await page.getByRole("button", { name: "Restart" }).click();
    await expect(page.getByRole("button", { name: "Start Quiz" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("myraQuizState"))).toBeNull();
  });
});

test.describe("business and demo pages", () => {
  test("/pay-dues shows the payment link, the UPI QR code at 220 px and the bank details", async ({ page }) => {
    await page.goto("/pay-dues");
    await expect(page.getByRole("link", { name: "Open the payment link" })).toHaveAttribute("href", firm.paymentLink);
    const qr = page.getByRole("img", { name: `UPI QR code of ${firm.invoicing.payeeName} (${firm.invoicing.upiVpa})` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("width", "220");
    await expect(qr).toHaveAttribute("height", "220");
    const box = await qr.boundingBox();
    expect(box?.width).toBe(220);
    expect(box?.height).toBe(220);
    expect(await qr.locator("path").count()).toBeGreaterThan(0);
    for (const value of [
      firm.bank.accountName,
      firm.bank.bankName,
      firm.bank.accountNumber,
      firm.bank.ifsc,
      firm.bank.branch,
    ]) {
      await expect(page.getByRole("region", { name: "Bank transfer" })).toContainText(value);
    }
  });

  test("/whatsapp hands over to the messaging app with the prefilled message", async ({ page }) => {
    await page.route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    await page.goto("/whatsapp");
    await page.waitForURL(/^https:\/\/wa\.me\//);
    expect(page.url()).toBe(messagingUrl());
    expect(new URL(page.url()).searchParams.get("text")).toBe(firm.messaging.prefilledText);
  });

  test("/usereducer adds, ticks off and deletes tasks", async ({ page }) => {
    await page.goto("/usereducer");
    const input = page.getByLabel("New task");
    await expect(input).toBeEnabled();
    await expect(page.getByText("1 of 2 tasks left")).toBeVisible();
    await input.fill("File the appeal");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("2 of 3 tasks left")).toBeVisible();
    await expect(input).toHaveValue("");
    await page.getByRole("checkbox", { name: "File the appeal" }).check();
    await expect(page.getByText("1 of 3 tasks left")).toBeVisible();
    await page.getByRole("button", { name: 'Delete "Draft the reply"' }).click();
    await expect(page.getByText("0 of 2 tasks left")).toBeVisible();
    await page.getByRole("button", { name: "Clear completed" }).click();
    await expect(page.getByText("Nothing to do. Add a task above.")).toBeVisible();
  });

  test("/service, /pricing, /proposal, /addedcost, /leave and /update show the spec's numbers and items", async ({
    page,
  }) => {
    await page.goto("/service");
    for (const [tier, price] of [
      ["Basic", "₹499"],
      ["Standard", "₹999"],
      ["Premium", "₹1,499"],
    ] as const) {
      await expect(page.getByRole("region", { name: tier })).toContainText(`${price} per month`);
    }
    const basic = page.getByRole("region", { name: "Basic" });
    await expect(basic.getByRole("listitem").filter({ hasText: "Video Lectures" })).toContainText("(included)");
    await expect(basic.getByRole("listitem").filter({ hasText: "Progress Reports" })).toContainText("(not included)");
    const standard = page.getByRole("region", { name: "Standard" });
    await expect(standard.getByRole("listitem").filter({ hasText: "Live Classes" })).toContainText("(included)");
    await expect(standard.getByRole("listitem").filter({ hasText: "Doubt Solving" })).toContainText("(not included)");
    await expect(page.getByRole("region", { name: "Premium" }).getByText("(not included)")).toHaveCount(0);

    await page.goto("/pricing");
    await expect(page.getByRole("table")).toContainText("₹30,000");
    await expect(page.getByRole("table")).toContainText("₹60,000+");

    await page.goto("/proposal");
    for (const text of [
      "₹27,999",
      "₹2,799 per month",
      "₹200 or ₹111 per user per month",
      "₹1,000 per static page",
      "₹3,000 per dynamic page",
      "₹500 per month",
    ]) {
      await expect(page.getByRole("main")).toContainText(text);
    }
    await expect(page.getByRole("main")).toContainText("uploads go live after an admin approves them");

    await page.goto("/addedcost");
    await expect(page.getByRole("table")).toContainText("₹3,000 per page");
    await page.goto("/leave");
    await expect(page.getByRole("heading", { level: 1, name: "Leave Notice" })).toBeVisible();
    await page.goto("/update");
    for (const status of ["Implemented", "in Progress", "Pending"]) {
      expect(await page.getByRole("table").getByText(status, { exact: true }).count()).toBeGreaterThan(0);
    }
  });

  test("/founders lists the founders from the database and /faculty1 the static faculty", async ({ page }) => {
    await page.goto("/founders");
    const founders = page.getByRole("main").getByRole("article");
    await expect(founders).toHaveCount(3);
    await expect(founders.first()).toContainText("Anjali Sharma");
    await expect(founders.first()).toContainText("Corporate & Commercial Law");
    await expect(founders.first()).toContainText("Mergers, data protection and regulatory compliance");
    await expect(
      founders.first().getByRole("list", { name: "Services offered by Anjali Sharma" }).getByRole("listitem"),
    ).toHaveText(["Corporate advisory", "Data protection", "Contract drafting"]);
    await page.goto("/faculty1");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
  });
});

test.describe("footer pages", () => {
  test("/contact shows the three offices, the email, the phone and the consultation form link", async ({ page }) => {
    await page.goto("/contact");
    const offices = page.getByRole("region", { name: "Our Offices" });
    await expect(offices.locator("address")).toHaveCount(3);
    for (const office of firm.offices) await expect(offices).toContainText(office.street);
    await expect(page.getByRole("main").getByRole("link", { name: firm.email })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    await expect(page.getByRole("main").getByRole("link", { name: firm.phone.display }).first()).toHaveAttribute(
      "href",
      `tel:${firm.phone.tel}`,
    );
    await expect(page.getByRole("link", { name: "Go to the consultation form" })).toHaveAttribute(
      "href",
      "/consultation",
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd["@type"]).toBe("LegalService");
  });

  test("/privacy, /terms, /disclaimer, /team and /careers have real content", async ({ page }) => {
    await page.goto("/privacy");
    for (const heading of [
      "What we collect and why",
      "Your rights",
      "Grievances and complaints",
      "How long we keep it",
    ]) {
      await expect(page.getByRole("heading", { name: new RegExp(heading) })).toBeVisible();
    }
    await expect(page.getByRole("main")).toContainText("Digital Personal Data Protection Act, 2023");
    await expect(page.getByRole("main")).toContainText("Data Protection Board of India");
    await page.goto("/terms");
    await expect(page.getByRole("heading", { name: "9. Governing law" })).toBeVisible();
    await page.goto("/disclaimer");
    await expect(page.getByRole("main")).toContainText("Bar Council of India");
    await page.goto("/team");
    await expect(page.getByRole("region", { name: "Partners" }).getByRole("article")).toHaveCount(3);
    await page.goto("/careers");
    await expect(page.getByRole("heading", { name: "Current openings" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test("the open disclaimer, the lightbox and the demo quiz pass axe too", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("dialog", { name: "Disclaimer" }).getByRole("button", { name: "I AGREE" }),
    ).toBeFocused();
    await expectAccessible(page, "/ with the disclaimer open");
    await page.getByRole("button", { name: "I AGREE" }).click();
    await page.goto("/about");
    await hydrated(page, ".gallery__link");
    await page.getByRole("region", { name: "Gallery" }).getByRole("link").first().click();
    await expect(page.getByRole("dialog", { name: "Gallery image viewer" })).toBeVisible();
    await expectAccessible(page, "/about with the lightbox open");
    await page.goto("/myra");
    await page.getByRole("button", { name: "Start Quiz" }).click();
    await expectAccessible(page, "/myra during a question");
  });
});
