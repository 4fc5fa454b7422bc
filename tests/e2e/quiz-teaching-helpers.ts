/** What the quiz-teaching specs (JavaScript on and off) share. */
import type { Browser, Page } from "@playwright/test";
import { expect, registerClient } from "./fixtures";

/** A moment as the editor's datetime-local field takes it (India time, UTC+05:30). */
export const indiaLocal = (date: Date) => new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16);

/** Answer each of the attempt's four questions as shown (`pick`: the option's index), then submit. */
export async function answerAllAndSubmit(taker: Page, pick: (index: number) => number) {
  for (let index = 0; index < 4; index++) {
    await expect(taker.getByRole("group", { name: new RegExp(`Question ${index + 1} of 4`) })).toBeVisible();
    await taker.getByRole("radio").nth(pick(index)).check();
    await taker.getByRole("button", { name: "Save answer" }).click();
  }
  await taker.getByRole("button", { name: "Submit quiz" }).click();
  await expect(taker).toHaveURL(/\/quiz\/result\//);
}

/**
 * The teacher rewords the first question on the edit page (its id goes back in a hidden field) and a
 * third taker answers the new version: the analysis must still have one row per question (decision 032).
 */
export async function editThenRetake(page: Page, browser: Browser, quizId: string, javaScriptEnabled: boolean) {
  await page.goto(`/quiz/edit/${quizId}`);
  const first = page.locator(".quiz-editor__questions > li").first();
  await first.getByLabel("Question text").fill("Reworded first question?");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Quiz updated successfully")).toBeVisible();
  const context = await browser.newContext({ javaScriptEnabled });
  const taker = await context.newPage();
  const account = await registerClient(taker, `after-edit-${javaScriptEnabled ? "js" : "nojs"}`);
  await taker.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
  await taker.goto(`/quiz/${quizId}`);
  await taker.getByRole("button", { name: "Start quiz" }).click();
  await answerAllAndSubmit(taker, () => 1);
  await context.close();
  await expectAnalysisPage(page, quizId);
  await expect(page.getByRole("table", { name: /^Per question/ })).toContainText("Reworded first question?");
}

/** The per-quiz page shows both charts and the per-question table (four questions and a header row). */
export async function expectAnalysisPage(page: Page, quizId: string) {
  await page.goto(`/quiz/manage/${quizId}`);
  await expect(page.getByRole("img", { name: /^Score distribution/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Facility index per question/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Per question/ }).getByRole("row")).toHaveCount(5);
}
