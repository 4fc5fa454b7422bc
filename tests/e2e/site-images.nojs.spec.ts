/** /admin/images without JavaScript: the server checks the form, saves the picture, and deletes it after a confirmation step. */
import { expect, loginAs, test } from "./fixtures";
import { fieldError } from "./form-helpers";
import { pngOf } from "./site-images-helpers";

test("without JavaScript an admin adds an accolade image and deletes it through the confirmation step", async ({
  page,
}) => {
  const caption = `Best Boutique Firm ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/images");
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add an image" }) });
  await form.getByLabel("Shown in").selectOption("accolade");
  await form.getByLabel(/^Caption/).fill(caption);
  await form.getByLabel("Alt text").fill("Trophy of the award");
  // A file that is not an image is refused by the server, naming the field; nothing is saved.
  await form
    .getByLabel(/^Image file/)
    .setInputFiles({ name: "trophy.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7") });
  await form.getByRole("button", { name: "Add image" }).click();
  await expect(fieldError(page, "The file must be a JPEG, PNG, WebP or SVG image.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: caption })).toHaveCount(0);

  const again = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add an image" }) });
  await again.getByLabel(/^Image file/).setInputFiles(await pngOf(page, 120, 160, "trophy.png"));
  await again.getByRole("button", { name: "Add image" }).click();
  await expect(page.getByRole("status")).toHaveText(`Image “${caption}” added. View it`);
  await expect(
    page.getByRole("region", { name: "Accolades" }).getByRole("row").filter({ hasText: caption }),
  ).toHaveCount(1);

  await page.goto("/");
  const emblem = page.getByRole("img", { name: "Trophy of the award" });
  await expect(emblem).toHaveAttribute("width", "120");
  await expect(emblem).toHaveAttribute("height", "160");

  await page.goto("/admin/images");
  await page.getByRole("button", { name: `Delete ${caption}` }).click();
  await expect(page.getByRole("heading", { name: "Delete this image?" })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText("Image deleted.");
  await expect(page.getByText(caption)).toHaveCount(0);
});
