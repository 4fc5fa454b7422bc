import { expect, hydrated, loginAs, skipDisclaimer, test } from "./fixtures";
import { FAKE_PNG, HUGE_PNG, TOO_LARGE, UPLOAD_PAGES, WRONG_TYPE } from "./form-helpers";

for (const target of UPLOAD_PAGES) {
  test(`${target.path}: a refused image says why, next to the file field`, async ({ page }) => {
    await loginAs(page, "admin");
    for (const [file, message] of [
      [FAKE_PNG, WRONG_TYPE],
      [HUGE_PNG, TOO_LARGE],
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
