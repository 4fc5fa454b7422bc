/** Helpers of the service and sub-service specs. */
import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect } from "./fixtures";

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
