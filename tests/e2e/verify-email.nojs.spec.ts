import { expect, mailedLinkPath, skipDisclaimer, test } from "./fixtures";

test("without JavaScript: register, resend the link, verify from the mail, sign in", async ({ page, context }) => {
  await skipDisclaimer(context);
  const email = `nojs-verify-${Date.now()}@example.com`;
  const password = "a no-script passphrase";

  await page.goto("/login?tab=register");
  await page.getByLabel("Full name").fill("Zoya Ali");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Hello, Zoya")).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Confirm your email" })).toContainText(`We sent a link to ${email}`);
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("status")).toHaveText(`We sent a new verification link to ${email}.`);

  const link = await mailedLinkPath(page, email, "/verify-email/");
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Your email is verified.");
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Confirm your email" })).toHaveCount(0);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hello, Zoya")).toBeVisible();
});
