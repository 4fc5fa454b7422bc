import { expect, loginAs, test } from "./fixtures";
import {
  errorSummary,
  FAKE_PNG,
  fieldError,
  fillArticle,
  fillTestimonial,
  hugePng,
  TOO_LARGE,
  UPLOAD_PAGES,
  unpublish,
  WRONG_TYPE,
} from "./form-helpers";

for (const target of UPLOAD_PAGES) {
  test(`without JavaScript ${target.path}: a refused image says why, next to the file field`, async ({ page }) => {
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

test("without JavaScript a refused form starts with an error summary linking to each field", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: "Submit testimonial" }).click();
  const form = page.locator("form", { has: page.getByRole("heading", { name: "New testimonial" }) });
  const summary = errorSummary(form);
  await expect(summary).toHaveAttribute("tabindex", "-1");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Client name is required" })).toHaveAttribute(
    "href",
    "#testimonial-new-clientName",
  );
  await expect(form.getByLabel("Client name")).toHaveAttribute("id", "testimonial-new-clientName");
  await expect(fieldError(form, "Client name is required")).toBeVisible();
});

test("without JavaScript a double click on a create form saves one article", async ({ page }) => {
  const title = `Double click ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  await fillArticle(page, title);
  await page.getByRole("button", { name: "Publish article" }).dblclick();
  await expect(page.getByRole("status")).toContainText(`Article “${title}” published.`);
  await page.goto(`/admin/blogs?q=${encodeURIComponent(title)}`);
  await expect(
    page.getByRole("table", { name: "All articles" }).getByRole("row").filter({ hasText: title }),
  ).toHaveCount(1);
  await unpublish(page, "blogs", [title]);
});

test("without JavaScript the same create form sent again (Back, then submit) saves nothing more", async ({ page }) => {
  const name = `Sent again ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/testimonials");
  await fillTestimonial(page, name);
  const token = await page.locator("input[name=formToken]").inputValue();
  await page.getByRole("button", { name: "Submit testimonial" }).click();
  await expect(page.getByRole("status")).toContainText(`Testimonial of “${name}” published.`);
  // The page after the save carries a fresh token; resending the first one changes nothing.
  await expect(page.locator("input[name=formToken]")).not.toHaveValue(token);
  const again = await page.request.post("/admin/testimonials", {
    multipart: { clientName: name, message: "They explained every step.", formToken: token },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto(`/admin/testimonials?q=${encodeURIComponent(name)}`);
  await expect(
    page.getByRole("table", { name: "All testimonials" }).getByRole("row").filter({ hasText: name }),
  ).toHaveCount(1);
  await unpublish(page, "testimonials", [name]);
});
