/** What the quiz-teaching specs (JavaScript on and off) share. */
import type { Browser, Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs, quizThroughApi, registerClient } from "./fixtures";
import { finishAndSubmit } from "./quiz-helpers";

/** A moment as the editor's datetime-local field takes it (India time, UTC+05:30). */
export const indiaLocal = (date: Date) => new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16);

/** Answer each of the attempt's four questions as shown (`pick`: the option's index), then submit. */
export async function answerAllAndSubmit(taker: Page, pick: (index: number) => number) {
  for (let index = 0; index < 4; index++) {
    await expect(taker.getByRole("group", { name: new RegExp(`Question ${index + 1} of 4`) })).toBeVisible();
    await taker.getByRole("radio").nth(pick(index)).check();
    await taker.getByRole("button", { name: "Save answer" }).click();
  }
  await finishAndSubmit(taker);
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

/**
 * Two tabs open one quiz's editor; the first saves, then the second: it is refused with the reason,
 * keeps what was typed in it, and a second click is refused too; the first tab saves again; opened
 * again, the second shows the first tab's save (decision 105).
 */
export async function twoTabsEditOneQuiz(page: Page, javaScriptEnabled: boolean) {
  await loginAs(page, "teacher");
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const quizId = await quizThroughApi(page, token, `Two tabs ${stamp}`);
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/quiz/edit/${quizId}`);
    if (javaScriptEnabled) await hydrated(tab, "form.quiz-editor");
  }

  await page.getByLabel("Quiz title").fill(`First tab ${stamp}`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Quiz updated successfully")).toBeVisible();

  const refused = second.getByText("Someone else saved this quiz after you opened it").first();
  await second.getByLabel("Quiz title").fill(`Second tab ${stamp}`);
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(refused).toBeVisible();
  await expect(second.getByLabel("Quiz title")).toHaveValue(`Second tab ${stamp}`);
  await expect(second.getByText("Quiz updated successfully")).toHaveCount(0);
  // A second click is refused too: once it is answered, the quiz still has the first tab's title.
  await Promise.all([
    second.waitForResponse((response) => response.request().method() === "POST"),
    second.getByRole("button", { name: "Save changes" }).click(),
  ]);
  await expect(refused).toBeVisible();
  await expect(second.getByLabel("Quiz title")).toHaveValue(`Second tab ${stamp}`);
  await second.goto(`/quiz/edit/${quizId}`);
  await expect(second.getByLabel("Quiz title")).toHaveValue(`First tab ${stamp}`);

  // The first tab's form, shown again from its own save, saves again (its notice is already on the
  // page, so the save's own answer is what is waited for).
  await page.getByLabel("Quiz title").fill(`First tab again ${stamp}`);
  const [saved] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Save changes" }).click(),
  ]);
  expect(saved.status()).toBe(200);
  await expect(page.getByText("Someone else saved this quiz")).toHaveCount(0);

  await second.goto(`/quiz/edit/${quizId}`);
  await expect(second.getByLabel("Quiz title")).toHaveValue(`First tab again ${stamp}`);
  await second.close();
}

/**
 * A quiz whose window was set to the second through the API, opened in the editor and saved with no
 * change: the stored window must be the same (the editor's fields once dropped the seconds).
 */
export async function saveUnchangedKeepsTheWindow(page: Page, javaScriptEnabled: boolean) {
  await loginAs(page, "teacher");
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const window = { opensAt: "2030-01-01T04:30:15.000Z", closesAt: "2030-01-01T05:29:30.250Z" };
  const created = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Window to the second ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`,
      questions: [{ text: "Which court?", options: ["A", "B", "C", "D"], correctAnswer: 1, timePerQuestion: 1 }],
      ...window,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quizId = ((await created.json()) as { _id: string })._id;
  await page.goto(`/quiz/edit/${quizId}`);
  if (javaScriptEnabled) await hydrated(page, "#quiz-editor");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Quiz updated successfully")).toBeVisible();
  const stored = await page.request.get(`/api/quiz/${quizId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await stored.json()).toMatchObject(window);
}

/**
 * The manage page's extra-time form refused (no account has the email): the reason at the email field,
 * and both fields as typed. Then saved for an account that exists.
 */
export async function extraTimeRefusedAtItsField(page: Page, javaScriptEnabled: boolean) {
  await loginAs(page, "teacher");
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const quizId = await quizThroughApi(page, token, `Extra time ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`);
  await page.goto(`/quiz/manage/${quizId}`);
  if (javaScriptEnabled) await hydrated(page, "#extra-time");
  const form = page.locator("#extra-time");
  await form.getByLabel("Taker's email").fill("nobody-at-all@example.com");
  await form.getByLabel("Extra minutes").fill("25");
  await form.getByRole("button", { name: "Save extra time" }).click();
  await expect(form.locator(".field__error").getByText("No account has this email.")).toBeVisible();
  await expect(form.getByLabel("Taker's email")).toHaveValue("nobody-at-all@example.com");
  await expect(form.getByLabel("Taker's email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Extra minutes")).toHaveValue("25");

  await form.getByLabel("Taker's email").fill(DEMO_ACCOUNTS.client.email);
  await form.getByRole("button", { name: "Save extra time" }).click();
  await expect(form.getByRole("status")).toHaveText(`Extra time saved for ${DEMO_ACCOUNTS.client.email}.`);
}
