// The quiz rules through the pages: one clock for the API and the page, unlimited retakes,
// the editor's total time, and results only for the quiz's creator.
import type { APIRequestContext, Page } from "@playwright/test";
import { apiToken, DEMO_ACCOUNTS, expect, loginAs, registerClient, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import { finishAndSubmit } from "./quiz-helpers";

const QUESTIONS = [
  {
    text: "Which court hears a writ under Article 32?",
    options: ["Supreme Court", "High Court", "District Court", "Tribunal"],
    correctAnswer: 0,
  },
  {
    text: "Limitation for a suit on a contract?",
    options: ["1 year", "3 years", "12 years", "None"],
    correctAnswer: 1,
  },
];

async function createQuizByApi(request: APIRequestContext, token: string, title: string) {
  const response = await request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, totalTime: 5, questions: QUESTIONS },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** The user's id as the spec's client reads it from the token. */
function idFromToken(token: string) {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
  // The spec's client reads `id` alone (never `sub`): a token without it fails here.
  expect(typeof payload.id, `the token's id claim: ${JSON.stringify(payload)}`).toBe("string");
  return payload.id as string;
}

async function answerAndSubmit(page: Page, letters: string[]) {
  for (const [index, letter] of letters.entries()) {
    await expect(
      page.getByRole("group", { name: new RegExp(`Question ${index + 1} of ${letters.length}`) }),
    ).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(`^${letter}\\. `) }).check();
    await page.getByRole("button", { name: "Save answer" }).click();
  }
  await finishAndSubmit(page);
}

test("fetching a quiz through the API starts the attempt the page then shows; retakes are new attempts, all listed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Writs ${Date.now()}`;
  const quizId = await createQuizByApi(page.request, await apiToken(page, DEMO_ACCOUNTS.teacher.email), title);
  const client = await registerClient(page, "clock");
  const fetched = await page.request.get(`/api/quiz/${quizId}`, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  const { attemptId, deadline } = (await fetched.json()) as { attemptId: string; deadline: string };
  expect(attemptId).toBeTruthy();
  // The e2e server runs the quiz clock at a quarter (QUIZ_TIME_SCALE=0.25): still well over 30 s ahead.
  expect(new Date(deadline).getTime()).toBeGreaterThan(Date.now() + 30_000);

  // The page resumes that attempt: the questions at once, the clock already running.
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  await page.goto(`/quiz/${quizId}`);
  await expect(page.getByRole("button", { name: "Start quiz" })).toHaveCount(0);
  // The API-started clock, at the e2e server's quarter speed: about 75 s of the quiz's five minutes.
  await expect(page.getByRole("timer")).toContainText(/01:[01]\d/);
  await answerAndSubmit(page, ["A", "B"]);
  await expect(page.getByText("2 / 2")).toBeVisible();
  expect(page.url()).toContain(attemptId);

  // A retake: a new attempt with its own clock.
  await page.goto(`/quiz/${quizId}`);
  await page.getByRole("button", { name: "Start quiz" }).click();
  await answerAndSubmit(page, ["B", "B"]);
  await expect(page.getByText("1 / 2")).toBeVisible();
  await page.goto("/quiz/results");
  await expect(page.getByRole("rowheader", { name: title })).toHaveCount(2);
  const listed = await page.request.get(`/api/results/user/${idFromToken(client.token)}`, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  expect(
    ((await listed.json()) as Array<{ quiz: { title: string } }>).filter((row) => row.quiz.title === title),
  ).toHaveLength(2);
});

test("the editor honours a total time and refuses one below a minute per question", async ({ page }) => {
  const title = `Timed ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  for (let i = 0; i < 2; i++) {
    if (i > 0) await page.getByRole("button", { name: "+ Add question" }).click();
    const question = page.locator(".quiz-editor__questions > li").nth(i);
    await question.getByLabel("Question text").fill(`Question ${i + 1}?`);
    for (const letter of ["A", "B", "C", "D"]) await question.getByLabel(`Option ${letter}`).fill(`Option ${letter}`);
  }
  const total = page.getByLabel("Total time (minutes, optional)");
  await total.fill("1");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(fieldError(page, "Total time is at least 1 minute per question (2 for this quiz)")).toBeVisible();
  await expect(page).toHaveURL(/\/quiz\/create$/);
  await total.fill("9");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await expect(
    page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("9");
});

test("a teacher cannot open the results or the CSV of a quiz another account created", async ({ page }) => {
  const quizId = await createQuizByApi(
    page.request,
    await apiToken(page, DEMO_ACCOUNTS.admin.email),
    `Admin's ${Date.now()}`,
  );
  await loginAs(page, "teacher");
  const results = await page.goto(`/quiz/manage/${quizId}`);
  expect(results!.status()).toBe(403);
  expect((await page.request.get(`/quiz/manage/${quizId}/results.csv`)).status()).toBe(403);
  await loginAs(page, "admin");
  expect((await page.goto(`/quiz/manage/${quizId}`))!.status()).toBe(200);
  await expect(page.getByRole("heading", { name: /^Results: Admin's/ })).toBeVisible();
});
