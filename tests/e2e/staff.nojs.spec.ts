import { expect, loginAs, registerClient, test } from "./fixtures";
import { errorSummary, fieldError } from "./form-helpers";

// A 1×1 PNG, so the founder has a real portrait to remove.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

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
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Move this founder to the trash?" })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("without JavaScript an edited founder stays in the form as saved; removing the photo brings back the silhouette", async ({
  page,
}) => {
  const name = `No-JS Portrait ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Tax");
  await page.getByLabel(/^Photo/).setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  await expect(page.getByLabel("Name")).toHaveValue("");

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Services (comma separated)").fill("GST ,, Customs, GST");
  await page.getByRole("button", { name: "Update founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” updated. View it`);
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Services (comma separated)")).toHaveValue("GST, Customs");

  await page.getByLabel("Remove the photo").check();
  await page.getByRole("button", { name: "Update founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” updated. View it`);
  await expect(page.getByRole("img", { name: "Current photo" })).toHaveCount(0);
  await page.goto("/founders");
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.locator(".person-card__silhouette")).toHaveCount(1);
  await expect(card.getByRole("img")).toHaveCount(0);

  await page.goto("/admin/founders");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
});

test("without JavaScript a malformed email on /admin/roles is named next to the field and in the error summary", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("radio", { name: /^Teacher/ }).check();
  await page.getByRole("button", { name: "Add to role" }).click();
  const form = page.locator("form#role-add");
  await expect(errorSummary(form).getByRole("link", { name: "Enter a valid email address" })).toHaveAttribute(
    "href",
    "#role-add-email",
  );
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address");
});
