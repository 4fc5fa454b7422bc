import { DEMO_ACCOUNTS, expect, loginAs, test } from "./fixtures";
import { decodeQr, issuedInvoice } from "./invoice-helpers";

test("without JavaScript, /pay-dues: a UPI code without an amount, and the door to an invoice by its number and email", async ({
  page,
}) => {
  const email = `door-${Date.now()}@example.com`;
  const invoice = await issuedInvoice(page, email, "gst");
  await page.goto("/pay-dues");
  const uri = new URL(await decodeQr(page.getByRole("img", { name: /^UPI QR code of / })));
  expect(uri.searchParams.get("pa")).toBe("sharmarao@examplebank");
  expect(uri.searchParams.has("am")).toBe(false);
  const door = page.getByRole("form", { name: "Pay an invoice" });
  await door.getByLabel("Invoice number").fill(invoice.number);
  await door.getByLabel("Your email").fill("someone-else@example.com");
  await door.getByRole("button", { name: "Find my invoice" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "We could not find an invoice with that number for that email address.",
  );
  await page
    .getByRole("form", { name: "Pay an invoice" })
    .getByLabel("Invoice number")
    .fill(invoice.number.toLowerCase());
  await page.getByRole("form", { name: "Pay an invoice" }).getByLabel("Your email").fill(email);
  await page.getByRole("form", { name: "Pay an invoice" }).getByRole("button", { name: "Find my invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
});

test("without JavaScript, the client reports a UTR, staff confirm it from the queue, and the invoice is paid", async ({
  page,
}) => {
  const invoice = await issuedInvoice(page, DEMO_ACCOUNTS.client.email, "unregistered");
  await loginAs(page, "client");
  await page.goto(`/invoices/${invoice.id}`);
  const form = page.getByRole("form", { name: "Tell us you have paid" });
  await form.getByLabel("UPI or bank reference").fill("12345");
  await form.getByRole("button", { name: "Report the payment" }).click();
  await expect(page.getByText(/Reference must be the 12-digit UPI\/IMPS reference/)).toBeVisible();
  const utr = `HDFC${String(Date.now() + 7).slice(-12)}`;
  await page.getByRole("form", { name: "Tell us you have paid" }).getByLabel("UPI or bank reference").fill(utr);
  await page
    .getByRole("form", { name: "Tell us you have paid" })
    .getByRole("button", { name: "Report the payment" })
    .click();
  await expect(page.getByRole("status")).toContainText("your payment is reported");

  await page.context().clearCookies();
  await loginAs(page, "admin");
  await page.goto("/admin/invoices");
  await page.getByRole("button", { name: `Confirm payment ${utr}` }).click();
  await expect(page.getByRole("status")).toHaveText("Payment confirmed; the client has been mailed a receipt.");
  await page.getByRole("link", { name: invoice.number }).first().click();
  await expect(page.locator(".invoice-facts dd").first()).toHaveText("Paid");
});
