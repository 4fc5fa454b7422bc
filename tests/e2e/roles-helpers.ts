import type { Page } from "@playwright/test";
import { expect, hydrated, loginAs } from "./fixtures";

/** A fresh address for a role grant. */
export const roleEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The one add form on /admin/roles, filled with an email and a role, then sent. */
export async function addToRole(page: Page, email: string, role: "Teacher" | "Admin") {
  const form = page.locator("form#role-add");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await form.getByRole("button", { name: "Add to role" }).click();
}

/**
 * An admin grant as the page makes it: the first submit only asks "Make x an admin?" (nothing is
 * granted; "No, cancel" leaves it so), the second, from the question, grants it and names the role.
 */
export async function adminGrantAsksFirst(page: Page, { js }: { js: boolean }) {
  const email = roleEmail(js ? "asked-admin" : "asked-admin-nojs");
  const admins = page.getByRole("region", { name: "Admins" });
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  if (js) await hydrated(page, "form#role-add");

  await addToRole(page, email, "Admin");
  const question = page.getByRole("region", { name: `Make ${email} an admin?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole("heading")).toBeFocused();
  await expect(admins.getByText(email, { exact: true })).toHaveCount(0);
  await question.getByRole("link", { name: "No, cancel" }).click();
  await expect(page.getByRole("region", { name: `Make ${email} an admin?` })).toHaveCount(0);
  await expect(admins.getByText(email, { exact: true })).toHaveCount(0);

  if (js) await hydrated(page, "form#role-add");
  await addToRole(page, email, "Admin");
  await page.getByRole("button", { name: `Yes, make ${email} an admin` }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Added ${email} as admin. The role starts once they register and verify their email.`,
  );
  await expect(admins.getByText(email, { exact: true })).toHaveCount(1);
  await expect(page.getByRole("region", { name: /an admin\?$/ })).toHaveCount(0);
  // The grant goes again, so the other tests' lists stay as they were.
  await page.getByRole("button", { name: `Remove ${email} from admins` }).click();
  await expect(page.getByRole("status")).toHaveText(`Removed ${email}.`);
  await expect(admins.getByText(email, { exact: true })).toHaveCount(0);
}

/** An add with no role chosen is refused at the role field, naming it, and grants nothing. */
export async function addWithoutRoleIsRefused(page: Page, { js }: { js: boolean }) {
  const email = roleEmail("no-role");
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  if (js) await hydrated(page, "form#role-add");
  const form = page.locator("form#role-add");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Add to role" }).click();
  await expect(
    form.locator(".error-summary").getByRole("link", { name: "Choose a role: admin or teacher" }),
  ).toHaveAttribute("href", "#role-add-role");
  await expect(form.getByRole("radio", { name: /^Teacher/ })).toHaveAccessibleDescription(
    "Choose a role: admin or teacher",
  );
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
}
