import { expect, test } from "@playwright/test";
import { SITE_PAGES } from "./public-pages";

// Every route of the spec's route tables (section 2), main site and /quiz.
const ROUTES = [
  "/",
  "/blogs",
  "/blog",
  "/about",
  "/consultation",
  "/consultation?service=Tax%20%26%20Regulatory",
  "/practice-areas",
  "/practice-areas/corporate-commercial",
  "/practice-areas/tax",
  "/practice-areas/licensing",
  "/practice-areas/disputes",
  "/testimonial",
  "/login",
  "/team",
  "/careers",
  "/contact",
  "/privacy",
  "/terms",
  "/disclaimer",
  "/services",
  "/services/judiciary-exam",
  "/admin",
  "/admin/blogs",
  "/admin/testimonials",
  "/founders",
  "/faculty1",
  "/whatsapp",
  "/service",
  "/pricing",
  "/proposal",
  "/addedcost",
  "/leave",
  "/usereducer",
  "/oauth-success",
  "/dashboard",
  "/join-us",
  "/pay-dues",
  "/myra",
  "/update",
  "/forgot-password",
  "/reset-password/not-a-real-token",
  "/quiz",
  "/quiz/quizzes",
  "/quiz/create",
  "/quiz/manage",
  "/quiz/edit/seed-quiz-1",
  "/quiz/seed-quiz-1",
  "/quiz/results",
  "/quiz/result/no-such-result",
  "/this/path/does/not/exist",
];

// One test per route, so Playwright's workers share them out. The public pages are swept by
// visual.spec.ts (status, shell and axe on the same load); these are the rest.
for (const route of ROUTES.filter((path) => !SITE_PAGES.includes(path))) {
  test(`${route} answers without a server error and shows the shell`, async ({ page }) => {
    // /whatsapp hands over to the messaging app: answer for it, as the network is closed here.
    await page.route("https://wa.me/**", (request) =>
      request.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    const response = await page.goto(route);
    expect(response, route).not.toBeNull();
    expect(response!.status(), `${route} answered ${response!.status()}`).toBeLessThan(500);
    // /whatsapp hands over to the messaging app; every other page carries the shell.
    if (route === "/whatsapp") {
      await page.waitForURL(/^https:\/\/wa\.me\//);
      return;
    }
    await expect(page.getByRole("navigation", { name: "Main" }), route).toBeAttached();
    await expect(page.getByRole("contentinfo"), route).toBeVisible();
    await expect(
      page
        .getByRole("group")
        .filter({ has: page.getByLabel("Quick contact") })
        .first(),
      route,
    ).toBeAttached();
    await expect(page.locator("h1").first(), route).toBeVisible();
  });
}

test("an unknown path is a 404 with the 'Page Under Construction' page and its links", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Under Construction" })).toBeVisible();
  for (const name of ["Home", "About", "Legal Insights", "Practice Areas", "Contact Team"]) {
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  }
});
