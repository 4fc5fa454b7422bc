// Quiz teaching tools without JavaScript: the editor's window and shuffling, two takers in different orders,
// and the per-quiz page's charts (server-rendered SVG) and analysis table.
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

test("without JavaScript a teacher sets a window and shuffling; takers' orders differ; the charts and table render", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `No-JS shuffled ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  // Without JavaScript, adding a question is a form submit the server answers with the longer form.
  for (let i = 0; i < 4; i++) {
    if (i > 0) await page.getByRole("button", { name: "+ Add question" }).click();
    const question = page.locator(".quiz-editor__questions > li").nth(i);
    await question.getByLabel("Question text").fill(`Which article ${i + 1}?`);
    for (const letter of ["A", "B", "C", "D"])
      await question.getByLabel(`Option ${letter}`).fill(`Article ${i + 1}${letter}`);
  }
  await page.getByLabel("Opens at (optional)").fill(indiaLocal(new Date(Date.now() - 3600_000)));
  await page.getByLabel("Closes at (optional)").fill(indiaLocal(new Date(Date.now() + 3 * 3600_000)));
  await page.getByLabel("Attempts allowed (optional)").fill("0");
  await page.getByLabel("Shuffle the questions for each attempt").check();
  await page.getByLabel("Shuffle the options for each attempt").check();
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(fieldError(page, "maxAttempts must be from 1 to 10 (or null for unlimited)")).toBeVisible();
  await page.getByLabel("Attempts allowed (optional)").fill("");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: "Results" })
    .click();
  await expect(page).toHaveURL(/\/quiz\/manage\/\w+$/);
  const quizId = /\/quiz\/manage\/(\w+)/.exec(page.url())![1]!;

  const orders: string[] = [];
  for (const label of ["one", "two"]) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const taker = await context.newPage();
    const account = await registerClient(taker, `nojs-order-${label}`);
    await taker.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
    await taker.goto(`/quiz/${quizId}`);
    await taker.getByRole("button", { name: "Start quiz" }).click();
    const view = (await (
      await taker.request.get(`/api/quiz/${quizId}`, { headers: { Authorization: `Bearer ${account.token}` } })
    ).json()) as { questions: { text: string; options: string[] }[] };
    await expect(taker.getByRole("group", { name: `Question 1 of 4: ${view.questions[0]!.text}` })).toBeVisible();
    orders.push(JSON.stringify(view.questions));
    await answerAllAndSubmit(taker, (index) => index % 4);
    await context.close();
  }
  expect(orders[0]).not.toBe(orders[1]);

  await expectAnalysisPage(page, quizId);
  await expect(page.getByRole("table", { name: "Takers per total score" })).toBeVisible();
  // An edit after attempts keeps the question ids: still one analysis row per question.
  await editThenRetake(page, browser, quizId, false);
});

test("without JavaScript, two tabs editing one quiz: the later save is refused with the reason and keeps its values", async ({
  page,
}) => {
  await twoTabsEditOneQuiz(page, false);
});

test("without JavaScript, a window set to the second through the API survives the editor saved unchanged", async ({
  page,
}) => {
  await saveUnchangedKeepsTheWindow(page, false);
});

test("without JavaScript, extra time for an unknown email is refused at the email field, with what was typed kept", async ({
  page,
}) => {
  await extraTimeRefusedAtItsField(page, false);
});
