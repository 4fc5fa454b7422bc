/** The two-factor journey, shared by the JavaScript-on and -off specs. */
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, registerClient } from "./fixtures";

const PERIOD_MS = 30_000;
const codeFor = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
}

export async function twoFactorJourney(page: Page) {
  const account = await registerClient(page, "totp");
  await page.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
  await expect(page).toHaveURL(/\/$/);

  // Turn it on from the dashboard, reading the base32 secret from the page.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Account security" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByText("Secret key", { exact: true })).toBeVisible();
  await expect(page.locator("svg").first()).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not valid").first()).toBeVisible();
  const confirmedAt = Date.now();
  await page.getByLabel("Authentication code").fill(codeFor(secret, confirmedAt));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).locator("code").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);

  // Back in with a recovery code.
  await logout(page);
  await passwordStep(page, account.email, account.password);
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Hello, Test")).toBeVisible();

  // Back in with the authenticator code of the next time-step: the step used to confirm is spent
  // (no replay), and the server accepts one step of clock drift either way, so no need to wait 30 s.
  await logout(page);
  await passwordStep(page, account.email, account.password);
  await page.getByLabel("Authentication code").fill(codeFor(secret, confirmedAt + PERIOD_MS));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Hello, Test")).toBeVisible();

  // A code typed after the sign-in expired (the browser drops its cookie after ten minutes): back to
  // the login page, which says why, rather than a silent start again or a message on a dead form.
  await logout(page);
  await passwordStep(page, account.email, account.password);
  await page.context().clearCookies({ name: /two_factor/ });
  await page.getByLabel("Authentication code").fill(codeFor(secret, confirmedAt + 2 * PERIOD_MS));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/login\?error=expired$/);
  await expect(page.getByRole("alert")).toHaveText("Your sign-in has expired. Log in again.");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
}

/** "Sign out everywhere else": another browser and an app token end, this browser stays signed in. */
export async function signOutEverywhereJourney(page: Page, browser: Browser) {
  const account = await registerClient(page, "elsewhere");
  await page.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
  await expect(page).toHaveURL(/\/$/);
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  await otherPage.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  const { id } = JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString()) as { id: string };
  const withToken = () =>
    page.request.get(`/api/results/user/${id}`, { headers: { Authorization: `Bearer ${account.token}` } });
  expect((await withToken()).status()).toBe(200);

  await page.goto("/account/security");
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Every other browser and app is signed out.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);

  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/login/);
  expect((await withToken()).status()).toBe(401);
  await other.close();
}
