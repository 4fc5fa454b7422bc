/**
 * Staff forms with JavaScript: a double click saves once (the button is disabled while the
 * save is in flight), the error summary takes focus again when a form is refused again unchanged, and
 * /admin/roles names a refused email next to its field.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, loginAs, test } from "./fixtures";
import { errorSummary, fieldError } from "./form-helpers";
import { pngOf } from "./site-images-helpers";

/**
 * Hold this page's POSTs to `path` until the test lets them go, so a second click lands while the first
 * save is in flight (`posts.release()`; `doubleClickSaves` does it).
 */
async function holdPosts(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const posts = Object.assign([] as string[], { release });
  await page.route(
    (url) => url.pathname.startsWith(path),
    async (route) => {
      if (route.request().method() === "POST") {
        posts.push(route.request().url());
        await released;
      }
      // An aborted request cannot be continued; nothing is left to do for it.
      await route.continue().catch(() => undefined);
    },
  );
  return posts;
}

/**
 * Double-click a submit button: it is disabled while the save is in flight, and the page sent one POST.
 * Then the form is submitted once more while that POST is held: what a busy device does when the second
 * click lands before React has re-rendered the button as disabled (CI saw two POSTs from the dashboard's
 * form so), or Enter pressed again. It sends nothing either: the held POST goes on only after the page
 * has had a frame and a task to send another, which a test's `toHaveLength(1)` would then count.
 */
async function doubleClickSaves(button: Locator, posts: string[] & { release: () => void }) {
  await button.dblclick();
  await expect(button).toBeDisabled();
  await expect.poll(() => posts.length).toBe(1);
  await button.evaluate(
    (element: HTMLButtonElement) =>
      new Promise((resolve) => {
        element.form!.requestSubmit();
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }),
  );
  posts.release();
}

/** With the POSTs let through again, the staff list searched for `name` shows it exactly once. */
async function expectOneRow(page: Page, listPath: string, name: string) {
  await page.unroute(() => true);
  await page.goto(`${listPath}?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
}

test("a double click on Add founder saves one founder", async ({ page }) => {
  const name = `Double founder ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await hydrated(page, "form#founder-new");
  const posts = await holdPosts(page, "/admin/founders");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Subject").fill("Tax");
  await doubleClickSaves(page.getByRole("button", { name: "Add founder" }), posts);
  await expect(page.getByRole("status")).toHaveText(`Founder “${name}” added. View it`);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expectOneRow(page, "/admin/founders", name);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("Founder moved to the trash.");
});

test("a double click on Create service saves one service", async ({ page }) => {
  const stamp = Date.now();
  const title = `Double service ${stamp}`;
  await loginAs(page, "teacher");
  await page.goto("/admin/services");
  await hydrated(page, "form#service-new");
  const posts = await holdPosts(page, "/admin/services");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Path").fill(`double-service-${stamp}`);
  await page.getByLabel("Levels").fill("Beginner");
  await doubleClickSaves(page.getByRole("button", { name: "Create service" }), posts);
  await expect(page.getByRole("status")).toHaveText(`Service “${title}” created. View it`);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expectOneRow(page, "/admin/services", title);
});

test("a double click on the dashboard's Create service saves one service", async ({ page }) => {
  const title = `Dashboard double ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/dashboard");
  await hydrated(page, "form#quick-service");
  const posts = await holdPosts(page, "/dashboard");
  await page.getByLabel("Service title").fill(title);
  await doubleClickSaves(page.getByRole("button", { name: "Create service" }), posts);
  await expect(page.getByRole("status")).toContainText(`Service “${title}” created.`);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expect(page.getByLabel("Service title")).toHaveValue("");
  await expectOneRow(page, "/admin/services", title);
});

test("a double click on Create quiz saves one quiz", async ({ page }) => {
  const title = `Double quiz ${Date.now()}`;
  await loginAs(page, "teacher");
  await page.goto("/quiz/create");
  await hydrated(page, "form#quiz-editor");
  const posts = await holdPosts(page, "/quiz/create");
  await page.getByLabel("Quiz title").fill(title);
  const question = page.locator(".quiz-editor__questions > li").first();
  await question.getByLabel("Question text").fill("Which court hears a first appeal?");
  for (const letter of ["A", "B", "C", "D"]) await question.getByLabel(`Option ${letter}`).fill(`Court ${letter}`);
  await question.getByLabel("Correct option").selectOption("1");
  await doubleClickSaves(page.locator("form#quiz-editor button.button--primary[type=submit]"), posts);
  await expect(page).toHaveURL(/\/quiz\/manage\?created=1$/);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expect(page.getByRole("rowheader", { name: title })).toHaveCount(1);
});

test("a double click on Add image saves one image", async ({ page }) => {
  const caption = `Double image ${Date.now()}`;
  await loginAs(page, "admin");
  await page.goto("/admin/images");
  await hydrated(page, "form#image-new");
  const form = page.locator("form#image-new");
  // An unpublished accolade: the public pages (and their tests) do not see it.
  await form.getByLabel("Shown in").selectOption("accolade");
  await form.getByLabel(/^Image file/).setInputFiles(await pngOf(page, 120, 160, "double.png"));
  await form.getByLabel(/^Caption/).fill(caption);
  await form.getByLabel("Alt text").fill("A trophy");
  await form.getByLabel(/^Published/).uncheck();
  const posts = await holdPosts(page, "/admin/images");
  await doubleClickSaves(form.getByRole("button", { name: "Add image" }), posts);
  await expect(page.getByRole("status")).toHaveText(`Image “${caption}” added.`);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expectOneRow(page, "/admin/images", caption);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${caption}` }).click();
  await expect(page.getByRole("status")).toHaveText("Image deleted.");
});

test("a double click on Add to role grants the role once and says it was added, not 'Already a teacher'", async ({
  page,
}) => {
  const email = `double-role-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  await hydrated(page, "form#role-add");
  const form = page.locator("form#role-add");
  const posts = await holdPosts(page, "/admin/roles");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("radio", { name: /^Teacher/ }).check();
  await doubleClickSaves(form.getByRole("button", { name: "Add to role" }), posts);
  await expect(page.getByRole("status")).toContainText(`Added ${email} as teacher.`);
  expect(posts, "POSTs sent").toHaveLength(1);
  await expect(page.getByText(email, { exact: true })).toHaveCount(1);
  // Let the grant go again for the other tests' role counts.
  await page.unrouteAll();
  await page.getByRole("button", { name: `Remove ${email} from teachers` }).click();
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});

test("a form refused again with the same errors moves focus to the error summary again", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/founders");
  await hydrated(page, "form#founder-new");
  const form = page.locator("form#founder-new");
  const submit = form.getByRole("button", { name: "Add founder" });
  await submit.click();
  await expect(errorSummary(form)).toBeFocused();
  await form.getByLabel("Specialization (optional)").focus();
  await submit.click();
  await expect(errorSummary(form)).toBeFocused();
  await expect(errorSummary(form).getByRole("link")).toHaveText(["Name is required", "Subject is required"]);
});

test("/admin/roles: a malformed email is named next to the field and in the error summary, which takes focus", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/roles");
  await hydrated(page, "form#role-add");
  const form = page.locator("form#role-add");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("radio", { name: /^Teacher/ }).check();
  await form.getByRole("button", { name: "Add to role" }).click();
  await expect(errorSummary(form)).toBeFocused();
  await expect(errorSummary(form).getByRole("link", { name: "Enter a valid email address" })).toHaveAttribute(
    "href",
    "#role-add-email",
  );
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(fieldError(form, "Enter a valid email address")).toBeVisible();
});
