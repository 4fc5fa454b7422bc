import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, loginAs, skipDisclaimer, test } from "./fixtures";
import {
  errorSummary,
  FAKE_PNG,
  fieldError,
  fillArticle,
  fillTestimonial,
  hugePng,
  pagePosition,
  TOO_LARGE,
  UPLOAD_PAGES,
  unpublish,
  WRONG_TYPE,
} from "./form-helpers";

for (const target of UPLOAD_PAGES) {
  test(`${target.path}: a refused image says why, next to the file field`, async ({ page }) => {
    // A 30 MB upload travels to the local server before it is refused.
    test.setTimeout(90_000);
    await loginAs(page, "admin");
    for (const [file, message] of [
      [FAKE_PNG, WRONG_TYPE],
      [hugePng(), TOO_LARGE],
    ] as const) {
      await page.goto(target.path);
      await target.fill(page, `Refused upload ${Date.now()}`);
      const input = page.getByLabel(target.file);
      await input.setInputFiles(file);
      await page.getByRole("button", { name: target.submit }).click();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAccessibleDescription(message);
    }
  });
}

test("Login/Register: switching tabs keeps each form's values in its own fields", async ({ page, context }) => {
  await skipDisclaimer(context);
  await page.goto("/login");
  await hydrated(page, "#login-form");
  const tabs = page.getByRole("navigation", { name: "Login or register" });
  const login = page.locator("#login-form");
  await login.getByLabel("Email").fill("lawyer@example.com");
  await login.getByLabel("Password").fill("a secret passphrase");
  await expect(login.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
  await expect(login.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");

  await tabs.getByRole("link", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  const register = page.locator("#register-form");
  await expect(register.getByLabel("Full name")).toHaveValue("");
  await expect(register.getByLabel("Email")).toHaveValue("");
  await expect(register.getByLabel("Password")).toHaveValue("");
  await expect(register.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
  await expect(register.getByLabel("Password")).toHaveAttribute("autocomplete", "new-password");
  await register.getByLabel("Full name").fill("Kavya Reddy");
  await register.getByLabel("Email").fill("kavya@example.com");

  await tabs.getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await expect(login.getByLabel("Email")).toHaveValue("lawyer@example.com");
  for (const input of await page.locator("input:not([type=password])").all()) {
    await expect(input).not.toHaveValue("a secret passphrase");
  }

  await tabs.getByRole("link", { name: "Register" }).click();
  await expect(register.getByLabel("Full name")).toHaveValue("Kavya Reddy");
  await expect(register.getByLabel("Email")).toHaveValue("kavya@example.com");
  await expect(register.getByLabel("Password")).toHaveValue("");
});

test("a refused form shows an error summary that takes focus and links to each field", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  const form = page.locator("form", { has: page.getByRole("heading", { name: "New article" }) });
  await hydrated(page, "form#article-new");
  await form.getByRole("button", { name: "Publish article" }).click();
  const summary = errorSummary(form);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText(["Title is required", "Summary is required", /Highlight/]);
  await summary.getByRole("link", { name: "Summary is required" }).click();
  await expect(form.getByLabel("Summary")).toBeFocused();
  await expect(form.getByLabel("Summary")).toHaveAccessibleDescription("Summary is required");
});

/** Submit with one field wrong, fix it and leave it: the button stays put and the very next click sends. */
async function fixThenClick(page: Page, button: Locator, shown: () => Promise<void>, fix: () => Promise<void>) {
  await button.click();
  await shown();
  const before = await pagePosition(button);
  await fix();
  await page.keyboard.press("Tab");
  expect(await pagePosition(button)).toEqual(before);
  await button.click();
}

test("consultation: a fixed field or the consent tick takes the very next click", async ({ page, context }) => {
  await skipDisclaimer(context);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.18" });
  for (const [missing, fix] of [
    ["phone", (form: Locator) => form.getByLabel("Phone").fill("+91 98765 43210")],
    ["consent", (form: Locator) => form.getByRole("checkbox", { name: /I agree to the privacy notice/ }).check()],
  ] as const) {
    await page.goto("/consultation");
    const form = page.locator("form.consultation-form");
    await hydrated(page, "form.consultation-form");
    await form.getByLabel("Name").fill(`Steady Pointer ${missing} ${Date.now()}`);
    await form.getByLabel("Email").fill("visitor@example.com");
    if (missing !== "phone") await form.getByLabel("Phone").fill("+91 98765 43210");
    await form.getByLabel("Practice area").selectOption("Intellectual Property");
    if (missing !== "consent") await form.getByRole("checkbox", { name: /I agree to the privacy notice/ }).check();
    const send = form.getByRole("button", { name: "Send Request" });
    await fixThenClick(
      page,
      send,
      () => expect(errorSummary(form)).toBeVisible(),
      async () => {
        await fix(form);
      },
    );
    await expect(form.getByRole("region", { name: "Request sent" })).toContainText(
      "Request sent successfully. We'll contact you shortly.",
    );
  }
});

test("a staff form: a fixed field takes the very next click", async ({ page }) => {
  const title = `Steady pointer ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  await hydrated(page, "form#article-new");
  await page.getByLabel("Summary").fill("What a gift deed of immovable property costs in Delhi.");
  await page.getByLabel("Highlight (a key quote)").fill("Register the deed within four months.");
  await fixThenClick(
    page,
    page.getByRole("button", { name: "Publish article" }),
    () => expect(fieldError(page, "Title is required")).toBeVisible(),
    () => page.getByLabel("Title", { exact: true }).fill(title),
  );
  await expect(page.getByRole("status")).toContainText(`Article “${title}” published.`);
  await unpublish(page, "blogs", [title]);
});

for (const target of [
  {
    path: "/admin/blogs",
    kind: "blogs",
    fill: fillArticle,
    submit: "Publish article",
    first: "Title",
    notice: (name: string) => `Article “${name}” published. View it`,
  },
  {
    path: "/admin/testimonials",
    kind: "testimonials",
    fill: fillTestimonial,
    submit: "Submit testimonial",
    first: "Client name",
    notice: (name: string) => `Testimonial of “${name}” published. View it`,
  },
] as const) {
  test(`${target.path}: after a save the form is empty and the notice names what was saved`, async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto(target.path);
    await hydrated(page, "form[id$=-new]");
    const names = [`Saved once ${Date.now()}`, `Saved twice ${Date.now()}`];
    for (const name of names) {
      await target.fill(page, name);
      await page.getByRole("button", { name: target.submit }).click();
      await expect(page.getByRole("status")).toHaveText(target.notice(name));
      await expect(page.getByLabel(target.first, { exact: true })).toHaveValue("");
    }
    await expect(page.getByRole("status").getByRole("link", { name: "View it" })).toHaveAttribute("href", /^\/\w/);
    await unpublish(page, target.kind, names);
  });
}
