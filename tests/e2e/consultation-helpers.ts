// Shared by the consultation specs with and without JavaScript.
import type { Locator, Page } from "@playwright/test";
import { expect, loginAs } from "./fixtures";
import { pagePosition } from "./form-helpers";

/** The "Request sent" panel at the top of a consultation form (after a plain POST or a JSON send). */
export function sentPanel(form: Locator) {
  return form.getByRole("region", { name: "Request sent" });
}

export const SENT_NEXT = "What happens next: we have emailed you a copy of your request";

export function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Two tabs on one request's page: the second closes it first, so the first tab's change (with a
 * typed note) is refused. The refusal shows in the form, below its button (which does not move),
 * with the chosen status and the note kept; nothing is recorded; sent again, it saves.
 */
export async function twoTabsChangeOneRequest(page: Page) {
  const name = uniqueName("Two Tabs");
  const sent = await page.request.post("/api/consultation/send-consultation-request", {
    data: { name, email: "two-tabs@example.com", phone: "+91 98765 00003", service: "Corporate" },
  });
  expect(sent.status()).toBe(200);
  await loginAs(page, "admin");
  await page.goto(`/admin/consultations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Request from ${name}` })).toBeVisible();

  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByLabel("Status", { exact: true }).selectOption("closed");
  await other.getByRole("button", { name: "Save status" }).click();
  await expect(other.getByRole("status")).toHaveText("Status saved: closed.");
  await other.close();

  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByLabel(/Internal note/).fill("Called back; the client wants a meeting.");
  const save = page.getByRole("button", { name: "Save status" });
  const before = await pagePosition(save);
  await save.click();
  await expect(page.getByRole("alert")).toHaveText(
    "Someone else changed this request meanwhile: it is now closed. Nothing was saved; look again and choose.",
  );
  expect(await pagePosition(save)).toEqual(before);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
  await expect(page.getByLabel(/Internal note/)).toHaveValue("Called back; the client wants a meeting.");
  const history = page.getByRole("table", { name: /Status history/ });
  await expect(history).toContainText("new → closed");
  await expect(history).not.toContainText("Called back");

  await save.click();
  await expect(page.getByRole("status")).toHaveText("Status saved: contacted.");
  await expect(history).toContainText("closed → contacted");
  await expect(history).toContainText("Called back; the client wants a meeting.");
}
