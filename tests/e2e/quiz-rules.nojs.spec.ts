// The quiz rules through the pages without JavaScript: the editor's total time is checked by
// the server, and a finished quiz can be taken again as a new attempt.
import { apiToken, DEMO_ACCOUNTS, expect, loginAs, registerClient, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import { finishAndSubmit } from "./quiz-helpers";

test("without JavaScript the server refuses a total time below a minute per question and keeps a valid one", async ({
  page,
}) => {
  const title = `No-JS timed ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  await page.getByLabel("Question text").fill("Is a verbal contract valid?");
  for (const letter of ["A", "B", "C", "D"]) await page.getByLabel(`Option ${letter}`).fill(`Option ${letter}`);
  await page.getByLabel("Total time (minutes, optional)").fill("0");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(fieldError(page, "Total time is at least 1 minute per question (1 for this quiz)")).toBeVisible();
  await page.getByLabel("Total time (minutes, optional)").fill("6");
  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  await expect(
    page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("6");
});

test("without JavaScript a finished quiz can be started again; both results are listed", async ({ page }) => {
  const title = `No-JS retake ${Date.now()}`;
  const created = await page.request.post("/api/quiz", {
    headers: { Authorization: `Bearer ${await apiToken(page, DEMO_ACCOUNTS.teacher.email)}` },
    data: {
      title,
      questions: [{ text: "Capital of India?", options: ["Delhi", "Mumbai", "Pune", "Agra"], correctAnswer: 0 }],
    },
  });
  const { _id } = (await created.json()) as { _id: string };
  const client = await registerClient(page, "nojs-retake");
  await page.goto(`/oauth-success?token=${encodeURIComponent(client.token)}`);
  for (const letter of ["A", "B"]) {
    await page.goto(`/quiz/${_id}`);
    await page.getByRole("button", { name: "Start quiz" }).click();
    await page.getByRole("radio", { name: new RegExp(`^${letter}\\. `) }).check();
    await page.getByRole("button", { name: "Save answer" }).click();
    await finishAndSubmit(page);
  }
  await page.goto("/quiz/results");
  await expect(page.getByRole("rowheader", { name: title })).toHaveCount(2);
  await expect(page.getByRole("cell", { name: "1 / 1 (100%)" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "0 / 1 (0%)" })).toBeVisible();
});
