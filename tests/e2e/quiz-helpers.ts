import { expect, type Dialog, type Page } from "@playwright/test";
import { registerClient } from "./fixtures";

/** The confirm() the summary's "Submit all and finish" asks with JavaScript (QUIZ_MESSAGES.confirmSubmit). */
export const CONFIRM_SUBMIT = "Submit all your answers and finish? You cannot change them afterwards.";

/**
 * From a question of an open attempt: Finish attempt, then on the summary "Submit all and finish",
 * accepting the confirmation JavaScript asks for (without it the summary is the confirmation); on the result.
 */
export async function finishAndSubmit(page: Page) {
  await page.getByRole("button", { name: "Finish attempt" }).click();
  await expect(page.getByRole("heading", { name: /^Summary of attempt/ })).toBeVisible();
  const accept = (dialog: Dialog) => {
    expect(dialog.message()).toBe(CONFIRM_SUBMIT);
    void dialog.accept();
  };
  page.once("dialog", accept);
  await page.getByRole("button", { name: "Submit all and finish" }).click();
  await expect(page).toHaveURL(/\/quiz\/result\//);
  page.off("dialog", accept);
}

/**
 * A taker with the seeded quiz open in two tabs: the first answers every question and submits; the
 * second, still showing a question, saves an answer. The same steps with JavaScript on and off.
 */
export async function submitInOneTabAnswerInTheOther(page: Page, javaScriptEnabled: boolean) {
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

  // The other tab's answer is not saved: it shows the result, and why. With JavaScript the choice itself
  // is sent (and answered with the result); without, the button that sends it.
  await other.getByRole("radio", { name: /^A\. / }).check();
  if (!javaScriptEnabled) await other.getByRole("button", { name: "Save answer" }).click();
  await expect(other).toHaveURL(new RegExp(`${resultPath}\\?submitted=1$`));
  await expect(other.getByRole("status").filter({ hasText: "This attempt had already been submitted" })).toBeVisible();
  await expect(other.getByText("5 / 5")).toBeVisible();
  await expect(other.getByRole("button", { name: "Start quiz" })).toHaveCount(0);
  await other.close();
}

/** On the seeded "Indian Contract Act Basics" attempt page: each question's correct option saved, then submitted from the summary. */
export async function answerTheSeededQuizAndSubmit(page: Page) {
  // The seeded quiz's correct options: B, B, C, B, A.
  for (const [index, letter] of ["B", "B", "C", "B", "A"].entries()) {
    await expect(page.getByRole("group", { name: new RegExp(`Question ${index + 1} of 5`) })).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(`^${letter}\\. `) }).check();
    await page.getByRole("button", { name: "Save answer" }).click();
  }
  await finishAndSubmit(page);
}
