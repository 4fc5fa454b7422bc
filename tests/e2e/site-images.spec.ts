/**
 * /admin/images with JavaScript: an admin adds a gallery picture (the form checks it in place first), sees it
 * on the home page at its own size, edits its caption and deletes it after confirming.
 */
import { expect, loginAs, skipDisclaimer, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import { pngOf } from "./site-images-helpers";

test("an admin adds, publishes, edits and deletes a gallery image", async ({ page, context, baseURL }) => {
  const caption = `Photograph: the Saket office reception ${Date.now()}`;
  await skipDisclaimer(context, baseURL);
  await loginAs(page, "admin");
  await page.goto("/admin/images");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Images" })).toBeVisible();
  // The seeded placeholders are listed, captioned as illustrations.
  await expect(page.getByRole("region", { name: "Gallery" }).getByRole("row")).toHaveCount(10);

  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add an image" }) });
  await form.getByLabel(/^Image file/).setInputFiles(await pngOf(page, 300, 200, "reception.png"));
  await form.getByLabel(/^Caption/).fill(caption);
  await form.getByRole("button", { name: "Add image" }).click();
  // Checked in the browser first: the alt text is required, and the page did not move on.
  await expect(fieldError(form, "Alt text is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/images$/);

  await form.getByLabel("Alt text").fill("The reception desk of the Saket office");
  await form.getByLabel(/^Order/).fill("0");
  await form.getByRole("button", { name: "Add image" }).click();
  await expect(page.getByRole("status")).toHaveText(`Image “${caption}” added. View it`);
  await expect(page.getByRole("status").getByRole("link", { name: "View it" })).toHaveAttribute(
    "href",
    "/about#gallery-title",
  );
  await expect(form.getByLabel(/^Caption/)).toHaveValue("");
  const row = page.getByRole("row").filter({ hasText: caption });
  await expect(row).toContainText("Yes");

  await page.goto("/");
  const picture = page.getByRole("img", { name: "The reception desk of the Saket office" });
  await expect(picture).toHaveAttribute("width", "300");
  await expect(picture).toHaveAttribute("height", "200");
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
  await expect(page.getByRole("region", { name: "Life at the Firm" }).locator("figcaption").first()).toHaveText(
    caption,
  );

  await page.goto("/admin/images");
  await page.getByRole("link", { name: `Edit ${caption}` }).click();
  const editForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Update image" }) });
  await editForm.getByLabel(/^Caption/).fill(`${caption} (edited)`);
  await editForm.getByRole("button", { name: "Update image" }).click();
  await expect(page.getByRole("status")).toHaveText(`Image “${caption} (edited)” updated. View it`);
  // The edit form stays open with the values as saved.
  await expect(page.getByRole("heading", { name: `Edit “${caption} (edited)”` })).toBeVisible();
  await expect(
    page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Update image" }) })
      .getByLabel(/^Caption/),
  ).toHaveValue(`${caption} (edited)`);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${caption} (edited)` }).click();
  await expect(page.getByRole("status")).toHaveText("Image deleted.");
  await expect(page.getByText(caption)).toHaveCount(0);
});
