// Editing records and findable lists without JavaScript.
import { expect, loginAs, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import { createServiceAsTeacher, SYLLABUS, VIDEO } from "./services-helpers";

test("without JavaScript a teacher edits a service; a taken path is refused next to the field", async ({ page }) => {
  const service = await createServiceAsTeacher(page, "edit-nojs");
  const other = await createServiceAsTeacher(page, "edit-nojs-other");
  await loginAs(page, "teacher");
  await page.goto(`/admin/services?q=${encodeURIComponent(service.path)}`);
  await page.getByRole("link", { name: `Edit ${service.title}` }).click();
  await page.getByLabel("Path").fill(other.path);
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(fieldError(page, "This path is already used by another service")).toBeVisible();
  await expect(page.getByLabel("Path")).toHaveAttribute("aria-invalid", "true");
  const newPath = `${service.path}-moved`;
  await page.getByLabel("Path").fill(newPath);
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByRole("status")).toHaveText(`Service “${service.title}” saved. View it`);
  // The edit form stays open with the values as saved.
  await expect(page.getByRole("heading", { name: `Edit “${service.title}”` })).toBeVisible();
  await expect(page.getByLabel("Path")).toHaveValue(newPath);
  await page.goto(`/services/${service.path}`);
  await expect(page).toHaveURL(new RegExp(`/services/${newPath}$`));
});

test("without JavaScript a teacher replaces a sub-service's video", async ({ page }) => {
  const service = await createServiceAsTeacher(page, "sub-edit-nojs");
  await loginAs(page, "teacher");
  await page.goto(`/admin/services/${service.path}`);
  await page.getByLabel("Title").fill("Evidence");
  await page.getByLabel("Video (optional)").setInputFiles(VIDEO);
  await page.getByLabel("Syllabus (optional)").setInputFiles(SYLLABUS);
  await page.getByRole("button", { name: "Create sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Evidence” created. View it");
  const oldVideo = await page.locator("video.sub-service__video").getAttribute("src");

  await page.getByRole("link", { name: "Edit Evidence" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Evidence");
  await page.getByLabel("Video (optional)").setInputFiles(VIDEO);
  await page.getByRole("button", { name: "Save sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Evidence” saved. View it");
  await expect(page.getByRole("heading", { name: "Edit “Evidence”" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Evidence");
  const newVideo = await page.locator("video.sub-service__video").getAttribute("src");
  expect(newVideo).not.toBe(oldVideo);
  expect((await page.request.get(newVideo!)).status()).toBe(200);
  expect((await page.request.get(oldVideo!)).status()).toBe(404);
  await expect(page.getByRole("link", { name: "Syllabus (PDF)" })).toBeVisible();
});

test("without JavaScript the services list is searched and paged by URL", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await loginAs(page, "teacher");
  const token = await (
    await page.request.post("/api/auth/login", { data: { email: "teacher@example.com", password: "Demo-Password-1" } })
  ).json();
  for (let i = 0; i < 21; i++) {
    const created = await page.request.post("/api/services", {
      headers: { Authorization: `Bearer ${token.token}` },
      data: {
        title: `Paged ${stamp} ${String(i).padStart(2, "0")}`,
        path: `paged-${stamp}-${i}`,
        levels: "All",
        icon: "FaGavel",
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/admin/services");
  await page.getByLabel("Search services").fill(`Paged ${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=Paged`));
  await expect(page.getByRole("rowheader")).toHaveCount(20);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("rowheader")).toHaveCount(1);
  await expect(page.getByRole("rowheader", { name: `Paged ${stamp} 00` })).toBeVisible();
  await expect(page.getByLabel("Search services")).toHaveValue(`Paged ${stamp}`);
  await page.goto("/admin/services?page=500&q=%00%ff");
  await expect(page.getByRole("heading", { name: "Manage Services" })).toBeVisible();
});
