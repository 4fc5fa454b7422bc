import { applyThroughApi, CHOOSE_CV_AGAIN, fillApplication, refusedWithCv, trashAnApplication } from "./join-helpers";
import { expect, latestMailTo, loginAs, test } from "./fixtures";
import { fieldError } from "./form-helpers";

const SUCCESS = "Thank you for applying. We have received your application and will write to you after reviewing it.";
const RULES_REQUIRED = "Please read and accept the teacher rules to continue.";

test.describe("teacher application without JavaScript", () => {
  test("the rules step, the checkbox, the form with a CV, and the success message", async ({ page }) => {
    const stamp = Date.now();
    await page.goto("/join-us");
    const rules = page.getByRole("dialog", { name: "Rules for teachers" });
    await expect(rules).toContainText("One month's notice before leaving.");
    await expect(page.getByLabel("Full name")).toHaveCount(0);

    await rules.getByRole("button", { name: "Continue to the application" }).click();
    await expect(page).toHaveURL(/\/join-us\?step=rules$/);
    await expect(page.getByText(RULES_REQUIRED)).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveCount(0);

    await page.getByLabel("I have read and accept the rules for teachers.").check();
    await page.getByRole("button", { name: "Continue to the application" }).click();
    await expect(page).toHaveURL(/acceptRules=yes/);
    await expect(page.getByRole("heading", { name: "Your application" })).toBeVisible();

    await fillApplication(page, {
      fullName: `Arjun Nair ${stamp}`,
      email: `join-nojs-${stamp}@example.com`,
      phone: "098765 43210",
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/join-us"),
      page.getByRole("button", { name: "Submit application" }).click(),
    ]);
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/join-us\?sent=1$/);
    await expect(page.getByRole("status")).toHaveText(SUCCESS);
  });

  test("a refused application says to choose the CV again, which the browser could not keep", async ({ page }) => {
    const cv = await refusedWithCv(page, "203.0.113.141", { javaScript: false });
    expect(await cv.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await expect(page.getByText(CHOOSE_CV_AGAIN)).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Kavya Reddy");
  });

  test("missing fields come back with each field's error and the typed values kept", async ({ page }) => {
    await page.goto("/join-us");
    await page.getByLabel("I have read and accept the rules for teachers.").check();
    await page.getByRole("button", { name: "Continue to the application" }).click();
    await page.getByLabel("Full name").fill("Kavya Reddy");
    await page.getByLabel("Phone number").fill("12345");
    await page.getByRole("button", { name: "Submit application" }).click();

    for (const message of [
      "Please enter your email address.",
      "Please enter a valid phone number, e.g. +91 98765 43210.",
      "Please enter the subject you want to teach.",
      "Please enter your educational qualification.",
      "Please enter your previous workplace.",
      "Please describe your work experience.",
      "Please tell us why you want to teach with us.",
      "Please attach your CV (.pdf, .doc or .docx).",
    ]) {
      await expect(fieldError(page, message)).toBeVisible();
    }
    await expect(page.getByLabel("Full name")).toHaveValue("Kavya Reddy");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
  });
});

test("without JavaScript Approve leads to a confirmation step; only its own button approves and mails", async ({
  page,
}) => {
  const { fullName, email } = await applyThroughApi(page, "confirm-nojs");
  await loginAs(page, "admin");
  await page.goto("/admin/teachers");
  await page.getByRole("button", { name: `Approve the application of ${fullName}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Approve the application of ${fullName}?`);
  await expect(confirm).toContainText(`${email} gets the teacher role and is emailed at once.`);
  // Not yet approved, nothing mailed.
  await expect(page.getByRole("article", { name: fullName }).getByRole("button", { name: /^Approve/ })).toBeVisible();
  expect((await latestMailTo(email))?.subject).toContain("We received your application to teach");

  // Cancel goes back, still pending; Reject asks too.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("button", { name: `Reject the application of ${fullName}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`${email} is emailed at once.`);
  await page.getByRole("alertdialog").getByRole("link", { name: "Cancel" }).click();
  expect((await latestMailTo(email))?.subject).toContain("We received your application to teach");

  await page.getByRole("button", { name: `Approve the application of ${fullName}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Approve and email" }).click();
  await expect(page.getByRole("status")).toContainText(`Application approved: ${email} now has the teacher role`);
  expect((await latestMailTo(email))?.subject).toContain("your teacher application is approved");
});

test("the admin moves an application to the trash with a plain form post", async ({ page }) => {
  await trashAnApplication(page, { js: false });
});
