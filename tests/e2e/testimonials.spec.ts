import { expect, loginAs, test } from "./fixtures";

test("a client's testimonial is published only after the admin approves it; the admin edits and deletes it", async ({
  page,
}) => {
  const name = `Client ${Date.now()}`;
  await loginAs(page, "client");
  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: "New" }).click();
  await page.getByLabel("Client name").fill(name);
  await page.getByLabel("Testimonial", { exact: true }).fill("They explained every step of my property dispute.");
  await page.getByRole("button", { name: "Submit testimonial" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Thank you. Your testimonial awaits review by the firm before it is published.",
  );
  await page.goto("/testimonial");
  await expect(page.getByText(name)).toHaveCount(0);

  await page.context().clearCookies();
  await loginAs(page, "admin");
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: `Approve testimonial of ${name}` }).click();
  await expect(page.getByRole("status")).toHaveText("Testimonial approved and published.");
  await page.goto("/testimonial");
  await expect(page.getByText(name)).toBeVisible();

  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: `Edit testimonial of ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit testimonial" })).toBeVisible();
  await expect(page.getByLabel("Client name")).toHaveValue(name);
  await page.getByLabel("Testimonial", { exact: true }).fill("Updated: clear and prompt advice.");
  await page.getByRole("button", { name: "Update testimonial" }).click();
  await expect(page.getByRole("status")).toHaveText(`Testimonial of “${name}” updated. View it`);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Move this testimonial to the trash?");
    return dialog.accept();
  });
  await page.getByRole("button", { name: `Delete testimonial of ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Testimonial moved to the trash.");
});
