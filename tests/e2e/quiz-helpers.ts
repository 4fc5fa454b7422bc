import { expect, type Page } from "@playwright/test";
import { registerClient } from "./fixtures";

/**
 * A taker with the seeded quiz open in two tabs: the first answers every question and submits; the
 * second, still showing a question, saves an answer. The same steps with JavaScript on and off.
 */
export async function submitInOneTabAnswerInTheOther(page: Page) {
  const client = await registerClient(page, "two-tabs");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.goto("/quiz/quizzes?q=Contract");
  await page.getByRole("link", { name: "Indian Contract Act Basics" }).click();
  await page.getByRole("button", { name: "Start quiz" }).click();
  const quizUrl = page.url();
  const other = await page.context().newPage();
  await other.goto(quizUrl);
  await expect(other.getByRole("group", { name: /Question 1 of 5/ })).toBeVisible();

  await answerTheSeededQuizAndSubmit(page);
  const resultPath = new URL(page.url()).pathname;

  // The other tab's answer is not saved: it shows the result, and why.
  await other.getByRole("radio", { name: /^A\. / }).check();
  await other.getByRole("button", { name: "Save answer" }).click();
  await expect(other).toHaveURL(new RegExp(`${resultPath}\\?submitted=1$`));
  await expect(other.getByRole("status").filter({ hasText: "This attempt had already been submitted" })).toBeVisible();
  await expect(other.getByText("5 / 5")).toBeVisible();
  await expect(other.getByRole("button", { name: "Start quiz" })).toHaveCount(0);
  await other.close();
}

/** On the seeded "Indian Contract Act Basics" attempt page: each question's correct option saved, then Submit; on the result page. */
export async function answerTheSeededQuizAndSubmit(page: Page) {
  // The seeded quiz's correct options: B, B, C, B, A.
  for (const [index, letter] of ["B", "B", "C", "B", "A"].entries()) {
    await expect(page.getByRole("group", { name: new RegExp(`Question ${index + 1} of 5`) })).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(`^${letter}\\. `) }).check();
    await page.getByRole("button", { name: "Save answer" }).click();
  }
  await page.getByRole("button", { name: "Submit quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/result\//);
}
