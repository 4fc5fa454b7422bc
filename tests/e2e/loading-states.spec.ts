/**
 * The spec's loading and error states of the services grid and a service detail: with SSR the first
 * paint has the data, so they show on client-side navigations into the page (the loading text while
 * the data request is held) and when that request fails (the red error text).
 */
import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, test } from "./fixtures";
import { createServiceAsTeacher } from "./services-helpers";

const isGridData = (url: URL) =>
  url.pathname.endsWith(".data") && /routes\/services\+\/_index/.test(decodeURIComponent(url.search));
const isDetailData = (url: URL) =>
  url.pathname.endsWith(".data") && /routes\/services\+\/\$serviceId/.test(decodeURIComponent(url.search));

/** #a4161a, the theme's --danger. */
const DANGER = "rgb(164, 22, 26)";

/** Hold the matching data requests until `release()` is called. */
async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(matches, async (route) => {
    seen += 1;
    await held;
    await route.continue();
  });
  return { release, seen: () => seen };
}

async function openFooterServices(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: "Services", exact: true }).click();
}

test("the services grid and a service detail show their loading text during a client-side navigation", async ({
  page,
}) => {
  const service = await createServiceAsTeacher(page, "loading");
  // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
  await page.goto("/login");
  await hydrated(page, ".site-header a");

  const grid = await holdRequests(page, isGridData);
  await openFooterServices(page);
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Loading services...");
  expect(grid.seen()).toBe(1);
  grid.release();
  await expect(page.getByRole("link", { name: service.title })).toBeVisible();
  await expect(page.getByText("Loading services...")).toHaveCount(0);

  const detail = await holdRequests(page, isDetailData);
  await page.getByRole("link", { name: service.title }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${service.path}$`));
  await expect(page.getByRole("status")).toHaveText("Loading...");
  detail.release();
  await expect(page.getByRole("heading", { level: 1, name: service.title })).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^${service.title} \\|`));
});

test("a failed data request shows the red error text; the server-rendered pages are unaffected", async ({ page }) => {
  const service = await createServiceAsTeacher(page, "failing");
  // From a hydrated page: / and /about do not hydrate React (app/lib/hydration.ts), so their links load documents.
  await page.goto("/login");
  await hydrated(page, ".site-header a");
  await page.route(isGridData, (route) => route.abort("connectionreset"));
  await openFooterServices(page);
  const gridError = page.getByRole("alert");
  await expect(gridError).toHaveText("Failed to fetch services");
  await expect(gridError).toHaveCSS("color", DANGER);

  await page.unrouteAll();
  await page.goto("/services");
  await expect(page.getByRole("link", { name: service.title })).toBeVisible();
  await expect(page.getByText("Loading services...")).toHaveCount(0);
  await expect(page.getByText("Failed to fetch services")).toHaveCount(0);
  // /services does not hydrate React: reach the detail by client-side navigations from /login.
  await page.goto("/login");
  await hydrated(page, ".site-header a");
  await openFooterServices(page);
  await page.route(isDetailData, (route) => route.abort("connectionreset"));
  await page.getByRole("link", { name: service.title }).click();
  const detailError = page.getByRole("alert");
  await expect(detailError).toHaveText("Failed to fetch sub-services");
  await expect(detailError).toHaveCSS("color", DANGER);

  await page.unrouteAll();
  await page.goto(`/services/${service.path}`);
  await expect(page.getByRole("heading", { level: 1, name: service.title })).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
});

test("a client-side navigation to a moved service's old path follows its redirect; an unknown path is not found", async ({
  page,
}) => {
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const body = { title: `Moving Service ${stamp}`, path: `moving-${stamp}`, levels: "Foundation", icon: "FaGavel" };
  const created = await page.request.post("/api/services", {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const renamed = await page.request.put(`/api/services/${_id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...body, path: `moved-${stamp}` },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  // From a hydrated page (/services and / do not hydrate React, app/lib/hydration.ts): the router navigates.
  await page.goto("/login");
  await hydrated(page, ".site-header a");
  const navigate = (to: string) =>
    page.evaluate(
      (path) =>
        (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
      to,
    );
  await navigate(`/services/moving-${stamp}`);
  await expect(page).toHaveURL(new RegExp(`/services/moved-${stamp}$`));
  await expect(page.getByRole("heading", { level: 1, name: body.title })).toBeVisible();

  await page.goto("/login");
  await hydrated(page, ".site-header a");
  await navigate(`/services/no-such-service-${stamp}`);
  await expect(page.getByRole("heading", { level: 1, name: "Page Under Construction" })).toBeVisible();
});
