import type { Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, hydrated, loginAs, registerClient, test } from "./fixtures";
import { CONFIRM_SUBMIT, finishAndSubmit, submitInOneTabAnswerInTheOther } from "./quiz-helpers";

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

  // Finishing with a question unanswered: the summary says which, and submitting is refused there.
  await page.getByRole("button", { name: "Finish attempt" }).click();
  await expect(page.getByRole("heading", { name: /^Summary of attempt/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Question 1 Answer saved$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Question 2 Not yet answered$/ })).toBeVisible();
  await expect(page.getByRole("timer")).toBeVisible();
  // With JavaScript "Submit all and finish" asks first; dismissed, nothing is sent.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(CONFIRM_SUBMIT);
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Submit all and finish" }).click();
  await expect(page.getByRole("heading", { name: /^Summary of attempt/ })).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Submit all and finish" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please answer all questions before submitting.");
  await page.getByRole("link", { name: "Question 2" }).click();
  await expect(page.getByRole("group", { name: /Question 2 of 3/ })).toBeVisible();

  await page.getByLabel("B. Answer B1").check();
  await page.getByRole("button", { name: "Save answer" }).click();
  await expect(page.getByRole("group", { name: /Question 3 of 3/ })).toBeVisible();
  await page.getByLabel("A. Answer A0").check(); // wrong: C is correct
  await page.getByRole("button", { name: "Save answer" }).click();
  // As a taker sees it: the answer is saved (the buttons are disabled while it is on its way, and a click
  // on a disabled button does nothing), then the quiz is submitted.
  await expect(page.getByRole("button", { name: "Question 3, answered" })).toBeVisible();
  await finishAndSubmit(page);

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
  await expect(
    page.getByRole("status").filter({ hasText: "Time is up: your saved answers were submitted." }),
  ).toBeVisible();
  await expect(page.getByText("0 / 1")).toBeVisible();
  await expect(page.getByText("Your answer: skipped")).toBeVisible();
});

test("an answer from a second tab after the first submitted shows the result and says so", async ({ page }) => {
  await submitInOneTabAnswerInTheOther(page, true);
});

const THREE_QUESTIONS = [0, 1, 2].map((index) => ({
  text: `Which section ${index + 1}?`,
  options: ["A", "B", "C", "D"].map((letter) => `Section ${index + 1}${letter}`),
  correctAnswer: index,
  timePerQuestion: 1,
}));

/** A quiz of THREE_QUESTIONS made through the API by the demo teacher (with `settings`); its id. */
async function quizOfThree(page: Page, title: string, settings: Record<string, unknown> = {}) {
  const token = await apiToken(page, DEMO_ACCOUNTS.teacher.email);
  const created = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, questions: THREE_QUESTIONS, ...settings },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

test("a choice never confirmed is saved at once: a reload and a move to another question keep it", async ({ page }) => {
  const quizId = await quizOfThree(page, `Saved at once ${Date.now()}`);
  await signInAsNewClient(page);
  await page.goto(`/quiz/${quizId}`);
  await page.getByRole("button", { name: "Start quiz" }).click();
  await expect(page.getByRole("group", { name: /Question 1 of 3/ })).toBeVisible();
  // One header, one Logout: the quiz portal's navigation has none of its own.
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);
  await hydrated(page, "input[type=radio]");

  // The status line keeps its place: nothing below it moves when "Saved" appears.
  const before = await page.getByRole("button", { name: "Save answer" }).boundingBox();
  await page.getByLabel("B. Section 1B").check();
  await expect(page.locator(".quiz-save-status")).toHaveText("Saved");
  expect(await page.getByRole("button", { name: "Save answer" }).boundingBox()).toEqual(before);
  await expect(page.getByText("Answered 1 of 3.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("group", { name: /Question 1 of 3/ })).toBeVisible();
  await expect(page.getByLabel("B. Section 1B")).toBeChecked();

  // Another choice, never confirmed, then a move to question 3 and back.
  await hydrated(page, "input[type=radio]");
  await page.getByLabel("D. Section 1D").check();
  await expect(page.locator(".quiz-save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Question 3" }).click();
  await expect(page.getByRole("group", { name: /Question 3 of 3/ })).toBeVisible();
  await page.getByRole("button", { name: "Question 1, answered" }).click();
  await expect(page.getByRole("group", { name: /Question 1 of 3/ })).toBeVisible();
  await expect(page.getByLabel("D. Section 1D")).toBeChecked();
});

test("with shuffled options the review, the result API and the teacher's CSV use the letters the taker saw", async ({
  page,
  browser,
}) => {
  const title = `Taker's letters ${Date.now()}`;
  const quizId = await quizOfThree(page, title, { shuffleOptions: true });
  const context = await browser.newContext();
  const taker = await context.newPage();
  const account = await registerClient(taker, "letters");
  await taker.goto(`/oauth-success?token=${encodeURIComponent(account.token)}`);
  await taker.goto(`/quiz/${quizId}`);
  await taker.getByRole("button", { name: "Start quiz" }).click();

  // On each question, choose the option shown at a place other than its own (if the draw left it there, A).
  const picked: { letter: string; text: string }[] = [];
  for (let index = 0; index < 3; index++) {
    await expect(taker.getByRole("group", { name: new RegExp(`Question ${index + 1} of 3`) })).toBeVisible();
    const labels = await taker.locator(".quiz-option span").allTextContents();
    const moved = labels.findIndex((label, place) => !label.endsWith(`${"ABCD"[place]}`));
    const label = labels[Math.max(0, moved)]!;
    const [letter, text] = label.split(". ") as [string, string];
    picked.push({ letter, text });
    await taker.getByLabel(label).check();
    await taker.getByRole("button", { name: "Save answer" }).click();
  }
  await expect(taker.getByText("Answered 3 of 3.")).toBeVisible();
  await finishAndSubmit(taker);
  for (const choice of picked) {
    await expect(taker.getByText(`Your answer: ${choice.letter}. ${choice.text}`)).toBeVisible();
  }
  const resultId = /\/quiz\/result\/(\w+)/.exec(taker.url())![1]!;
  const api = (await (
    await taker.request.get(`/api/results/${resultId}`, { headers: { Authorization: `Bearer ${account.token}` } })
  ).json()) as { answers: number[]; quiz: { questions: { options: string[] }[] } };
  picked.forEach((choice, index) => {
    expect("ABCD"[api.answers[index]!]).toBe(choice.letter);
    expect(api.quiz.questions[index]!.options[api.answers[index]!]).toBe(choice.text);
  });
  await context.close();

  await loginAs(page, "teacher");
  const csv = await (await page.request.get(`/quiz/manage/${quizId}/results.csv`)).text();
  const row = csv.split("\r\n").find((line) => line.includes(account.email))!;
  // Q1 to Q3 are the quiz's questions (not shuffled here): each answer with the taker's letter.
  expect(row.endsWith(picked.map((choice) => `"${choice.letter}. ${choice.text}"`).join(","))).toBe(true);
});

test("the teacher's results list one row per attempt, numbered, with its start, duration and review", async ({
  page,
}) => {
  const title = `Two attempts ${Date.now()}`;
  const quizId = await quizOfThree(page, title);
  const taker = await registerClient(page, "twice");
  const asTaker = { Authorization: `Bearer ${taker.token}` };
  const resultIds: string[] = [];
  for (const answers of [
    [0, 1, 2],
    [0, 0, 0],
  ]) {
    expect((await page.request.post(`/api/quiz/${quizId}/start`, { headers: asTaker })).status()).toBe(200);
    const submitted = await page.request.post(`/api/results/${quizId}/submit`, { headers: asTaker, data: { answers } });
    resultIds.push(((await submitted.json()) as { result: { _id: string } }).result._id);
  }
  await loginAs(page, "teacher");
  await page.goto(`/quiz/manage/${quizId}`);
  const rows = page.getByRole("table", { name: "Every attempt, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two attempts
  await expect(rows.nth(1)).toContainText("1 / 3");
  await expect(rows.nth(2)).toContainText("3 / 3");
  for (const [number, row] of [
    [2, rows.nth(1)],
    [1, rows.nth(2)],
  ] as const) {
    await expect(row.getByRole("cell").nth(1)).toHaveText(String(number));
    await expect(row.getByRole("cell").nth(2)).toContainText(/\d{4}, \d{1,2}:\d{2}/);
    await expect(row.getByRole("cell").nth(3)).toHaveText(/^\d+ min \d+ s$/);
    await expect(row.getByRole("link", { name: new RegExp(`^Review attempt ${number} of `) })).toHaveAttribute(
      "href",
      `/quiz/result/${resultIds[number - 1]}`,
    );
  }
  await rows
    .nth(2)
    .getByRole("link", { name: /^Review attempt 1/ })
    .click();
  await expect(page).toHaveURL(`/quiz/result/${resultIds[0]}`);
  await expect(page.getByText("3 / 3")).toBeVisible();
});
