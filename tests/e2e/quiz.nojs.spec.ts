import { expect, loginAs, registerClient, test } from "./fixtures";
import { answerTheSeededQuizAndSubmit, submitInOneTabAnswerInTheOther } from "./quiz-helpers";

test("the attempt works without JavaScript: start, answer every question, submit, result", async ({ page }) => {
  const client = await registerClient(page, "nojs-taker");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.goto("/quiz/quizzes?q=Contract");
  await page.getByRole("link", { name: "Indian Contract Act Basics" }).click();
  await page.getByRole("button", { name: "Start quiz" }).click();
  // 5 minutes at the e2e server's QUIZ_TIME_SCALE of 0.25 (scripts/e2e-server.mjs).
  await expect(page.getByRole("timer")).toContainText(/01:[01]\d/);
  await answerTheSeededQuizAndSubmit(page);
  await expect(page.getByText("5 / 5")).toBeVisible();
});

test("without JavaScript a question of several lines under 1,000 characters is saved (a line break counts once)", async ({
  page,
}) => {
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  const title = `No-JS lines ${Date.now()}`;
  await page.getByLabel("Quiz title").fill(title);
  const question = page.locator(".quiz-editor__questions > li").first();
  // 20 lines: 999 characters as the person sees them; the browser sends the line breaks as CR LF.
  const text = Array.from({ length: 20 }, (_, i) => `Q${String(i).padStart(2, "0")} ${"q".repeat(45)}`).join("\n");
  expect(text).toHaveLength(999);
  await question.getByLabel("Question text").fill(text);
  for (const letter of ["A", "B", "C", "D"]) await question.getByLabel(`Option ${letter}`).fill(`Option ${letter}`);
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
});

test("without JavaScript, an answer from a second tab after the first submitted shows the result and says so", async ({
  page,
}) => {
  await submitInOneTabAnswerInTheOther(page);
});
