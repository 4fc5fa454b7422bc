/** Helpers of the service and sub-service specs. */
import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs } from "./fixtures";

export const SYLLABUS = "tests/fixtures/syllabus.pdf";
/** A 1-second VP8 WebM (160×90), made once with ffmpeg's test source. */
export const VIDEO = "tests/fixtures/lecture.webm";
export const VIDEO_ID = "dQw4w9WgXcQ";
/** The first bytes of a Windows executable, to be sent as "syllabus.pdf". */
export const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);

/** A service made through the API as the demo teacher. */
export async function createServiceAsTeacher(page: Page, label: string) {
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const path = `${label}-${Date.now()}`;
  const response = await page.request.post("/api/services", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: `Bar Exam ${label}`, path, levels: "Foundation · Advanced", icon: "FaGavel" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { path, title: `Bar Exam ${label}` };
}

/** The network is closed in tests: answer the privacy-enhanced YouTube embeds locally. */
export async function stubYoutube(page: Page) {
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>video</title>" }),
  );
}

/** A service made by the signed-in teacher in Manage Services; ends on the new service's page. */
export async function createServiceInManageServices(page: Page, label: string) {
  const path = `${label}-${Date.now()}`;
  const title = `Bar Exam ${label}`;
  await page.goto("/admin/services");
  await expect(page.getByRole("heading", { name: "Manage Services" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Path").fill(path);
  await page.getByLabel("Levels").fill("Foundation · Advanced");
  await page.getByLabel("Icon").selectOption("FaGavel");
  await page.getByRole("button", { name: "Create service" }).click();
  await page.getByRole("status").getByRole("link", { name: "View it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { path, title };
}

/**
 * Two tabs open one sub-service's edit form (the multipart form of its service's page); the first
 * saves a new title, then the second: it is refused with the reason and keeps its typed title, and a
 * second click is refused too; opened again, it shows the first tab's title (decision 105).
 */
export async function twoTabsEditOneSubService(page: Page, javaScriptEnabled: boolean) {
  const service = await createServiceAsTeacher(page, `two-tabs-${javaScriptEnabled ? "js" : "nojs"}`);
  await loginAs(page, "teacher");
  await page.goto(`/admin/services/${service.path}`);
  await page.getByLabel("Title").fill("Evidence");
  await page.getByRole("button", { name: "Create sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Evidence” created. View it");
  const editPath = await page.getByRole("link", { name: "Edit Evidence" }).getAttribute("href");
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(editPath!.replace(/#.*/, ""));
    await expect(tab.getByRole("heading", { name: "Edit “Evidence”" })).toBeVisible();
    if (javaScriptEnabled) await hydrated(tab, "#sub-service-new button[type='submit']");
  }

  await page.getByLabel("Title").fill("Evidence, first tab");
  await page.getByRole("button", { name: "Save sub-service" }).click();
  await expect(page.getByRole("status")).toHaveText("Sub-service “Evidence, first tab” saved. View it");

  const refused = second.getByText("Someone else saved this sub-service after you opened it");
  await second.getByLabel("Title").fill("Evidence, second tab");
  await second.getByLabel("Syllabus (optional)").setInputFiles(SYLLABUS);
  await second.getByRole("button", { name: "Save sub-service" }).click();
  await expect(refused).toBeVisible();
  await expect(second.getByLabel("Title")).toHaveValue("Evidence, second tab");
  // A second click is refused too: once it is answered, the sub-service still has the first tab's title.
  await Promise.all([
    second.waitForResponse((response) => response.request().method() === "POST"),
    second.getByRole("button", { name: "Save sub-service" }).click(),
  ]);
  await expect(refused).toBeVisible();
  await second.goto(`/admin/services/${service.path}`);
  await expect(second.getByRole("heading", { level: 3, name: "Evidence, first tab" })).toBeVisible();
  await expect(second.getByRole("link", { name: "Syllabus (PDF)" })).toHaveCount(0);
  await second.close();
}
