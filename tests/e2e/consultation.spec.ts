import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, loginAs, skipDisclaimer, test } from "./fixtures";
import { SENT_NEXT, sentPanel, twoTabsChangeOneRequest, uniqueName } from "./consultation-helpers";
import { fieldError } from "./form-helpers";

const SUCCESS = "Request sent successfully. We'll contact you shortly.";
const REQUIRED = "Please fill all required fields.";
const API = "**/api/consultation/send-consultation-request";

async function fillValid(page: Page, name: string) {
  const form = page.locator("form.consultation-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill("visitor@example.com");
  await form.getByLabel("Phone").fill("+91 98765 43210");
  await form.getByLabel("Practice area").selectOption("Intellectual Property");
  await form.getByLabel("Message (optional)").fill("A trademark question.");
  await form.getByRole("checkbox", { name: /I agree to the privacy notice/ }).check();
  return form;
}

test.describe("consultation form with JavaScript", () => {
  test("sends without a page reload, shows 'Sending…' while it waits, then the success message", async ({ page }) => {
    await page.goto("/consultation");
    await expect(page.getByRole("heading", { level: 1, name: "Book a Consultation" })).toBeVisible();
    const form = await fillValid(page, uniqueName("JS Visitor"));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Hold the request until the sending state has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(API, async (route) => {
      await released;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await expect(form.getByRole("status")).toHaveText("Sending your request…");
    await expect(sentPanel(form)).toBeHidden();
    release();

    // The same panel as after a plain POST, focused, saying what happens next; the status line is empty.
    await expect(sentPanel(form)).toContainText(SUCCESS);
    await expect(sentPanel(form)).toContainText(SENT_NEXT);
    await expect(sentPanel(form)).toBeFocused();
    await expect(form.getByRole("status")).toHaveText("");
    await expect(form.getByRole("button", { name: "Send Request" })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The form is ready for another request.
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: /I agree/ })).not.toBeChecked();
  });

  test("checks the fields in the browser: nothing is sent while a required field is empty", async ({ page }) => {
    await page.goto("/consultation");
    const form = page.locator("form.consultation-form");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });

    // Leading spaces are dropped while typing, except in the phone field.
    await form.getByLabel("Name").pressSequentially("  Asha");
    await expect(form.getByLabel("Name")).toHaveValue("Asha");
    await form.getByLabel("Phone").pressSequentially(" 98");
    await expect(form.getByLabel("Phone")).toHaveValue(" 98");
    await form.getByLabel("Phone").fill("");

    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(form.getByRole("alert")).toHaveText(REQUIRED);
    const phone = form.getByLabel("Phone");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    const errorId = await phone.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please enter your phone number.");
    await expect(fieldError(form, "Please agree to the privacy notice.")).toBeVisible();

    // Messages change only on submit: leaving a field changes nothing under the pointer.
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Email").blur();
    await expect(fieldError(form, "Please enter a valid email address.")).toHaveCount(0);
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(fieldError(form, "Please enter a valid email address.")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("loads its checks (zod) only when needed: a submit before they arrive waits for them, and nothing is sent", async ({
    page,
  }) => {
    const CHECK = /\/assets\/form-check-[^/]*\.js$/;
    const checks: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      if (CHECK.test(request.url())) checks.push(request.url());
      if (request.method() === "POST") posts.push(request.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHECK, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto("/consultation");
    await hydrated(page, "form.consultation-form");
    const form = page.locator("form.consultation-form");
    // The page itself does not load them.
    expect(checks).toEqual([]);

    // A submit without a focus or a pointer on the form first (the checks not fetched yet).
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expect.poll(() => checks.length).toBe(1);
    await expect(form.getByRole("alert")).toHaveText("");
    release();
    await expect(form.getByRole("alert")).toHaveText(REQUIRED);
    await expect(fieldError(form, "Please enter your name.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("a network failure, a server error and an answer without success each get the spec's message", async ({
    page,
  }) => {
    await page.goto("/consultation");
    const name = uniqueName("Unlucky Visitor");
    const form = await fillValid(page, name);
    const send = form.getByRole("button", { name: "Send Request" });

    await page.route(API, (route) => route.abort("connectionrefused"));
    await send.click();
    await expect(form.getByRole("alert")).toHaveText("Server error. Please try again later.");
    await expect(form.getByLabel("Name")).toHaveValue(name);

    await page.unroute(API);
    await page.route(API, (route) =>
      route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await send.click();
    await expect(form.getByRole("alert")).toHaveText("Server error. Please try again later.");

    await page.unroute(API);
    await page.route(API, (route) => route.fulfill({ status: 200, json: { success: false } }));
    await send.click();
    await expect(form.getByRole("alert")).toHaveText("Something went wrong. Please try again.");
    await expect(form.getByLabel("Name")).toHaveValue(name);

    // The page is still there and the values can be sent once the server answers again.
    await page.unroute(API);
    await send.click();
    await expect(sentPanel(form)).toContainText(SUCCESS);
  });

  test("the server's own checks reach the fields (e.g. the rate limit message)", async ({ page }) => {
    await page.goto("/consultation");
    const form = await fillValid(page, uniqueName("Limited Visitor"));
    await page.route(API, (route) =>
      route.fulfill({ status: 429, json: { success: false, message: "Too many attempts, try again in 10 minutes." } }),
    );
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(form.getByRole("alert")).toHaveText("Too many attempts, try again in 10 minutes.");
    await page.unroute(API);
    await page.route(API, (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          message: "Please fill all required fields.",
          errors: { phone: ["Please enter your phone number."] },
        },
      }),
    );
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please fill all required fields.");
    await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(fieldError(form, "Please enter your phone number.")).toBeVisible();
  });

  test("the form and the inbox pass an accessibility check, errors shown", async ({ page }) => {
    await page.goto("/consultation");
    await page.locator("form.consultation-form").getByRole("button", { name: "Send Request" }).click();
    await expect(page.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
    const form = await new AxeBuilder({ page }).include("main").analyze();
    expect(form.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    const sent = await page.request.post("/api/consultation/send-consultation-request", {
      data: {
        name: uniqueName("Axe Visitor"),
        email: "axe@example.com",
        phone: "9876543210",
        service: "Other",
        consent: true,
      },
    });
    expect(sent.status()).toBe(200);
    await loginAs(page, "admin");
    await page.goto("/admin/consultations");
    await expect(page.getByRole("rowheader").first()).toBeVisible();
    const inbox = await new AxeBuilder({ page }).include("main").analyze();
    expect(inbox.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test("?service=, ?practice= and ?pa= preselect the practice area; an unknown one is added", async ({ page }) => {
    await page.goto("/consultation?service=Tax%20%26%20Regulatory");
    await expect(page.getByLabel("Practice area")).toHaveValue("Tax & Regulatory");
    await page.goto("/consultation?practice=healthcare");
    await expect(page.getByLabel("Practice area")).toHaveValue("Healthcare");
    await page.goto("/consultation?pa=Judiciary%20Exam");
    const select = page.getByLabel("Practice area");
    await expect(select).toHaveValue("Judiciary Exam");
    await expect(select.locator("option")).toHaveCount(1 + 19 + 1);
  });

  test("the admin sees the request in the inbox, changes its status and exports the CSV", async ({ page }) => {
    const name = uniqueName("Inbox Visitor");
    await page.goto("/consultation?service=Real%20Estate&utm_source=e2e");
    const form = page.locator("form.consultation-form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("inbox@example.com");
    await form.getByLabel("Phone").fill("9876543210");
    await form.getByRole("checkbox", { name: /I agree/ }).check();
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(sentPanel(form)).toContainText(SUCCESS);

    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Consultation Requests" })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Real Estate");
    await expect(row.getByLabel(/^Status of/)).toHaveValue("new");

    await row.getByLabel(/^Status of/).selectOption("contacted");
    await row.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText(`Status of ${name}’s request saved: contacted.`);
    await expect(row.getByRole("button", { name: "Update" })).toBeEnabled();

    // The detail: sent by the site's own form (as JSON, with JavaScript): the website channel, with its UTM.
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Request from ${name}` })).toBeVisible();
    await expect(page.getByText("utm_source: e2e")).toBeVisible();
    await expect(page.getByText("Website form")).toBeVisible();
    await expect(page.getByRole("cell", { name: "new → contacted" })).toBeVisible();
    await page.goto(`/admin/consultations?status=contacted&q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("rowheader", { name })).toBeVisible();
    await page.goto(`/admin/consultations?status=new&q=${encodeURIComponent(name)}`);
    await expect(page.getByText("No requests match these filters.")).toBeVisible();

    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^consultations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${name}","inbox@example.com","9876543210","Real Estate"`);
    expect(lines[1]).toContain('"contacted"');
    expect(lines[1]).toContain('"web","/consultation"');
  });
});

test.describe("consultation form on the home page", () => {
  test("sends from the home page and stays there", async ({ page, context }) => {
    await skipDisclaimer(context);
    await page.goto("/");
    const name = uniqueName("Home Visitor");
    const form = await fillValid(page, name);
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(sentPanel(form)).toContainText(SUCCESS);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("rowheader", { name })).toBeVisible();
  });
});

test.describe("the inbox detail with JavaScript", () => {
  test("shows a 2,000-character message in full, the contact links, and records a status change with a note", async ({
    page,
  }) => {
    const name = uniqueName("Long Message");
    const message = `${"The landlord has refused to return the deposit. ".repeat(42)}END`.slice(-2000);
    expect(message).toHaveLength(2000);
    const sent = await page.request.post("/api/consultation/send-consultation-request", {
      data: { name, email: "long@example.com", phone: "98765 43210", service: "Real Estate", message },
    });
    expect(sent.status()).toBe(200);
    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).first().click();
    await expect(page).toHaveURL(/\/admin\/consultations\/[^/?]+$/);
    const shown = page.getByTestId("consultation-message");
    await expect(shown).toHaveText(message);
    // Nothing is cut off: the box is as tall as its text.
    const box = await shown.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    await expect(page.getByRole("link", { name: "long@example.com" })).toHaveAttribute(
      "href",
      "mailto:long@example.com",
    );
    await expect(page.getByRole("link", { name: "98765 43210" })).toHaveAttribute("href", "tel:9876543210");
    await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "https://wa.me/919876543210");

    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByLabel(/Internal note/).fill("Called; sending the notice template.");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved: contacted.");
    const history = page.getByRole("table", { name: /Status history/ });
    await expect(history).toContainText("new → contacted");
    await expect(history).toContainText("Called; sending the notice template.");
    await expect(history).toContainText("Anjali Sharma");
    await expect(page.getByLabel(/Internal note/)).toHaveValue("");
    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
  });

  test("a status change another tab made first is refused in the form, keeping the chosen status and the note", async ({
    page,
  }) => {
    await twoTabsChangeOneRequest(page);
  });
});
