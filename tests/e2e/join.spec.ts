import { readFileSync } from "node:fs";
import { applyThroughApi, CHOOSE_CV_AGAIN, fillApplication, refusedWithCv, trashAnApplication } from "./join-helpers";
import { expect, hydrated, latestMailTo, loginAs, mailedLinkPath, test } from "./fixtures";
import { fieldError } from "./form-helpers";

const SUCCESS = "Thank you for applying. We have received your application and will write to you after reviewing it.";
const RULES_REQUIRED = "Please read and accept the teacher rules to continue.";

test("an applicant accepts the rules and applies; the admin downloads the CV and approves; the new teacher registers and creates a quiz", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const fullName = `Meera Iyer ${stamp}`;
  const email = `join-${stamp}@example.com`;

  await page.goto("/join-us");
  const rules = page.getByRole("dialog", { name: "Rules for teachers" });
  await expect(rules).toBeVisible();
  await expect(rules).toContainText("80% to the teacher, 20% to the institution");
  await expect.poll(() => rules.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  await expect(page.getByLabel("Full name")).toHaveCount(0);

  // The rules must be accepted: Continue without the tick says so, and Escape does not dismiss them.
  await rules.getByRole("button", { name: "Continue to the application" }).click();
  await expect(rules.getByText(RULES_REQUIRED)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(rules).toBeVisible();
  await rules.getByLabel("I have read and accept the rules for teachers.").check();
  await expect(rules.getByText(RULES_REQUIRED)).toHaveCount(0);
  await rules.getByRole("button", { name: "Continue to the application" }).click();
  await expect(rules).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your application" })).toBeFocused();

  // Conform checks the fields in the browser first.
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(fieldError(page, "Please enter your full name.")).toBeVisible();
  await expect(fieldError(page, "Please attach your CV (.pdf, .doc or .docx).")).toBeVisible();

  await fillApplication(page, { fullName, email });
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page).toHaveURL(/\/join-us\?sent=1$/);
  await expect(page.getByRole("status")).toHaveText(SUCCESS);
  expect((await latestMailTo(email))?.subject).toContain("We received your application to teach");

  // The admin reviews it.
  await loginAs(page, "admin");
  await page.goto("/admin/teachers");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Teachers" })).toBeVisible();
  const card = page.getByRole("article", { name: fullName });
  await expect(card).toContainText(email);
  await expect(card).toContainText("Six years before the Delhi High Court.");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: `Download the CV of ${fullName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("cv.pdf");
  expect(readFileSync(await download.path())).toEqual(readFileSync("tests/fixtures/cv.pdf"));

  // Approving mails the applicant, so it asks first.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`${email} gets the teacher role and is emailed at once.`);
    void dialog.accept();
  });
  await card.getByRole("button", { name: `Approve the application of ${fullName}` }).click();
  await expect(page.getByRole("status")).toContainText(`Application approved: ${email} now has the teacher role`);
  const row = page.getByRole("row", { name: new RegExp(fullName) });
  await expect(row).toContainText(email);
  await expect(row).toContainText("No account yet");
  await expect(page.getByRole("article", { name: fullName })).toContainText("Approved");
  await expect(page.getByRole("button", { name: `Approve the application of ${fullName}` })).toHaveCount(0);
  expect((await latestMailTo(email))?.subject).toContain("your teacher application is approved");

  // The applicant registers with that email and is a teacher.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a new teacher's passphrase");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The role starts once the email is verified: open the link from the mail.
  await page.goto(await mailedLinkPath(page, email, "/verify-email/"));
  await expect(page.getByRole("status")).toHaveText("Your email is verified. You now have the teacher role.");

  const title = `Constitution basics ${stamp}`;
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  const question = page.locator(".quiz-editor__questions > li").first();
  await question.getByLabel("Question text").fill("Which article protects life and personal liberty?");
  for (const [index, letter] of ["A", "B", "C", "D"].entries()) {
    await question
      .getByLabel(`Option ${letter}`)
      .fill(["Article 21", "Article 14", "Article 19", "Article 32"][index]!);
  }
  await question.getByLabel("Correct option").selectOption("0");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await expect(page.getByRole("status")).toHaveText("✅ Quiz created successfully!");
  await expect(page.getByRole("rowheader", { name: title })).toBeVisible();
});

test("a refused application keeps the chosen CV with JavaScript, so nothing asks to choose it again", async ({
  page,
}) => {
  const cv = await refusedWithCv(page, "203.0.113.142", { javaScript: true });
  expect(await cv.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
  await expect(page.getByText(CHOOSE_CV_AGAIN)).toBeHidden();
});

test("teachers and clients cannot open /admin/teachers; visitors are sent to log in", async ({ page }) => {
  await page.goto("/admin/teachers");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fteachers$/);
  for (const role of ["teacher", "client"] as const) {
    await page.context().clearCookies();
    await loginAs(page, role);
    await page.goto("/admin/teachers");
    await expect(page).toHaveURL(/\/$/);
  }
});

test("Approve and Reject ask before they mail the applicant: dismissing the dialog changes nothing and sends nothing", async ({
  page,
}) => {
  const { fullName, email } = await applyThroughApi(page, "confirm-js");
  await loginAs(page, "admin");
  await page.goto("/admin/teachers");
  const card = page.getByRole("article", { name: fullName });
  await hydrated(page, `[aria-label="Approve the application of ${fullName}"]`);

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  for (const action of ["Approve", "Reject"] as const) {
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await card.getByRole("button", { name: `${action} the application of ${fullName}` }).click();
    await expect.poll(() => asked).toHaveLength(1);
    expect(asked[0]).toContain(`${action} the application of ${fullName}?`);
  }
  // Nothing was posted: no request left the page (a submit starts its fetch within the click's task, so
  // it would be seen by the time two frames have passed), no notice, still pending, and the applicant's
  // newest mail is the acknowledgement.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(posts).toEqual([]);
  await expect(page.getByText("Application approved")).toHaveCount(0);
  await expect(page.getByText("Application rejected")).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Approve the application of ${fullName}` })).toBeVisible();
  expect((await latestMailTo(email))?.subject).toContain("We received your application to teach");
  await page.reload();
  await expect(page.getByRole("article", { name: fullName }).getByRole("button", { name: /^Approve/ })).toBeVisible();

  // Accepted, it approves and mails.
  page.once("dialog", (dialog) => void dialog.accept());
  await page
    .getByRole("article", { name: fullName })
    .getByRole("button", { name: `Approve the application of ${fullName}` })
    .click();
  await expect(page.getByRole("status")).toContainText(`Application approved: ${email} now has the teacher role`);
  expect((await latestMailTo(email))?.subject).toContain("your teacher application is approved");
});

test("the admin moves an application to the trash without a page load", async ({ page }) => {
  await trashAnApplication(page, { js: true });
});
