/**
 * axe-core on every staff page (no serious or critical WCAG 2.2 A/AA violation) as the admin, each
 * with data in it (a service and a quiz of the test's own, the seeded articles, testimonials and
 * founders) and the edit forms; as the teacher, the two pages whose content differs by role (the
 * staff area's navigation, the dashboard). The other pages a teacher opens are the admin's page
 * with fewer controls.
 */
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs, quizThroughApi, test, type DemoRole } from "./fixtures";

/** A service and a quiz of the demo teacher's, made through the API (their ids for the edit pages). */
async function staffRecords(page: Page) {
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const service = await page.request.post("/api/services", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: `Axe Service ${stamp}`, path: `axe-${stamp}`, levels: "Foundation", icon: "FaGavel" },
  });
  expect(service.status(), await service.text()).toBe(201);
  return {
    serviceId: ((await service.json()) as { _id: string })._id,
    quizId: await quizThroughApi(page, token, `Axe Quiz ${stamp}`),
  };
}

type StaffPage = { path: (ids: { serviceId: string; quizId: string }) => string; label: string; roles: DemoRole[] };

const PAGES: StaffPage[] = [
  { label: "/admin", path: () => "/admin", roles: ["admin", "teacher"] },
  { label: "/admin/blogs", path: () => "/admin/blogs", roles: ["admin"] },
  { label: "/admin/testimonials", path: () => "/admin/testimonials", roles: ["admin"] },
  { label: "/admin/founders", path: () => "/admin/founders", roles: ["admin"] },
  { label: "/admin/services", path: () => "/admin/services", roles: ["admin"] },
  { label: "/admin/services?edit=…", path: ({ serviceId }) => `/admin/services?edit=${serviceId}`, roles: ["admin"] },
  { label: "/admin/teachers", path: () => "/admin/teachers", roles: ["admin"] },
  { label: "/admin/roles", path: () => "/admin/roles", roles: ["admin"] },
  { label: "/admin/images", path: () => "/admin/images", roles: ["admin"] },
  { label: "/admin/outbox", path: () => "/admin/outbox", roles: ["admin"] },
  { label: "/admin/consultations", path: () => "/admin/consultations", roles: ["admin"] },
  { label: "/admin/trash", path: () => "/admin/trash", roles: ["admin"] },
  { label: "/admin/activity", path: () => "/admin/activity", roles: ["admin"] },
  { label: "/quiz/create", path: () => "/quiz/create", roles: ["admin"] },
  { label: "/quiz/manage", path: () => "/quiz/manage", roles: ["admin"] },
  { label: "/quiz/edit/…", path: ({ quizId }) => `/quiz/edit/${quizId}`, roles: ["admin"] },
  { label: "/quiz/manage/…", path: ({ quizId }) => `/quiz/manage/${quizId}`, roles: ["admin"] },
  { label: "/dashboard", path: () => "/dashboard", roles: ["admin", "teacher"] },
  { label: "/account/security", path: () => "/account/security", roles: ["admin"] },
];

/** This worker's records, made once. */
let records: ReturnType<typeof staffRecords> | undefined;

for (const role of ["admin", "teacher"] as const) {
  test.describe(`as the ${role}`, () => {
    for (const staffPage of PAGES.filter((candidate) => candidate.roles.includes(role))) {
      test(staffPage.label, async ({ page }) => {
        records ??= staffRecords(page);
        const path = staffPage.path(await records);
        await loginAs(page, role);
        const response = await page.goto(path);
        expect(response!.status(), path).toBe(200);
        expect(new URL(page.url()).pathname, `${path} was not redirected`).toBe(path.split("?")[0]);
        await expect(page.locator("h1").first()).toBeVisible();
        // Checked as it is used: hydrated (waiting for the network to be quiet for half a second did the same,
        // slower).
        await hydrated(page, "h1");
        await expectAccessible(page, `${role} ${staffPage.label}`);
      });
    }
  });
}
