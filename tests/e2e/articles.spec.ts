import { expect, loginAs, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { deleteArticleAndUndo, editAllButTheDate, removeArticleCover, twoTabsEditOneArticle } from "./form-helpers";

// A tiny real PNG (1×1).
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000 1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082".replace(
    / /g,
    "",
  ),
  "hex",
);

test("a client's article waits for review; the admin approves, edits and deletes it", async ({ page }) => {
  const title = `Stamp duty on gift deeds ${Date.now()}`;
  await loginAs(page, "client");
  await page.goto("/admin/blogs");
  await page.getByRole("link", { name: "New" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Summary").fill("What a gift deed of immovable property costs in Delhi.");
  await page.getByLabel("Highlight (a key quote)").fill("Register the deed within four months.");
  await page.getByLabel(/Cover image/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Thank you. Your article awaits review by the firm before it is published.",
  );

  await page.goto("/blogs");
  await expect(page.getByText(title)).toHaveCount(0);

  await page.context().clearCookies();
  await loginAs(page, "admin");
  await page.goto("/admin/blogs");
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status")).toHaveText("Article approved and published.");

  await page.goto("/blogs");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const cover = page.locator("main img").first();
  await expect(cover).toHaveAttribute("src", /^\/uploads\/articles\//);

  await page.goto("/admin/blogs");
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByLabel("Title", { exact: true }).fill(`${title} (updated)`);
  await page.getByRole("button", { name: "Update article" }).click();
  await expect(page.getByRole("status")).toHaveText(`Article “${title} (updated)” updated. View it`);
  await expect(page.getByRole("row").filter({ hasText: `${title} (updated)` })).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${title} (updated)` }).click();
  await expect(page.getByRole("status")).toContainText("Article moved to the trash.");
  await expect(page.getByText(`${title} (updated)`)).toHaveCount(0);
});

test("an edit of every field but the date keeps publishedAt to the millisecond, and the feed's pubDate", async ({
  page,
}) => {
  await editAllButTheDate(page, `Kept date ${Date.now()}`, true);
});

test("delete asks to move the article to the trash, and the notice's Undo restores it", async ({ page }) => {
  await deleteArticleAndUndo(page, `Undo me ${Date.now()}`, true);
});

test("an admin removes an article's cover on the edit form: the generated cover shows instead", async ({ page }) => {
  // The edit form with a current cover and its Remove checkbox passes axe too (the staff sweep opens
  // only edit forms without an image).
  await removeArticleCover(page, `Cover to remove ${Date.now()}`, (editing) =>
    expectAccessible(editing, "/admin/blogs?edit=… with a cover"),
  );
});

test("two tabs editing one article: the later save is refused with the reason and keeps its values", async ({
  page,
}) => {
  await twoTabsEditOneArticle(page, true);
});
