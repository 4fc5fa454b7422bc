import { apiToken, DEMO_ACCOUNTS, expect, loginAs, registerClient, test } from "./fixtures";
import { answerTheSeededQuizAndSubmit, finishAndSubmit, submitInOneTabAnswerInTheOther } from "./quiz-helpers";

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
  await submitInOneTabAnswerInTheOther(page, false);
});

test("without JavaScript a choice never confirmed is saved by the next button pressed; the summary lists it and submits", async ({
  page,
}) => {
  const created = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${await apiToken(page, DEMO_ACCOUNTS.teacher.email)}` },
    data: {
      title: `No-JS saved on move ${Date.now()}`,
      questions: [0, 1, 2].map((index) => ({
        text: `Which article ${index + 1}?`,
        options: ["A", "B", "C", "D"].map((letter) => `Article ${index + 1}${letter}`),
        correctAnswer: index,
      })),
    },
  });
  const { _id } = (await created.json()) as { _id: string };
  const client = await registerClient(page, "nojs-moves");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.goto(`/quiz/${_id}`);
  await page.getByRole("button", { name: "Start quiz" }).click();
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);

  // Chosen, not confirmed: pressing another question's number sends it.
  await page.getByLabel("B. Article 1B").check();
  await page.getByRole("button", { name: "Question 3" }).click();
  await expect(page.getByRole("group", { name: /Question 3 of 3/ })).toBeVisible();
  await expect(page.locator(".quiz-save-status")).toHaveText("Saved: your answer to question 1.");
  await page.getByRole("button", { name: "Question 1, answered" }).click();
  await expect(page.getByLabel("B. Article 1B")).toBeChecked();
  await page.reload();
  await expect(page.getByLabel("B. Article 1B")).toBeChecked();

  // Previous and Finish attempt send the choice too.
  await page.getByRole("button", { name: "Question 3" }).click();
  await page.getByLabel("C. Article 3C").check();
  await page.getByRole("button", { name: "Previous question" }).click();
  await expect(page.getByRole("group", { name: /Question 2 of 3/ })).toBeVisible();
  await page.getByRole("button", { name: "Finish attempt" }).click();
  await expect(page.getByRole("heading", { name: /^Summary of attempt/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Question 1 Answer saved$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Question 2 Not yet answered$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Question 3 Answer saved$/ })).toBeVisible();
  await expect(page.getByRole("timer")).toBeVisible();
  // The summary is the confirmation: its button submits, refused while one is unanswered.
  await page.getByRole("button", { name: "Submit all and finish" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please answer all questions before submitting.");
  await page.getByRole("link", { name: "Question 2" }).click();
  await expect(page.getByRole("group", { name: /Question 2 of 3/ })).toBeVisible();
  await page.getByLabel("B. Article 2B").check();
  await finishAndSubmit(page);
  // B, B and C: the first is wrong (A is its key).
  await expect(page.getByText("2 / 3")).toBeVisible();
});
