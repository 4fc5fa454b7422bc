import { expect, loginAs, test } from "./fixtures";
import { deleteArticleAndUndo, editAllButTheDate, removeArticleCover, twoTabsEditOneArticle } from "./form-helpers";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082",
  "hex",
);

test("without JavaScript an admin publishes an article with an image and deletes it through the confirmation step", async ({
  page,
}) => {
  const title = `No-JS insight ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Summary").fill("Written without JavaScript.");
  await page.getByLabel("Highlight (a key quote)").fill("Progressive enhancement.");
  await page.getByLabel(/Cover image/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Publish article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title}” published. View it`);
  // The form is empty again: the next click cannot save a duplicate.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Summary")).toHaveValue("");

  await page.getByRole("status").getByRole("link", { name: "View it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.goto("/blogs");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/admin/blogs");
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Move this article to the trash?" })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toContainText("Article moved to the trash.");
});

test("without JavaScript an edit of every field but the date keeps publishedAt to the millisecond", async ({
  page,
}) => {
  await editAllButTheDate(page, `No-JS kept date ${Date.now()}`, false);
});

test("without JavaScript delete asks to move the article to the trash, and the notice's Undo restores it", async ({
  page,
}) => {
  await deleteArticleAndUndo(page, `No-JS undo me ${Date.now()}`, false);
});

test("without JavaScript an admin removes an article's cover on the edit form: the generated cover shows instead", async ({
  page,
}) => {
  await removeArticleCover(page, `No-JS cover to remove ${Date.now()}`);
});

test("without JavaScript, two tabs editing one article: the later save is refused with the reason and keeps its values", async ({
  page,
}) => {
  await twoTabsEditOneArticle(page, false);
});
