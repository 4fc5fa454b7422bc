/** What the quiz-teaching specs (JavaScript on and off) share. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

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

/** The per-quiz page shows both charts and the per-question table (four questions and a header row). */
export async function expectAnalysisPage(page: Page, quizId: string) {
  await page.goto(`/quiz/manage/${quizId}`);
  await expect(page.getByRole("img", { name: /^Score distribution/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Facility index per question/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Per question/ }).getByRole("row")).toHaveCount(5);
}
