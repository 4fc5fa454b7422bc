import { expect, loginAs, registerClient, skipDisclaimer, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { fieldError } from "./form-helpers";

// A 1×1 PNG, so the founder's portrait really renders.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin adds a founder with a photo, edits and deletes it from Manage Founders", async ({ page }) => {
  // Add, edit, remove the photo and delete: several saves and public pages in one test.
  test.setTimeout(60_000);
  const name = `Adv. Founder ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin dashboard" })
    .getByRole("link", { name: "Manage Founders" })
    .click();
  await expect(page.getByRole("heading", { name: "Manage Founders" })).toBeVisible();

  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(fieldError(page, "Name is required")).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Arbitration");
  await page.getByLabel("Services (comma separated)").fill("Commercial arbitration, Mediation");
  await page.getByLabel(/^Photo/).setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Add founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  await expect(page.getByRole("status").getByRole("link", { name: "View it" })).toHaveAttribute("href", "/founders");
  // After a create the form is empty again.
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Commercial arbitration, Mediation");

  await page.goto("/founders");
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByRole("list", { name: `Services offered by ${name}` })).toContainText("Mediation");
  const portrait = card.getByRole("img", { name: `Portrait of ${name}` });
  await expect(portrait).toBeVisible();
  // Visible is not yet loaded: the photo can still be arriving when the card is laid out.
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.goto("/admin/founders");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Services (comma separated)")).toHaveValue("Commercial arbitration, Mediation");
  await page.getByLabel("Subject").fill("International Arbitration");
  await page.getByLabel("Services (comma separated)").fill(" Mediation ,, Commercial arbitration, Mediation ");
  await page.getByRole("button", { name: "Update founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” updated. View it`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("International Arbitration");
  // After an edit the form shows the values as saved (the services list as stored, not as typed).
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("International Arbitration");
  await expect(page.getByLabel("Services (comma separated)")).toHaveValue("Mediation, Commercial arbitration");

  // Remove the photo: the public card shows the silhouette again.
  await expect(page.getByRole("img", { name: "Current photo" })).toBeVisible();
  await expectAccessible(page, "/admin/founders?edit=… with a photo");
  await page.getByLabel("Remove the photo").check();
  await page.getByRole("button", { name: "Update founder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” updated. View it`);
  await expect(page.getByRole("img", { name: "Current photo" })).toHaveCount(0);
  await expect(page.getByLabel("Remove the photo")).toHaveCount(0);
  await page.goto("/founders");
  const plain = page.getByRole("article").filter({ hasText: name });
  await expect(plain.getByRole("img", { name: `Portrait of ${name}` })).toHaveCount(0);
  await expect(plain.locator(".person-card__silhouette")).toHaveCount(1);
  await page.goto("/admin/founders");

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Move this founder to the trash?");
    return dialog.accept();
  });
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
  await page.goto("/founders");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a teacher creates a service in Manage Services and it appears in the services grid", async ({ page }) => {
  const stamp = Date.now();
  await loginAs(page, "teacher");
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Manage Founders" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Admin dashboard" })
    .getByRole("link", { name: "Manage Services" })
    .click();
  await expect(page.getByRole("heading", { name: "Manage Services" })).toBeVisible();
  await page.getByLabel("Title").fill(`Moot Court ${stamp}`);
  await page.getByLabel("Path").fill(`moot court ${stamp}`);
  await page.getByLabel("Levels").fill("Beginner · Advanced");
  await page.getByLabel("Icon").selectOption("FaGavel");
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(
    fieldError(page, "Path may use lowercase letters, digits and single hyphens (no spaces or slashes)"),
  ).toBeVisible();
  await page.getByLabel("Path").fill(`moot-court-${stamp}`);
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(page.getByRole("status")).toHaveText(`Service “Moot Court ${stamp}” created. View it`);
  await page.goto("/services");
  await page.getByRole("link", { name: `Moot Court ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/services/moot-court-${stamp}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Moot Court ${stamp}` })).toBeVisible();
});

test("a client enrols in a service from /dashboard", async ({ page, context, baseURL }) => {
  await skipDisclaimer(context, baseURL);
  const client = await registerClient(page, "enrol");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("You are not enrolled in any service yet.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create a service" })).toHaveCount(0);
  await page.getByRole("button", { name: "Enrol in Judiciary Exam Preparation" }).click();
  await expect(page.getByRole("status")).toHaveText("You are enrolled in Judiciary Exam Preparation.");
  await expect(
    page.getByRole("region", { name: "My enrolments" }).getByRole("link", { name: "Judiciary Exam Preparation" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Enrol in Judiciary Exam Preparation" })).toHaveCount(0);
});
