import { DEMO_ACCOUNTS, expect, loginAs, test } from "./fixtures";
import { decodeQr, issuedInvoice, mailedInvoiceLink, pdfText } from "./invoice-helpers";

test("a client opens the mailed invoice: its UPI code carries the VPA, the amount and the number; the PDF says reverse charge", async ({
  page,
}) => {
  const email = `ananya-${Date.now()}@example.com`;
  const invoice = await issuedInvoice(page, email);
  await page.goto(await mailedInvoiceLink(email));
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
  // ₹1,23,456 + 2 × ₹250.50 court fees; under reverse charge no GST is added.
  await expect(page.getByRole("heading", { name: "Pay ₹1,23,957.00" })).toBeVisible();
  await expect(page.getByText(/Tax is payable on reverse charge basis/)).toBeVisible();
  const code = page.getByRole("img", { name: /^UPI QR code: pay ₹1,23,957.00/ });
  await expect(code).toHaveAttribute("width", "220");
  const uri = await decodeQr(code);
  const read = new URL(uri);
  expect(read.protocol).toBe("upi:");
  expect(read.searchParams.get("pa")).toBe("sharmarao@examplebank");
  expect(read.searchParams.get("am")).toBe("123957.00");
  expect(read.searchParams.get("cu")).toBe("INR");
  expect(read.searchParams.get("tr")).toBe(invoice.number);
  await expect(page.getByRole("link", { name: "Pay with a UPI app" })).toHaveAttribute("href", uri);

  const pdf = await page.request.get(
    await page
      .getByRole("link", { name: "Download the invoice (PDF)" })
      .getAttribute("href")
      .then((href) => href!),
  );
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain(`Invoice number: ${invoice.number}`);
  expect(text).toContain("Total: Rs. 1,23,957.00");
  expect(text).toContain("Tax is payable on reverse charge basis: Yes");
  // Without the link's key the same invoice is not found.
  expect((await page.request.get(`/invoices/${invoice.id}`)).status()).toBe(404);
  expect((await page.request.get(`/invoices/${invoice.id}/pdf`)).status()).toBe(404);
});

test("/pay-dues: a UPI code without an amount, and the door to an invoice by its number and email", async ({
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

test("the client reports a UTR, staff confirm it from the queue, and the invoice is paid", async ({ page }) => {
  const invoice = await issuedInvoice(page, DEMO_ACCOUNTS.client.email, "unregistered");
  await loginAs(page, "client");
  await page.goto(`/invoices/${invoice.id}`);
  const form = page.getByRole("form", { name: "Tell us you have paid" });
  await form.getByLabel("UPI or bank reference").fill("12345");
  await form.getByRole("button", { name: "Report the payment" }).click();
  await expect(page.getByText(/Reference must be the 12-digit UPI\/IMPS reference/)).toBeVisible();
  const utr = `HDFC${String(Date.now()).slice(-12)}`;
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
