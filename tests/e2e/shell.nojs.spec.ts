import { expect, test } from "@playwright/test";
import { skipDisclaimer } from "./fixtures";

test.describe("site shell without JavaScript", () => {
  // The home page's disclaimer modal has its own tests (public-site specs).
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  test("the menu and the contact dial still open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Consultation" }),
    ).toBeVisible();
    await page.getByLabel("Quick contact", { exact: true }).click();
    await expect(page.getByRole("link", { name: "WhatsApp" })).toBeVisible();
  });

  test("the home page shows the seeded articles and testimonials from the server", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("The DPDP Act, 2023: What Indian Businesses Must Do Now").first()).toBeVisible();
    await expect(page.getByText("Rakesh Gupta").first()).toBeVisible();
  });
});
