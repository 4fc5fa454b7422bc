/**
 * /admin/roles with JavaScript: one add form whose role is always chosen, an admin grant asked
 * first, notices naming the role, and lists that stay inside their cards at any width.
 */
import { expect, hydrated, loginAs, test } from "./fixtures";
import { addToRole, addWithoutRoleIsRefused, adminGrantAsksFirst, roleEmail } from "./roles-helpers";

test("an admin grant asks 'Make x an admin?' first; cancel grants nothing, yes grants it and names the role", async ({
  page,
}) => {
  await adminGrantAsksFirst(page, { js: true });
});

test("an add with no role chosen is refused at the role field", async ({ page }) => {
  await addWithoutRoleIsRefused(page, { js: true });
});

test("a teacher grant needs no question and its notice names the role", async ({ page }) => {
  const email = roleEmail("named-teacher");
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  await hydrated(page, "form#role-add");
  await addToRole(page, email, "Teacher");
  await expect(page.getByRole("status")).toContainText(`Added ${email} as teacher.`);
  await expect(page.getByRole("region", { name: /an admin\?$/ })).toHaveCount(0);
  await page.getByRole("button", { name: `Remove ${email} from teachers` }).click();
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});

for (const width of [1440, 390, 320]) {
  test(`at ${width} px every Remove button stays inside its card and the page does not scroll sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const long = `a-very-long-address-of-a-teacher-who-likes-long-names-${Date.now()}@chambers-of-example-advocates.example.in`;
    await loginAs(page, "admin");
    await page.goto("/admin/roles");
    await hydrated(page, "form#role-add");
    await addToRole(page, long, "Teacher");
    await expect(page.getByRole("status")).toContainText(`Added ${long} as teacher.`);
    try {
      const overflows = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".role-list")].flatMap((list) => {
          const card = list.closest(".card")!.getBoundingClientRect();
          return [...list.querySelectorAll<HTMLElement>("li > *")]
            .map((part) => ({ text: part.textContent, box: part.getBoundingClientRect() }))
            .filter(({ box }) => box.left < card.left - 0.5 || box.right > card.right + 0.5)
            .map(({ text, box }) => `${text}: ${box.left}-${box.right} outside ${card.left}-${card.right}`);
        }),
      );
      expect(overflows).toEqual([]);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], "document scrollWidth").toBeLessThanOrEqual(widths[1]!);
    } finally {
      await page.getByRole("button", { name: `Remove ${long} from teachers` }).click();
      await expect(page.getByText(long, { exact: true })).toHaveCount(0);
    }
  });
}
