import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, loginAs, registerClient, test } from "./fixtures";
import { submitInOneTabAnswerInTheOther } from "./quiz-helpers";

async function createQuizAsTeacher(page: Page, title: string) {
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.getByRole("button", { name: "+ Add question" }).click();
    const question = page.locator(".quiz-editor__questions > li").nth(i);
    await question.getByLabel("Question text").fill(`Question ${i + 1} of ${title}?`);
    for (const [optionIndex, letter] of ["A", "B", "C", "D"].entries()) {
      await question.getByLabel(`Option ${letter}`).fill(`Answer ${letter}${optionIndex}`);
    }
    await question.getByLabel("Correct option").selectOption(String(i));
  }
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await expect(page.getByRole("status")).toHaveText("✅ Quiz created successfully!");
  await expect(page.getByRole("rowheader", { name: title })).toBeVisible();
}

async function signInAsNewClient(page: Page) {
  await page.context().clearCookies();
  const client = await registerClient(page, "taker");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  return client;
}

test("a teacher creates a quiz; a client finds it, answers, reloads, finishes and sees the result", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Torts ${Date.now()}`;
  await createQuizAsTeacher(page, title);
  await signInAsNewClient(page);

  await page.goto("/quiz/quizzes");
  await page.getByLabel("Search by title").fill(title);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=/);
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Start quiz" }).click();

  await expect(page.getByRole("group", { name: /Question 1 of 3/ })).toBeVisible();
  // 3 minutes at the e2e server's QUIZ_TIME_SCALE of 0.25 (scripts/e2e-server.mjs).
  await expect(page.getByRole("timer")).toContainText(/00:[34]\d/);
  await page.getByLabel("A. Answer A0").check();
  await page.getByRole("button", { name: "Save answer" }).click();
  await expect(page.getByRole("group", { name: /Question 2 of 3/ })).toBeVisible();

  // A reload continues at the same question, with the server's clock still running.
  const before = (await page.getByRole("timer").textContent())!;
  await expect(page.getByRole("timer")).not.toHaveText(before); // at least a second has passed
  await page.reload();
  await expect(page.getByRole("group", { name: /Question 2 of 3/ })).toBeVisible();
  expect(await page.getByRole("timer").textContent()).not.toBe(before);

  // Submitting early with a question unanswered is refused.
  await page.getByRole("button", { name: "Submit quiz" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please answer all questions before submitting.");

  await page.getByLabel("B. Answer B1").check();
  await page.getByRole("button", { name: "Save answer" }).click();
  await expect(page.getByRole("group", { name: /Question 3 of 3/ })).toBeVisible();
  await page.getByLabel("A. Answer A0").check(); // wrong: C is correct
  await page.getByRole("button", { name: "Save answer" }).click();
  // As a taker sees it: the answer is saved (the buttons are disabled while it is on its way, and a click
  // on a disabled button does nothing), then the quiz is submitted.
  await expect(page.getByRole("button", { name: "Question 3, answered" })).toBeVisible();
  await page.getByRole("button", { name: "Submit quiz" }).click();

  await expect(page).toHaveURL(/\/quiz\/result\//);
  await expect(page.getByText("2 / 3")).toBeVisible();
  await expect(page.getByText("Incorrect")).toHaveCount(1);
  await page.getByRole("link", { name: "All my results" }).click();
  await expect(page.getByRole("rowheader", { name: title })).toBeVisible();
  await expect(page.getByRole("cell", { name: "2 / 3 (67%)" })).toBeVisible();
});

test("a client cannot open /quiz/create", async ({ page }) => {
  await loginAs(page, "client");
  const response = await page.goto("/quiz/create");
  expect(response!.status()).toBe(403);
  await expect(page.getByText("❌ Access Denied")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Quiz portal" }).getByRole("link", { name: "Create Quiz" }),
  ).toHaveCount(0);
});

test("a visitor is sent to log in and comes back to the quiz", async ({ page }) => {
  await page.goto("/quiz/seed-quiz-1");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquiz%2Fseed-quiz-1$/);
});

test("when the server's clock runs out the page submits by itself and unanswered questions count as skipped", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const teacherToken = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const title = `One-minute quiz ${Date.now()}`;
  const created = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${teacherToken}` },
    data: {
      title,
      questions: [{ text: "Which court?", options: ["A", "B", "C", "D"], correctAnswer: 1, timePerQuestion: 1 }],
    },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };

  await signInAsNewClient(page);
  await page.goto(`/quiz/${_id}`);
  await page.getByRole("button", { name: "Start quiz" }).click();
  // One minute at the e2e server's QUIZ_TIME_SCALE of 0.25: 15 s (scripts/e2e-server.mjs).
  await expect(page.getByRole("timer")).toContainText(/00:[01]\d/);
  // No answer: wait for the clock to run out; the page submits at zero.
  await expect(page).toHaveURL(/\/quiz\/result\//, { timeout: 30_000 });
  await expect(page.getByText("0 / 1")).toBeVisible();
  await expect(page.getByText("Your answer: skipped")).toBeVisible();
});

test("an answer from a second tab after the first submitted shows the result and says so", async ({ page }) => {
  await submitInOneTabAnswerInTheOther(page);
});
