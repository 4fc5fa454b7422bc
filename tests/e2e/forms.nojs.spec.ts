import { expect, loginAs, test } from "./fixtures";
import { FAKE_PNG, HUGE_PNG, TOO_LARGE, UPLOAD_PAGES, WRONG_TYPE } from "./form-helpers";

for (const target of UPLOAD_PAGES) {
  test(`without JavaScript ${target.path}: a refused image says why, next to the file field`, async ({ page }) => {
    await loginAs(page, "admin");
    for (const [file, message] of [
      [FAKE_PNG, WRONG_TYPE],
      [HUGE_PNG, TOO_LARGE],
    ] as const) {
      await page.goto(target.path);
      await target.fill(page, `Refused upload ${Date.now()}`);
      const input = page.getByLabel(target.file);
      await input.setInputFiles(file);
      await page.getByRole("button", { name: target.submit }).click();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAccessibleDescription(message);
    }
  });
}
