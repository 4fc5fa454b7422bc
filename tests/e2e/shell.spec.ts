import { expect, test } from "@playwright/test";
import { hydrated, skipDisclaimer } from "./fixtures";

test.describe("site shell", () => {
  // The home page's disclaimer modal has its own tests (public-site specs).
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  test("the menu links to every main page and closes on route change (narrow screen)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const menu = page.locator("details.menu");
    await page.getByLabel("Menu").click();
    await expect(menu).toHaveAttribute("open", "");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Blog", "About", "Consultation", "Practice Areas", "Testimonials", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("the menu is always shown on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByLabel("Menu")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" })).toBeVisible();
  });

  // "/login" hydrates React; "/" and "/about" do not, and their Escape comes from the islands bundle (app/islands).
  for (const path of ["/login", "/", "/about"]) {
    test(`the quick-contact dial opens from the keyboard and Escape closes it (${path})`, async ({ page }) => {
      await page.goto(path);
      // Escape is handled by script: wait for hydration (or the islands), or an early Enter can be lost to it.
      await hydrated(page, ".contact-dial");
      const toggle = page.getByLabel("Quick contact", { exact: true });
      await toggle.focus();
      await page.keyboard.press("Enter");
      const whatsapp = page.getByRole("link", { name: "WhatsApp" });
      await expect(whatsapp).toBeVisible();
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
      await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d+$/);
      await expect(page.getByRole("link", { name: "LinkedIn" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(whatsapp).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  }

  test("Escape closes the open menu and focuses its toggle, without React too (narrow screen, /about)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/about");
    await hydrated(page, "details.menu");
    const menu = page.locator("details.menu");
    await page.getByLabel("Menu").click();
    await expect(menu).toHaveAttribute("open", "");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(page.getByLabel("Menu")).toBeFocused();
  });

  test("a new page starts at the top", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Notice" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the footer lists the three offices, the email and the phone", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator("address")).toHaveCount(3);
    await expect(footer).toContainText("Delhi");
    await expect(footer).toContainText("Haryana");
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });
});
