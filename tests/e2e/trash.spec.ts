import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "./fixtures";

/** As the admin: add a founder in Manage Founders, then delete it (it goes to the trash). */
async function addAndDeleteFounder(page: Page, name: string) {
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Tax");
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
}

test("an admin deletes a founder, restores it from the trash, deletes it forever, and the activity log lists it all", async ({
  page,
}) => {
  const name = `Adv. Trashed ${Date.now()}`;
  await addAndDeleteFounder(page, name);
  await page.goto("/founders");
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin dashboard" }).getByRole("link", { name: "Trash" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Founder");
  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(page.getByRole("status")).toContainText(`Restored: “${name}”`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.goto("/founders");
  await expect(page.getByText(name)).toBeVisible();

  // Delete again, then forever (a confirm() dialog with JavaScript).
  await page.goto("/admin/founders");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
  await page.goto("/admin/trash");
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("forever");
    return dialog.accept();
  });
  await page.getByRole("button", { name: `Delete ${name} forever` }).click();
  await expect(page.getByRole("status")).toContainText(`Deleted forever: “${name}”`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin dashboard" }).getByRole("link", { name: "Activity" }).click();
  await page.getByLabel("What").selectOption("founder");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=founder/);
  const changes = page.getByRole("row").filter({ hasText: name });
  await expect(changes.filter({ hasText: "delete-forever" })).toHaveCount(1);
  await expect(changes.filter({ hasText: "restore" })).toHaveCount(1);
  await expect(changes.filter({ has: page.getByRole("cell", { name: "delete", exact: true }) })).toHaveCount(2);
  await expect(changes.filter({ has: page.getByRole("cell", { name: "create", exact: true }) })).toHaveCount(1);
  await expect(changes.first()).toContainText("admin@example.com");
});

test("the trash and the activity log pass an accessibility check", async ({ page }) => {
  const name = `Adv. Axe ${Date.now()}`;
  await addAndDeleteFounder(page, name);
  for (const path of ["/admin/trash", "/admin/activity"]) {
    await page.goto(path);
    await expect(page.getByRole("row").filter({ hasText: name }).first()).toBeVisible();
    const result = await new AxeBuilder({ page }).include("main").analyze();
    const serious = result.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""));
    expect(serious.map((violation) => `${path} ${violation.id}: ${violation.help}`)).toEqual([]);
  }
});
