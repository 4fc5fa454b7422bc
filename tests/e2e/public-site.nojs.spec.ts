/**
 * The public site with JavaScript turned off: every page's content is in the
 * server's HTML, and the disclaimer, 'Know More', the gallery and paging work.
 */
import { firm, messagingUrl } from "../../app/config/firm";
import { expect, skipDisclaimer, test } from "./fixtures";

const PAGES: Array<[path: string, h1: string, text: string]> = [
  ["/", firm.name, "10000+"],
  ["/about", "About the Firm", "Client-centricity"],
  ["/practice-areas", "Practice Areas", "Certified Midiators"],
  ["/practice-areas/corporate-commercial", "Corporate & Commercial", "SPICe+ form on the MCA portal"],
  ["/practice-areas/tax", "Tax & Regulatory", "show cause notice"],
  ["/practice-areas/licensing", "Licenses & Approvals", "FSSAI"],
  ["/practice-areas/disputes", "Dispute Resolution", "arbitration"],
  ["/blogs", "Legal Insights", "The DPDP Act, 2023: What Indian Businesses Must Do Now"],
  ["/blog", "Legal Insights", "Seat versus Venue in Indian Arbitration Clauses"],
  ["/testimonial", "Client Testimonials", "Submitted by Aman Kapoor"],
  ["/team", "Our Team", "Founding Partner"],
  ["/careers", "Careers", "How to apply"],
  ["/contact", "Contact Us", "Tower C, Sector 44 Business Park"],
  ["/privacy", "Privacy Notice", "Digital Personal Data Protection Act, 2023"],
  ["/terms", "Terms of Use", "Governing law"],
  ["/disclaimer", "Disclaimer", "lawyer–client relationship"],
  ["/founders", "Our Founders", "Kavita Iyer"],
  ["/faculty1", "Faculty", "Adv. Neha Kulkarni"],
  ["/service", "Learning Plans and Pricing", "₹1,499"],
  ["/pricing", "Custom Packages", "₹60,000+"],
  ["/proposal", "Learning Management System Proposal", "₹27,999"],
  ["/addedcost", "Extra Costs", "₹111 per user per month"],
  ["/leave", "Leave Notice", "Urgent matters"],
  ["/update", "Site Modification Tracker", "in Progress"],
  ["/pay-dues", "Pay Dues", firm.bank.ifsc],
  ["/myra", "Demo Quiz", "This demo quiz runs entirely in your browser. Please turn on JavaScript to take it."],
  ["/usereducer", "To-do Demo", "Please turn on JavaScript"],
  ["/whatsapp", "Message Us on WhatsApp", firm.messaging.prefilledText],
];

test.describe("the public site without JavaScript", () => {
  test("every page shows its content from the server", async ({ page, context }) => {
    test.setTimeout(90_000);
    await skipDisclaimer(context);
    for (const [path, h1, text] of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(h1);
      await expect(page.getByRole("main"), path).toContainText(text);
    }
  });

  test("the disclaimer can be accepted and stays accepted for the session", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Disclaimer" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "I DISAGREE" })).toHaveAttribute("href", firm.disagreeUrl);
    await dialog.getByRole("button", { name: "I AGREE" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: firm.name })).toBeVisible();
    await page.goto("/about");
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Disclaimer" })).toHaveCount(0);
    await page.goto("/disclaimer");
    await expect(page.getByText("You accepted this disclaimer in this browser session.")).toBeVisible();
  });

  test("'Know More' reveals every dispute-resolution area", async ({ page }) => {
    await page.goto("/practice-areas");
    const disputes = page.getByRole("region", { name: "Dispute Resolution" });
    await expect(disputes.getByRole("article")).toHaveCount(4);
    await disputes.getByRole("link", { name: "Know More" }).click();
    await expect(page).toHaveURL(/\/practice-areas\?more=1#dispute-resolution$/);
    await expect(disputes.getByRole("article")).toHaveCount(9);
    await expect(disputes.getByRole("link", { name: "Know More" })).toHaveCount(0);
  });

  test("each gallery thumbnail links to its full image", async ({ page, context }) => {
    await skipDisclaimer(context);
    await page.goto("/about");
    const thumbnails = page.getByRole("region", { name: "Gallery" }).getByRole("link");
    await expect(thumbnails).toHaveCount(9);
    for (let i = 0; i < 9; i++)
      await expect(thumbnails.nth(i)).toHaveAttribute("href", `/images/gallery/gallery-${i + 1}.jpg`);
    const [response] = await Promise.all([page.waitForResponse(/gallery-5\.jpg$/), thumbnails.nth(4).click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    await expect(page).toHaveURL(/\/images\/gallery\/gallery-5\.jpg$/);
  });

  test("the insights list pages with plain links", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("link", { name: "Next page →" }).click();
    await expect(page).toHaveURL(/\/blogs\?page=2$/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
  });

  test("the hero has its final numbers, the QR code is drawn and /whatsapp offers its link", async ({
    page,
    context,
  }) => {
    await skipDisclaimer(context);
    await page.goto("/");
    for (const value of ["1500+", "10000+", "2700+", "3500+", "2900+"])
      await expect(page.locator(".hero")).toContainText(value);
    await page.goto("/pay-dues");
    const qr = page.getByRole("img", { name: /^UPI QR code of / });
    await expect(qr).toHaveAttribute("width", "220");
    expect((await qr.boundingBox())?.width).toBe(220);
    await page.goto("/whatsapp");
    await expect(page.getByRole("link", { name: "Open WhatsApp" })).toHaveAttribute("href", messagingUrl());
    await expect(page).toHaveURL(/\/whatsapp$/);
  });
});

test("without JavaScript a refused visitor's form comes back with its error summary focused, on a phone", async ({
  page,
  context,
}) => {
  await skipDisclaimer(context);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "203.0.113.131" });
  for (const target of [
    { path: "/", button: "Send Request" },
    { path: "/login?tab=register", button: "Register" },
    { path: "/forgot-password", button: "Send reset link" },
    { path: "/join-us?acceptRules=yes", button: "Submit application" },
  ]) {
    await page.goto(target.path);
    await page.getByRole("button", { name: target.button, exact: true }).click();
    // Where a screen reader starts reading and what the phone's screen shows: the list of what to fix.
    const summary = page.locator(".error-summary");
    await expect(summary, target.path).toBeFocused();
    await expect(summary, target.path).toBeInViewport();
  }
});
