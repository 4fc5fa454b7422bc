import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, skipDisclaimer, test } from "./fixtures";
import { signInLinkFromAnotherSite } from "./account-helpers";
import { fieldError } from "./form-helpers";

test.describe("accounts without JavaScript", () => {
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  test("register and log in with plain form posts, errors rendered by the server", async ({ page }) => {
    const email = `nojs-${Date.now()}@example.com`;
    await page.goto("/login?tab=register");
    await page.getByLabel("Full name").fill("Imran Khan");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(fieldError(page, "This password is too common. Choose another.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password").fill("imran's long passphrase");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Hello, Imran")).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.teacher.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    // The page comes back starting at the form's message (a screen reader reads it first).
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Hello, Rohan")).toBeVisible();
  });

  test("without JavaScript, a sign-in link followed from another site asks before it signs in", async ({
    page,
    baseURL,
  }) => {
    await signInLinkFromAnotherSite(page, baseURL!);
  });
});
