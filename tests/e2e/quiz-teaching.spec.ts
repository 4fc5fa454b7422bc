// Quiz teaching tools with JavaScript: a teacher sets a window and shuffling in the editor, two takers see
// different orders (each fixed for its attempt), and the per-quiz page shows the histogram and the
// item analysis table.
import type { Page } from "@playwright/test";
import { expect, loginAs, registerClient, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import {
  answerAllAndSubmit,
  editThenRetake,
  expectAnalysisPage,
  indiaLocal,
  twoTabsEditOneQuiz,
  saveUnchangedKeepsTheWindow,
  extraTimeRefusedAtItsField,
} from "./quiz-teaching-helpers";

type TakerQuiz = { attemptId: string; questions: { id: string; text: string; options: string[] }[] };

async function fillQuestions(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.getByRole("button", { name: "+ Add question" }).click();
    const question = page.locator(".quiz-editor__questions > li").nth(i);
    await question.getByLabel("Question text").fill(`Which section ${i + 1}?`);
    for (const letter of ["A", "B", "C", "D"])
      await question.getByLabel(`Option ${letter}`).fill(`Section ${i + 1}${letter}`);
  }
}

test("a teacher sets a window and shuffling; two takers see different orders; the manage page shows the analysis", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Shuffled window ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  await fillQuestions(page, 4);
  // A window closing before it opens is refused on the page, with the field named.
  await page.getByLabel("Opens at (optional)").fill(indiaLocal(new Date(Date.now() + 3 * 3600_000)));
  await page.getByLabel("Closes at (optional)").fill(indiaLocal(new Date(Date.now() + 2 * 3600_000)));
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(fieldError(page, "closesAt must be after opensAt")).toBeVisible();
  await page.getByLabel("Opens at (optional)").fill(indiaLocal(new Date(Date.now() - 3600_000)));
  await page.getByLabel("Shuffle the questions for each attempt").check();
  await page.getByLabel("Shuffle the options for each attempt").check();
  await page.getByLabel("Attempts allowed (optional)").fill("2");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: "Results" })
    .click();
  await expect(page).toHaveURL(/\/quiz\/manage\/\w+$/);
  const quizId = /\/quiz\/manage\/(\w+)/.exec(page.url())![1]!;

  await page.goto(`/quiz/quizzes?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Open until");

  // Two takers, each in their own browser: the page's first question is the attempt's first (API).
  const orders: string[] = [];
  for (const label of ["first", "second"]) {
    const context = await browser.newContext();
    const taker = await context.newPage();
    const account = await registerClient(taker, `order-${label}`);
    await taker.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
    await taker.goto(`/quiz/${quizId}`);
    await expect(taker.getByText("Attempts: 0 of 2 used.")).toBeVisible();
    await taker.getByRole("button", { name: "Start quiz" }).click();
    const fetched = await taker.request.get(`/api/quiz/${quizId}`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    const view = (await fetched.json()) as TakerQuiz;
    const first = view.questions[0]!;
    await expect(taker.getByRole("group", { name: `Question 1 of 4: ${first.text}` })).toBeVisible();
    await expect(taker.getByRole("radio").first()).toHaveAccessibleName(`A. ${first.options[0]}`);
    // A reload shows the same order.
    await taker.reload();
    await expect(taker.getByRole("group", { name: `Question 1 of 4: ${first.text}` })).toBeVisible();
    orders.push(JSON.stringify(view.questions));
    // Answer option A of each question as shown, and submit.
    await answerAllAndSubmit(taker, () => 0);
    await context.close();
  }
  expect(orders[0]).not.toBe(orders[1]);

  await expectAnalysisPage(page, quizId);
  await expect(page.getByRole("table", { name: "Quiz figures" })).toContainText("2");
  // An edit after attempts keeps the question ids: still one analysis row per question.
  await editThenRetake(page, browser, quizId, true);
});

test("two tabs editing one quiz: the later save is refused with the reason and keeps its values", async ({ page }) => {
  await twoTabsEditOneQuiz(page, true);
});

test("a window set to the second through the API survives the editor saved unchanged", async ({ page }) => {
  await saveUnchangedKeepsTheWindow(page, true);
});

test("extra time for an unknown email is refused at the email field, with what was typed kept", async ({ page }) => {
  await extraTimeRefusedAtItsField(page, true);
});
