// Editing records and findable lists with JavaScript.
import { expect, loginAs, test } from "./fixtures";
import { createServiceAsTeacher, SYLLABUS } from "./services-helpers";

test("a teacher edits a service: the new values are saved and the old address redirects", async ({ page }) => {
  const service = await createServiceAsTeacher(page, "edit-js");
  await loginAs(page, "teacher");
  await page.goto(`/admin/services?q=${encodeURIComponent(service.path)}`);
  await page.getByRole("link", { name: `Edit ${service.title}` }).click();
  await expect(page.getByRole("heading", { name: `Edit “${service.title}”` })).toBeVisible();
  await expect(page.getByLabel("Path")).toHaveValue(service.path);
  const newPath = `${service.path}-renamed`;
  await page.getByLabel("Title", { exact: true }).fill(`${service.title} (renamed)`);
  await page.getByLabel("Path").fill(newPath);
  await page.getByLabel("Levels").fill("Advanced only");
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByRole("status")).toHaveText(`Service “${service.title} (renamed)” saved. View it`);
  // The form shows the values as saved.
  await expect(page.getByLabel("Path")).toHaveValue(newPath);
  await expect(page.getByLabel("Levels")).toHaveValue("Advanced only");
  await page.getByRole("status").getByRole("link", { name: "View it" }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${newPath}$`));
  await expect(page.getByRole("heading", { level: 1, name: `${service.title} (renamed)` })).toBeVisible();
  await expect(page.getByText("Advanced only")).toBeVisible();
  await page.goto(`/services/${service.path}`);
  await expect(page).toHaveURL(new RegExp(`/services/${newPath}$`));
});

test("a teacher replaces a sub-service's syllabus PDF; the new file is linked", async ({ page }) => {
  const service = await createServiceAsTeacher(page, "sub-edit-js");
  await loginAs(page, "teacher");
  await page.goto(`/admin/services/${service.path}`);
  await page.getByLabel("Title").fill("Contracts");
  await page.getByLabel("Syllabus (optional)").setInputFiles(SYLLABUS);
  await page.getByRole("button", { name: "Create sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Contracts” created. View it");
  const oldHref = await page.getByRole("link", { name: "Syllabus (PDF)" }).getAttribute("href");

  await page.getByRole("link", { name: "Edit Contracts" }).click();
  await expect(page.getByRole("heading", { name: "Edit “Contracts”" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Contracts");
  await page.getByLabel("Title").fill("Contracts II");
  await page.getByLabel("Syllabus (optional)").setInputFiles(SYLLABUS);
  await page.getByRole("button", { name: "Save sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Contracts II” saved. View it");
  await expect(page.getByRole("status").getByRole("link", { name: "View it" })).toHaveAttribute(
    "href",
    new RegExp(`^/admin/services/${service.path}#sub-service-`),
  );
  // The edit form stays open with the values as saved.
  await expect(page.getByRole("heading", { name: "Edit “Contracts II”" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Contracts II");
  await expect(page.getByRole("heading", { level: 3, name: "Contracts II" })).toBeVisible();
  const newHref = await page.getByRole("link", { name: "Syllabus (PDF)" }).getAttribute("href");
  expect(newHref).not.toBe(oldHref);
  expect((await page.request.get(newHref!)).status()).toBe(200);
  expect((await page.request.get(oldHref!)).status()).toBe(404);
});

test("the consultations inbox filtered and paged by URL keeps its filters in the page links", async ({ page }) => {
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 22; i++) {
    const sent = await page.request.post("/api/consultation/send-consultation-request", {
      headers: { "CF-Connecting-IP": `198.51.100.${(i % 200) + 1}` },
      data: {
        name: `Pager ${stamp} ${String(i).padStart(2, "0")}`,
        email: "p@example.com",
        phone: "9876543210",
        service: "Banking",
      },
    });
    expect(sent.status()).toBe(200);
  }
  await loginAs(page, "admin");
  await page.goto(`/admin/consultations?q=${encodeURIComponent(`Pager ${stamp}`)}&service=Banking`);
  await expect(page.getByText("22 requests match these filters.")).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveCount(20);
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/service=Banking/);
  await expect(page.getByRole("rowheader")).toHaveCount(2);
  await expect(page.getByRole("rowheader", { name: `Pager ${stamp} 00` })).toBeVisible();
  await expect(page.getByLabel("Practice area")).toHaveValue("Banking");
});
