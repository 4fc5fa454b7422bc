// Invoices through the built Worker with real D1: numbering, money, who sees what, payments and receipts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceLines, invoicePayments, invoices } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  bearer,
  createTestUser,
  mailsTo,
  postJson,
  postUrlEncoded,
  recipientText,
  testContext,
} from "../../../tests/helpers";
import { loadAuthUser } from "~/lib/auth.server";
import { createInvoice, financialYearOf, receivables } from "./invoices.server";
import { paiseText, rupeesToPaise } from "./money";

const LINES = [
  { description: "Drafting a lease deed", quantity: 2, unitPaise: 12_345_50 },
  { kind: "court-fee", description: "Court fee stamp", quantity: 1, unitPaise: 500_00 },
];

async function people() {
  const admin = await createTestUser({ role: "admin" });
  const client = await createTestUser({ fullName: "Kavita Menon" });
  const other = await createTestUser();
  const teacher = await createTestUser({ role: "teacher" });
  return {
    admin: { ...admin, token: await apiTokenFor(admin.email) },
    client: { ...client, token: await apiTokenFor(client.email) },
    other: { ...other, token: await apiTokenFor(other.email) },
    teacher: { ...teacher, token: await apiTokenFor(teacher.email) },
  };
}

type ApiInvoice = {
  id: string;
  number: string | null;
  status: string;
  totalPaise: number;
  taxPaise: number;
  balancePaise: number;
  upiUri: string | null;
  payments: { id: string; status: string }[];
};

async function newInvoice(token: string, clientEmail: string, extra: Record<string, unknown> = {}) {
  const response = await postJson(
    "/api/invoices",
    {
      clientEmail,
      clientName: "Kavita Menon",
      taxTreatment: "gst",
      dueDate: "2027-01-15",
      lines: LINES,
      issue: true,
      ...extra,
    },
    bearer(token),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ApiInvoice;
}

const invoiceCount = async () => (await testContext().db.select().from(invoices)).length;

describe("money", () => {
  it("reads typed rupees digit by digit and shows Indian grouping", () => {
    expect(rupeesToPaise("1,23,456.5")).toBe(12345650);
    expect(rupeesToPaise("₹ 0.05")).toBe(5);
    expect(rupeesToPaise("10.005")).toBeNull();
    expect(rupeesToPaise("-5")).toBeNull();
    expect(rupeesToPaise("1e3")).toBeNull();
    expect(paiseText(12345650)).toBe("1,23,456.50");
    expect(paiseText(100_000_000_00)).toBe("10,00,00,000.00");
  });

  it("knows the financial year in India's time: 31 March 23:59 IST is the old year, 1 April 00:00 the new", () => {
    expect(financialYearOf(new Date("2027-03-31T18:29:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe("27-28");
  });
});

describe("POST /api/invoices", () => {
  it("issues an invoice with the next number, GST on fees only, and a UPI link for the balance", async () => {
    const p = await people();
    const invoice = await newInvoice(p.admin.token, p.client.email);
    expect(invoice.number).toMatch(/^SRA\/\d{2}-\d{2}\/\d{4}$/);
    expect(invoice.number!.length).toBeLessThanOrEqual(16);
    // 2 × ₹12,345.50 fees + ₹500 court fee; GST 18 % of the fees only.
    expect(invoice.taxPaise).toBe(4_444_38);
    expect(invoice.totalPaise).toBe(24_691_00 + 500_00 + 4_444_38);
    expect(invoice.status).toBe("issued");
    const uri = new URL(invoice.upiUri!);
    expect(uri.protocol).toBe("upi:");
    expect(uri.searchParams.get("pa")).toBe("sharmarao@examplebank");
    expect(uri.searchParams.get("am")).toBe("29635.38");
    expect(uri.searchParams.get("cu")).toBe("INR");
    expect(uri.searchParams.get("tr")).toBe(invoice.number);
    const [mail] = await mailsTo(p.client.email);
    expect(mail!.subject).toBe(`Invoice ${invoice.number} from Sharma & Rao Associates`);
    expect(recipientText(mail!)).toMatch(new RegExp(`/invoices/${invoice.id}\\?key=[\\w-]{20,}`));
    // Staff see the link's key hidden in the outbox.
    expect(mail!.text).not.toMatch(/\?key=[\w-]{20,}/);
  });

  it("gives invoices issued at the same moment consecutive, distinct numbers", async () => {
    const p = await people();
    const made = await Promise.all(Array.from({ length: 8 }, () => newInvoice(p.admin.token, p.client.email)));
    const serials = made.map((invoice) => Number(invoice.number!.split("/")[2])).sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(8);
    expect(serials[7]! - serials[0]!).toBe(7);
  });

  it("starts a new series in a new financial year; a draft has no number and takes none", async () => {
    const p = await people();
    const ctx = testContext();
    const actor = (await loadAuthUser(ctx, p.admin.id))!;
    const input = {
      clientEmail: p.client.email,
      clientName: "K",
      taxTreatment: "unregistered" as const,
      dueDate: "2027-05-01",
      lines: [{ kind: "fee" as const, description: "Fee", quantity: 2, unitPaise: 12_345_50 }],
    };
    const march = await createInvoice(ctx, actor, { ...input, issue: true }, new Date("2027-03-20T10:00:00Z"));
    const draft = await createInvoice(ctx, actor, input, new Date("2027-04-02T10:00:00Z"));
    const april = await createInvoice(ctx, actor, { ...input, issue: true }, new Date("2027-04-02T10:00:00Z"));
    const april2 = await createInvoice(ctx, actor, { ...input, issue: true }, new Date("2027-04-03T10:00:00Z"));
    expect(march.number).toBe("SRA/26-27/0001");
    expect(draft.number).toBeNull();
    expect(april.number).toBe("SRA/27-28/0001");
    expect(april2.number).toBe("SRA/27-28/0002");
  });

  it("refuses bad input with a 400 naming the field, and stores nothing", async () => {
    const p = await people();
    const base = {
      clientEmail: p.client.email,
      clientName: "K",
      taxTreatment: "gst",
      dueDate: "2027-01-15",
      lines: LINES,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ description: "Fee", quantity: 1, unitPaise: -100 }] }, "Unit price cannot be negative"],
      [{ lines: [{ description: "Fee", quantity: 1, unitPaise: 100.5 }] }, "lines.0.unitPaise"],
      [
        { lines: [{ description: "Fee", quantity: 1, unitPaise: "100" }] },
        "lines.0.unitPaise must be a number, not text",
      ],
      [{ lines: [{ description: "Fee", quantity: 0, unitPaise: 100 }] }, "Quantity must be at least 1"],
      [{ lines: [] }, "An invoice needs at least one line"],
      [{ taxTreatment: "exempt" }, "Tax treatment must be unregistered, gst or reverse-charge"],
      [{ dueDate: "2027-02-30" }, "Due date must be a real date"],
      [{ clientEmail: "not-an-email" }, "Please enter a valid email address."],
      [{ issue: "yes" }, "issue must be true or false, not text"],
    ];
    for (const [change, message] of cases) {
      const response = await postJson("/api/invoices", { ...base, ...change }, bearer(p.admin.token));
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(await response.json()), JSON.stringify(change)).toContain(message);
    }
    expect(await invoiceCount()).toBe(0);
    expect((await testContext().db.select().from(invoiceLines)).length).toBe(0);
    for (const who of [p.client, p.teacher]) {
      expect((await postJson("/api/invoices", base, bearer(who.token))).status).toBe(403);
    }
    expect((await postJson("/api/invoices", base)).status).toBe(401);
    expect(await invoiceCount()).toBe(0);
  });

  it("edits a draft, refuses to edit an issued invoice, and a void invoice keeps its number", async () => {
    const p = await people();
    const draft = await newInvoice(p.admin.token, p.other.email, { issue: false });
    const body = {
      clientEmail: p.client.email,
      clientName: "Kavita M.",
      taxTreatment: "reverse-charge",
      dueDate: "2027-02-01",
      lines: [LINES[0]],
    };
    const put = (id: string) =>
      appFetch(`/api/invoices/${id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(p.admin.token) },
        body: JSON.stringify(body),
      });
    const edited = (await (await put(draft.id)).json()) as ApiInvoice;
    expect(edited.taxPaise).toBe(0);
    expect(edited.totalPaise).toBe(24_691_00);
    const issued = (await (
      await appFetch(`/api/invoices/${draft.id}/issue`, { method: "POST", headers: bearer(p.admin.token) })
    ).json()) as ApiInvoice;
    expect(issued.status).toBe("issued");
    const view = (token: string) => appFetch(`/api/invoices/${draft.id}`, { headers: bearer(token) });
    expect((await view(p.client.token)).status).toBe(200);
    expect((await view(p.other.token)).status).toBe(404);
    const again = await put(draft.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "An issued invoice cannot be edited: void it and issue a new one.",
    );
    expect(
      (await appFetch(`/api/invoices/${draft.id}/issue`, { method: "POST", headers: bearer(p.admin.token) })).status,
    ).toBe(409);
    const voided = (await (
      await appFetch(`/api/invoices/${draft.id}/void`, { method: "POST", headers: bearer(p.admin.token) })
    ).json()) as ApiInvoice;
    expect(voided).toMatchObject({ status: "void", number: issued.number, upiUri: null });
  });
});

describe("who sees an invoice", () => {
  it("its client and the holder of its link; everyone else gets 404, drafts even for the client", async () => {
    const p = await people();
    const invoice = await newInvoice(p.admin.token, p.client.email);
    const draft = await newInvoice(p.admin.token, p.client.email, { issue: false });
    const [row] = await testContext().db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const get = (path: string, token?: string) => appFetch(path, { headers: bearer(token) });
    for (const path of [`/api/invoices/${invoice.id}`, `/api/invoices/${invoice.id}/pdf`]) {
      expect((await get(path, p.client.token)).status, path).toBe(200);
      expect((await get(path, p.admin.token)).status, path).toBe(200);
      expect((await get(`${path}?key=${row!.accessKey}`)).status, path).toBe(200);
      for (const token of [p.other.token, p.teacher.token, undefined])
        expect((await get(path, token)).status, path).toBe(404);
      const wrongKey = row!.accessKey.slice(0, -1) + (row!.accessKey.endsWith("x") ? "y" : "x");
      expect((await get(`${path}?key=${wrongKey}`)).status, path).toBe(404);
    }
    expect((await get(`/api/invoices/${draft.id}`, p.client.token)).status).toBe(404);
    const pdf = await get(`/api/invoices/${invoice.id}/pdf`, p.client.token);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename="invoice-SRA-/);
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const mine = (await (await get("/api/invoices", p.client.token)).json()) as { items: { id: string }[] };
    expect(mine.items.map((item) => item.id)).toEqual([invoice.id]);
    expect(((await (await get("/api/invoices", p.other.token)).json()) as { items: unknown[] }).items).toEqual([]);
    const all = (await (await get("/api/invoices?status=draft", p.admin.token)).json()) as { items: { id: string }[] };
    expect(all.items.map((item) => item.id)).toEqual([draft.id]);
  });
});

describe("the /pay-dues door", () => {
  it("opens an invoice by its number and email; guessing is limited per address", async () => {
    const p = await people();
    const invoice = await newInvoice(p.admin.token, p.client.email);
    const draft = await newInvoice(p.admin.token, p.client.email, { issue: false });
    const [row] = await testContext().db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const find = (number: string, email: string, ip: string) =>
      postUrlEncoded("/pay-dues", { number, email }, { "CF-Connecting-IP": ip });
    const found = await find(invoice.number!.toLowerCase(), p.client.email.toUpperCase(), "203.0.113.40");
    expect(found.status).toBe(303);
    expect(found.headers.get("Location")).toBe(`/invoices/${invoice.id}?key=${row!.accessKey}`);
    const missing = await find("SRA/26-27/9999", p.client.email, "203.0.113.40");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("We could not find an invoice with that number for that email address.");
    expect((await find(invoice.number!, p.other.email, "203.0.113.40")).status).toBe(404);
    expect((await find(draft.id, p.client.email, "203.0.113.40")).status).toBe(404);
    const empty = await find("", "not-an-email", "203.0.113.40");
    expect(empty.status).toBe(400);
    for (let i = 0; i < 6; i++) await find(`SRA/26-27/${9000 + i}`, p.client.email, "203.0.113.40");
    const limited = await find(invoice.number!, p.client.email, "203.0.113.40");
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too many attempts, try again in \d+ minutes?\./);
    expect((await find(invoice.number!, p.client.email, "203.0.113.41")).status).toBe(303);
  });
});

describe("payments", () => {
  it("a reported UTR confirmed by staff marks the invoice paid and mails a receipt; the same UTR again is refused", async () => {
    const p = await people();
    const invoice = await newInvoice(p.admin.token, p.client.email);
    const report = (body: unknown, token = p.client.token) =>
      postJson(`/api/invoices/${invoice.id}/payments`, body, bearer(token));
    for (const [reference, amountPaise] of [
      ["12345", 100],
      ["SBIN12345678901", 100],
      ["SBIN1234567890123", 100],
    ] as const) {
      const refused = await report({ reference, amountPaise, paidOn: "2026-12-01" });
      expect(refused.status, reference).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.reference).toBeDefined();
    }
    expect((await report({ reference: "123456789012", amountPaise: 10.5, paidOn: "2026-12-01" })).status).toBe(400);
    expect(
      (await report({ reference: "123456789012", amountPaise: 100, paidOn: "2026-12-01" }, p.other.token)).status,
    ).toBe(404);
    expect((await testContext().db.select().from(invoicePayments)).length).toBe(0);

    const part = await report({ reference: "4567 8901 2345", amountPaise: 10_000_00, paidOn: "2026-12-01" });
    expect(part.status).toBe(201);
    const partId = ((await part.json()) as { id: string; reference: string }).id;
    const rest = await report({
      reference: "sbin0261234567ab",
      amountPaise: invoice.totalPaise - 10_000_00,
      paidOn: "2026-12-02",
    });
    expect(rest.status).toBe(201);
    const restPayment = (await rest.json()) as { id: string; reference: string };
    expect(restPayment.reference).toBe("SBIN0261234567AB");
    const reused = await report({ reference: "SBIN0261234567AB", amountPaise: 100, paidOn: "2026-12-02" });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toBe(
      "This payment reference has already been reported.",
    );

    const decide = (paymentId: string, verb: string, token = p.admin.token) =>
      appFetch(`/api/invoices/${invoice.id}/payments/${paymentId}/${verb}`, { method: "POST", headers: bearer(token) });
    expect((await decide(partId, "confirm", p.client.token)).status).toBe(403);
    const partPaid = (await (await decide(partId, "confirm")).json()) as ApiInvoice;
    expect(partPaid).toMatchObject({ status: "part-paid", balancePaise: invoice.totalPaise - 10_000_00 });
    expect((await decide(partId, "confirm")).status).toBe(409);
    const paid = (await (await decide(restPayment.id, "confirm")).json()) as ApiInvoice;
    expect(paid).toMatchObject({ status: "paid", balancePaise: 0, upiUri: null });
    const receipts = (await mailsTo(p.client.email)).filter((mail) => mail.kind === "payment-receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts.map((mail) => mail.subject)).toContain(`Receipt: ₹10,000.00 for invoice ${invoice.number}`);
    // Paid: no more reports.
    const late = await report({ reference: "999999999999", amountPaise: 100, paidOn: "2026-12-03" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toBe("This invoice is not open for payment.");
  });

  it("a rejected reference may be reported again; a void invoice takes no report", async () => {
    const p = await people();
    const invoice = await newInvoice(p.admin.token, p.client.email);
    const body = { reference: "111122223333", amountPaise: 500_00, paidOn: "2026-12-01" };
    const first = (await (
      await postJson(`/api/invoices/${invoice.id}/payments`, body, bearer(p.client.token))
    ).json()) as { id: string };
    const rejected = await appFetch(`/api/invoices/${invoice.id}/payments/${first.id}/reject`, {
      method: "POST",
      headers: bearer(p.admin.token),
    });
    expect(((await rejected.json()) as ApiInvoice).status).toBe("issued");
    expect((await postJson(`/api/invoices/${invoice.id}/payments`, body, bearer(p.client.token))).status).toBe(201);
    await appFetch(`/api/invoices/${invoice.id}/void`, { method: "POST", headers: bearer(p.admin.token) });
    expect(
      (
        await postJson(
          `/api/invoices/${invoice.id}/payments`,
          { ...body, reference: "111122224444" },
          bearer(p.client.token),
        )
      ).status,
    ).toBe(409);
  });
});

describe("receivables", () => {
  it("ages what is outstanding by days past due and sums collections per month", async () => {
    const p = await people();
    const ctx = testContext();
    const actor = (await loadAuthUser(ctx, p.admin.id))!;
    const now = new Date("2026-12-07T06:00:00Z");
    const make = (dueDate: string, unitPaise: number) =>
      createInvoice(
        ctx,
        actor,
        {
          clientEmail: p.client.email,
          clientName: "K",
          taxTreatment: "unregistered",
          dueDate,
          lines: [{ kind: "fee", description: "Fee", quantity: 1, unitPaise }],
          issue: true,
        },
        now,
      );
    await make("2026-12-20", 100_00); // not yet due: 0–30
    await make("2026-11-10", 200_00); // 27 days: 0–30
    await make("2026-10-20", 300_00); // 48 days: 31–60
    await make("2026-09-01", 400_00); // 97 days: 90+
    const report = await receivables(ctx, actor, now);
    expect(report.outstandingPaise).toBe(1_000_00);
    expect(report.buckets.map((bucket) => [bucket.label, bucket.paise, bucket.count])).toEqual([
      ["0–30 days", 300_00, 2],
      ["31–60 days", 300_00, 1],
      ["61–90 days", 0, 0],
      ["90+ days", 400_00, 1],
    ]);
  });
});
