import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, hydrated, loginAs } from "./fixtures";

let applicants = 0;

/** The application form filled in, with a CV: the applicant's name, email and (optionally) phone as given. */
export async function fillApplication(
  page: Page,
  { fullName, email, phone = "+91 98765 43210" }: { fullName: string; email: string; phone?: string },
) {
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Subject you want to teach").fill("Constitutional Law");
  await page.getByLabel("Educational qualification").fill("LL.M., Delhi University");
  await page.getByLabel("Previous workplace").fill("Khanna & Partners");
  await page.getByLabel("Work experience").fill("Six years before the Delhi High Court.");
  await page.getByLabel("Why do you want to teach with us?").fill("I enjoy teaching judiciary aspirants.");
  await page.getByLabel(/^CV/).setInputFiles("tests/fixtures/cv.pdf");
}

/** A pending teacher application sent through POST /api/join from an address of its own. */
export async function applyThroughApi(page: Page, label: string) {
  applicants += 1;
  const stamp = `${Date.now()}-${applicants}-${Math.floor(Math.random() * 1e6)}`;
  const fullName = `Applicant ${label} ${stamp}`;
  const email = `${label}-${stamp}@example.com`;
  const response = await page.request.post("/api/join", {
    headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    multipart: {
      fullName,
      email,
      reason: "I enjoy teaching judiciary aspirants.",
      educationalQualification: "LL.M., Delhi University",
      subjectToTeach: "Constitutional Law",
      workExperience: "Six years before the Delhi High Court.",
      previousWorkPlace: "Khanna & Partners",
      phoneNumber: "+91 98765 43210",
      cv: { name: "cv.pdf", mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/cv.pdf") },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { fullName, email };
}

export const CHOOSE_CV_AGAIN = "Choose your CV again: a form sent back cannot keep the file you chose.";

/**
 * The application filled in with a CV and an email only the server refuses ("name@example" passes the
 * browser's check), sent from an address of its own: the page comes back with the email's error.
 */
export async function refusedWithCv(page: Page, ip: string, { javaScript }: { javaScript: boolean }) {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  await page.goto("/join-us?acceptRules=yes");
  if (javaScript) await hydrated(page, "form#join-form");
  await fillApplication(page, { fullName: "Kavya Reddy", email: "kavya@example" });
  const cv = page.getByLabel(/^CV/);
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.locator(".field__error", { hasText: "Please enter a valid email address." })).toBeVisible();
  return cv;
}

/**
 * The admin moves a pending application to the trash from /admin/teachers: the notice says where to
 * restore it and the card is gone. With JavaScript it happens without a page load (the window's state
 * survives) and the button says it is busy while it works.
 */
export async function trashAnApplication(page: Page, { js }: { js: boolean }) {
  const { fullName } = await applyThroughApi(page, js ? "trash-js" : "trash-nojs");
  await loginAs(page, "admin");
  await page.goto("/admin/teachers");
  const trash = page.getByRole("button", { name: `Move the application of ${fullName} to the trash` });
  if (js) {
    await hydrated(page, `[aria-label="Move the application of ${fullName} to the trash"]`);
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  }
  await trash.click();
  await expect(page.getByRole("status")).toContainText("Application moved to the trash");
  await expect(page.getByRole("article", { name: fullName })).toHaveCount(0);
  if (js) expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
}
