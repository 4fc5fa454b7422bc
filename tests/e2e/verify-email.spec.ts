import { expect, loginAs, mailedLinkPath, skipDisclaimer, test } from "./fixtures";

// A role granted to an email is used only once its owner has verified it.
test("an email granted the teacher role registers, verifies from the mail, and signs in as a teacher", async ({
  page,
  context,
}) => {
  await skipDisclaimer(context);
  const email = `granted-${Date.now()}@example.com`;
  const password = "a granted teacher's passphrase";

  // An admin grants the role before the person has an account.
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  await page.locator("form#role-add").getByLabel("Email").fill(email);
  await page.getByRole("radio", { name: /^Teacher/ }).check();
  await page.getByRole("button", { name: "Add to role" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Added ${email} as teacher. The role starts once they register and verify their email.`,
  );
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText("not registered yet");
  await context.clearCookies();
  await skipDisclaimer(context);

  // Whoever registers with it is a client until the email is verified.
  await page.goto("/login?tab=register");
  await page.getByLabel("Full name").fill("Tara Singh");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Hello, Tara")).toBeVisible();
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Confirm your email" });
  await expect(banner).toContainText(`We sent a link to ${email}`);
  await expect(banner).toContainText("Your teacher role starts once you have confirmed it");
  expect((await page.goto("/quiz/create"))!.status()).toBe(403);

  // A second link on request; either works, once.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("status")).toHaveText(`We sent a new verification link to ${email}.`);
  const link = await mailedLinkPath(page, email, "/verify-email/");
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Your email is verified. You now have the teacher role.");
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email" })).toHaveCount(0);

  // Sign out and back in: a teacher now.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hello, Tara")).toBeVisible();
  expect((await page.goto("/quiz/create"))!.status()).toBe(200);
  await expect(page.getByLabel("Quiz title")).toBeVisible();

  // The used link says so.
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Your email is already verified.");
});

test("a verification link opened without a session asks to log in, then verifies", async ({ page, context }) => {
  await skipDisclaimer(context);
  const email = `elsewhere-${Date.now()}@example.com`;
  const register = await page.request.post("/api/auth/register", {
    data: { fullName: "Dev Anand", email, password: "a passphrase from elsewhere" },
  });
  expect(register.status()).toBe(201);
  await context.clearCookies();
  await skipDisclaimer(context);

  const link = await mailedLinkPath(page, email, "/verify-email/");
  await page.goto(link);
  await page.getByRole("link", { name: "Log in to confirm" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a passphrase from elsewhere");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByRole("status")).toHaveText("Your email is verified.");
});
