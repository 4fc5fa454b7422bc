/** /admin/roles without JavaScript: the admin grant's question and the refused add are plain form posts. */
import { test } from "./fixtures";
import { addWithoutRoleIsRefused, adminGrantAsksFirst } from "./roles-helpers";

test("without JavaScript an admin grant asks first and a second submit with confirm=1 grants it", async ({ page }) => {
  await adminGrantAsksFirst(page, { js: false });
});

test("without JavaScript an add with no role chosen is refused at the role field", async ({ page }) => {
  await addWithoutRoleIsRefused(page, { js: false });
});
