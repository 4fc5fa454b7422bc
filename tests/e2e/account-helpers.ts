/** Helpers of the account specs. */
import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect } from "./fixtures";

/**
 * Another website links to a sign-in link carrying the demo client's token (login CSRF): following it
 * asks "Continue as …?" and signs nobody in until the button is pressed; "Not my account" forgets it.
 */
export async function signInLinkFromAnotherSite(page: Page, baseURL: string) {
  const token = await apiToken(page, DEMO_ACCOUNTS.client.email);
  const link = new URL(`/oauth-success?token=${token}`, baseURL).href;
  await page.route("http://elsewhere.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Prize</title><a href="${link}">Claim</a>` }),
  );
  const follow = async () => {
    await page.goto("http://elsewhere.test/");
    await page.getByRole("link", { name: "Claim" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Continue signing in?" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/login/continue");
  };

  await follow();
  await expect(page.getByText(DEMO_ACCOUNTS.client.email)).toBeVisible();
  // Not signed in meanwhile: the site still offers Login.
  await page.getByRole("button", { name: "Not my account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/login/continue");
  await expect(page).toHaveURL(/\/login\?error=token$/);

  await follow();
  await page.getByRole("button", { name: /^Continue as / }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}
