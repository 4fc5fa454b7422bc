import { expect, loginAs, registerClient, test } from "./fixtures";
import { fieldError } from "./form-helpers";

test("without JavaScript a client enrols from /dashboard", async ({ page }) => {
  const client = await registerClient(page, "nojs-enrol");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Enrol in Corporate" }).click();
  await expect(page.getByRole("status")).toContainText("You are enrolled in Corporate");
  await expect(page.getByRole("region", { name: "My enrolments" }).getByRole("link")).toHaveCount(1);
});

test("without JavaScript an admin adds a founder and deletes it through the confirmation step", async ({ page }) => {
  const name = `No-JS Founder ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(fieldError(page, "Subject is required")).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Tax");
  await page.getByLabel("Services (comma separated)").fill("GST, Customs");
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(page.getByRole("status")).toHaveText("Founder added.");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Delete this founder?" })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText("Founder deleted.");
  await expect(page.getByText(name)).toHaveCount(0);
});
