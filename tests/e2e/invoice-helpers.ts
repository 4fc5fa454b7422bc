import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { apiToken, DEMO_ACCOUNTS, expect, latestMailTo } from "./fixtures";

/** What a phone's camera reads from a QR code on the page: the element's screenshot, decoded. */
export async function decodeQr(code: Locator): Promise<string> {
  const png = PNG.sync.read(await code.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(found, "a QR code in the screenshot").not.toBeNull();
  return found!.data;
}

/** A PDF's text as poppler's pdftotext reads it. */
export function pdfText(bytes: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
}

/** An invoice issued through the API by the demo admin; its id and number. */
export async function issuedInvoice(page: Page, clientEmail: string, taxTreatment = "reverse-charge") {
  const token = await apiToken(page, DEMO_ACCOUNTS.admin.email);
  const response = await page.request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      clientEmail,
      clientName: "Ananya Traders Pvt Ltd",
      taxTreatment,
      dueDate: "2027-01-31",
      lines: [
        { description: "Opinion on a lease", quantity: 1, unitPaise: 1_23_456_00 },
        { kind: "court-fee", description: "Court fee", quantity: 2, unitPaise: 250_50 },
      ],
      issue: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; number: string; totalPaise: number };
}

/** The invoice link mailed to the client at issue (path and query). */
export async function mailedInvoiceLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () =>
        (link = /https?:\/\/[^/\s]+(\/invoices\/\w+\?key=[\w-]+)/.exec((await latestMailTo(to))?.text ?? "")?.[1]),
      {
        message: `an invoice link mailed to ${to}`,
      },
    )
    .toBeTruthy();
  return link!;
}
