import { expect, loginAs, test } from "./fixtures";

test("without JavaScript an admin restores a deleted founder from the trash, deletes it forever through the confirmation step, and finds it in the activity log", async ({
  page,
}) => {
  const name = `No-JS Trashed ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Tax");
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");

  await page.goto("/admin/trash");
  await page.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(page.getByRole("status")).toContainText(`Restored: “${name}”`);
  await page.goto("/founders");
  await expect(page.getByText(name)).toBeVisible();

  await page.goto("/admin/founders");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.goto("/admin/trash");
  await page.getByRole("button", { name: `Delete ${name} forever` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("cannot be restored afterwards");
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByRole("status")).toContainText(`Deleted forever: “${name}”`);

  await page.goto("/admin/activity");
  await page.getByLabel("Action").selectOption("restore");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=restore/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "delete-forever" })).toHaveCount(0);
});
