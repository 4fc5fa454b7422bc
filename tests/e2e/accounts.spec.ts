import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, latestMailTo, skipDisclaimer, test } from "./fixtures";
import { signInLinkFromAnotherSite } from "./account-helpers";
import { fieldError } from "./form-helpers";

const uniqueEmail = (label: string) => `${label}-${Date.now()}@example.com`;

test.describe("accounts", () => {
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  test("register, logout, and log in again", async ({ page }) => {
    const email = uniqueEmail("reg");
    await page.goto("/login");
    await page.getByRole("link", { name: "Register" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeVisible();
    await page.getByLabel("Full name").fill("Kavya Reddy");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(fieldError(page, "Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Password").fill("kavya's long passphrase");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Hello, Kavya")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await page.getByLabel("Password").fill("kavya's long passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Hello, Kavya")).toBeVisible();

    // A signed-in visitor to /login goes home.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("forgot password → reset link from the outbox → log in with the new password", async ({ page }) => {
    const email = uniqueEmail("reset");
    const register = await page.request.post("/api/auth/register", {
      data: { fullName: "Arun Das", email, password: "the first passphrase" },
    });
    expect(register.status()).toBe(201);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toHaveText("Reset link sent to your email.");

    await expect.poll(async () => (await latestMailTo(email))?.subject).toContain("reset your password");
    const mail = await latestMailTo(email);
    const link = /http:\/\/127\.0\.0\.1:\d+(\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    await page.goto(link);
    await page.getByLabel("New password").fill("the second passphrase");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("status")).toHaveText("Password reset successful!");
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("the second passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Hello, Arun")).toBeVisible();

    // The link was single-use.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");
  });

  test("a client sees the 403 page on /admin", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.client.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Hello, Priya")).toBeVisible();
    const response = await page.goto("/admin");
    expect(response!.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "❌ Forbidden: Insufficient Permissions" })).toBeVisible();
  });

  test("a visitor is sent to /login and comes back after signing in", async ({ page }) => {
    await page.goto("/admin/roles");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Froles$/);
    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.admin.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    // Staff without two-factor are asked first, then go on to where they were going.
    await expect(page).toHaveURL(/\/account\/security\?prompt=1&next=%2Fadmin%2Froles$/);
    await page.getByRole("link", { name: "continue without it" }).click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Roles" })).toBeVisible();

    // The admin makes a teacher of someone; the list shows it.
    const email = uniqueEmail("new-teacher");
    await page.locator("form#role-add").getByLabel("Email").fill(email);
    await page.getByRole("radio", { name: /^Teacher/ }).check();
    await page.getByRole("button", { name: "Add to role" }).click();
    await expect(page.getByRole("status")).toContainText(`Added ${email}`);
    await page.getByRole("button", { name: `Remove ${email} from teachers` }).click();
    await expect(page.getByText(email, { exact: true })).toHaveCount(0);
  });

  test("Google sign-in through the (local) identity provider", async ({ page }) => {
    const email = uniqueEmail("google");
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Name").fill("Neha Gupta");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByText("Hello, Neha")).toBeVisible();
  });

  test("a sign-in link followed from another site asks before it signs in", async ({ page, baseURL }) => {
    await signInLinkFromAnotherSite(page, baseURL!);
  });
});
