import { expect, loginAs, skipDisclaimer, test } from "./fixtures";
import { SENT_NEXT, sentPanel, twoTabsChangeOneRequest, uniqueName } from "./consultation-helpers";
import { fieldError } from "./form-helpers";

const SUCCESS = "Request sent successfully. We'll contact you shortly.";

test.describe("consultation form without JavaScript", () => {
  test("posts to the server and the page comes back (Post/Redirect/Get) with the success message", async ({ page }) => {
    await page.goto("/consultation?service=Banking%20%26%20Finance");
    const form = page.locator("form.consultation-form");
    await expect(form.getByLabel("Practice area")).toHaveValue("Banking & Finance");
    await form.getByLabel("Name").fill(uniqueName("No-JS Visitor"));
    await form.getByLabel("Email").fill("nojs@example.com");
    await form.getByLabel("Phone").fill("+91 98111 22233");
    await form.getByRole("checkbox", { name: /I agree to the privacy notice/ }).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/consultation"),
      form.getByRole("button", { name: "Send Request" }).click(),
    ]);
    expect(response.status()).toBe(303);
    expect(response.request().resourceType()).toBe("document");
    await expect(page).toHaveURL(/\/consultation\?sent=1#consultation-form-sent$/);
    await expect(sentPanel(form)).toContainText(SUCCESS);
    await expect(form.getByLabel("Name")).toHaveValue("");
  });

  test("on a phone, the page after sending opens at the focused success message, which says what happens next", async ({
    page,
    context,
  }) => {
    await skipDisclaimer(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/consultation");
    const form = page.locator("form.consultation-form");
    await expect(sentPanel(form)).toBeHidden();
    await form.getByLabel("Name").fill(uniqueName("Phone Visitor"));
    await form.getByLabel("Email").fill("phone@example.com");
    await form.getByLabel("Phone").fill("+91 98111 22244");
    await form.getByLabel("Practice area").selectOption("Real Estate");
    await form.getByRole("checkbox", { name: /I agree to the privacy notice/ }).check();
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(page).toHaveURL(/\?sent=1#consultation-form-sent$/);
    const panel = sentPanel(form);
    await expect(panel).toContainText(SUCCESS);
    await expect(panel).toContainText(SENT_NEXT);
    await expect(panel).toBeFocused();
    // Wholly inside the first screen the visitor sees, below the sticky header.
    const box = await panel.boundingBox();
    const header = await page.locator(".site-header").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    // The success is told once, not again in the status line by the button.
    await expect(page.getByText(SUCCESS)).toHaveCount(1);
  });

  test("a server-side error comes back with the message, the field errors and the values kept", async ({ page }) => {
    await page.goto("/consultation");
    const form = page.locator("form.consultation-form");
    const name = uniqueName("Careless Visitor");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("careless@@example");
    await form.getByLabel("Practice area").selectOption("Family Disputes");
    await form.getByLabel("Message (optional)").fill("Please call after 6 pm.");
    await form.getByRole("checkbox", { name: /I agree/ }).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Send Request" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(form.getByRole("alert").first()).toHaveText("Please fill all required fields.");
    await expect(fieldError(form, "Please enter your phone number.")).toBeVisible();
    await expect(fieldError(form, "Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expect(form.getByLabel("Email")).toHaveValue("careless@@example");
    await expect(form.getByLabel("Practice area")).toHaveValue("Family Disputes");
    await expect(form.getByLabel("Message (optional)")).toHaveValue("Please call after 6 pm.");
    await expect(form.getByRole("checkbox", { name: /I agree/ })).toBeChecked();
  });

  test("the admin changes a request's status with a plain form post", async ({ page }) => {
    const name = uniqueName("Status Visitor");
    // Sent as the spec's API client sends it: its five fields, no consent (the client asks for it itself).
    const response = await page.request.post("/api/consultation/send-consultation-request", {
      data: { name, email: "status@example.com", phone: "9876500000", service: "Pro-Bono", message: "" },
    });
    expect(response.status()).toBe(200);
    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
    await row.getByLabel(/^Status of/).selectOption("closed");
    await Promise.all([
      page.waitForURL(/\/admin\/consultations\?q=/),
      row.getByRole("button", { name: "Update" }).click(),
    ]);
    await expect(page.getByRole("status")).toHaveText(`Status of ${name}’s request saved: closed.`);
    await expect(row.getByLabel(/^Status of/)).toHaveValue("closed");
  });

  test("the inbox detail shows a 2,000-character message in full and records a status change with a note", async ({
    page,
  }) => {
    const name = uniqueName("NoJS Long");
    const message = `${"Our partnership deed needs to be revised after a partner retired. ".repeat(31)}END`.slice(
      -2000,
    );
    expect(message).toHaveLength(2000);
    const response = await page.request.post("/api/consultation/send-consultation-request", {
      data: { name, email: "nojs-long@example.com", phone: "+91 98765 00001", service: "Corporate", message },
    });
    expect(response.status()).toBe(200);
    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: `Request from ${name}` })).toBeVisible();
    await expect(page.getByTestId("consultation-message")).toHaveText(message);
    await expect(page.getByText("API", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "https://wa.me/919876500001");
    await page.getByLabel("Status", { exact: true }).selectOption("closed");
    await page.getByLabel(/Internal note/).fill("Referred to the corporate team.");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved: closed.");
    const history = page.getByRole("table", { name: /Status history/ });
    await expect(history).toContainText("new → closed");
    await expect(history).toContainText("Referred to the corporate team.");
    await page.getByRole("link", { name: "← All requests" }).click();
    await expect(page).toHaveURL(/\/admin\/consultations$/);
  });
  test("a note of several lines as long as the note field allows is saved (a line break counts once, as in the browser)", async ({
    page,
  }) => {
    const name = uniqueName("NoJS Lines");
    const response = await page.request.post("/api/consultation/send-consultation-request", {
      data: { name, email: "nojs-lines@example.com", phone: "+91 98765 00002", service: "Corporate" },
    });
    expect(response.status()).toBe(200);
    await loginAs(page, "admin");
    await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).first().click();
    // 40 lines: 1,999 characters in the field, its line breaks one each; the browser sends them as CR LF.
    const note = Array.from({ length: 40 }, (_, i) => `Call ${String(i).padStart(2, "0")}: ${"n".repeat(40)}`).join(
      "\n",
    );
    expect(note).toHaveLength(1999);
    const field = page.getByLabel(/Internal note/);
    await field.fill(note);
    expect(await field.evaluate((textarea: HTMLTextAreaElement) => textarea.validity.valid)).toBe(true);
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved: contacted.");
    const history = page.getByRole("table", { name: /Status history/ });
    await expect(history).toContainText("new → contacted");
    await expect(history).toContainText(`Call 39: ${"n".repeat(40)}`);
  });

  test("a status change another tab made first is refused in the form, keeping the chosen status and the note", async ({
    page,
  }) => {
    await twoTabsChangeOneRequest(page);
  });
});
