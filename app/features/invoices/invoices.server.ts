/**
 * Invoices, payments and receivables (docs/product.md#invoices): the only place their SQL and rules live.
 * Money is integer paise; an issued invoice is never edited (void it and issue another); its balance is
 * always its total less its confirmed payments plus its confirmed refunds.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { invoiceLines, invoicePayments, invoices, invoiceSeries, users } from "../../../db/schema";
import type { InvoiceStatus, TaxTreatment } from "../../../db/enums";
import { newId } from "../../../db/id";
import { firm } from "~/config/firm";
import type { AuthUser } from "~/lib/auth.server";
import { auditStatement } from "~/lib/audit.server";
import { insertOnlyIf, isUniqueConflict, runRawBatch, type RawStatement } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { sendMail } from "~/lib/mailer.server";
import { LIST_PAGE_SIZE, pageWindow } from "~/lib/pagination";
import { can } from "~/lib/permissions";
import { assertCan } from "~/lib/permissions.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { clientIpKey, hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { percentOf, rupees } from "./money";
import type { InvoiceInput, PaymentReport } from "./schema";
import { upiPayee, upiUri } from "./upi";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export const INVOICE_MESSAGES = {
  notFound: "Invoice not found",
  issuedNotEditable: "An issued invoice cannot be edited: void it and issue a new one.",
  notDraft: "Only a draft can be issued.",
  notPayable: "This invoice is not open for payment.",
  referenceTaken: "This payment reference has already been reported.",
  paymentNotFound: "Payment not found",
  paymentDecided: "This payment has already been confirmed or rejected.",
  alreadyVoid: "This invoice is void already.",
} as const;

/** "26-27": the financial year (1 April to 31 March) of an instant, in India's time. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  const short = (y: number) => String(y % 100).padStart(2, "0");
  return `${short(start)}-${short(start + 1)}`;
}

/** Today in India, YYYY-MM-DD. */
export const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export type Totals = {
  subtotalPaise: number;
  /** GST charged on this invoice (registered, forward charge). */
  taxPaise: number;
  /** Under reverse charge: the GST the client pays to the government itself (shown, not charged). */
  reverseChargePaise: number;
  totalPaise: number;
};

/** GST applies to professional fees only; court fees and disbursements are passed through at cost. */
export function invoiceTotals(
  lines: readonly { kind: string; quantity: number; unitPaise: number }[],
  treatment: TaxTreatment,
  ratePercent = firm.invoicing.gstRatePercent,
): Totals {
  const amounts = lines.map((line) => ({ kind: line.kind, amount: line.quantity * line.unitPaise }));
  const subtotalPaise = amounts.reduce((sum, line) => sum + line.amount, 0);
  const fees = amounts.filter((line) => line.kind === "fee").reduce((sum, line) => sum + line.amount, 0);
  const gst = percentOf(fees, ratePercent);
  const taxPaise = treatment === "gst" ? gst : 0;
  return {
    subtotalPaise,
    taxPaise,
    reverseChargePaise: treatment === "reverse-charge" ? gst : 0,
    totalPaise: subtotalPaise + taxPaise,
  };
}

/**
 * What was paid: confirmed payments less confirmed refunds. The outer row is named in full: Drizzle writes
 * a one-table select's columns unqualified, and a bare "id" here would be the payment's own.
 */
const paidSql = sql<number>`coalesce((select sum(case when p.kind = 'refund' then -p.amount_paise else p.amount_paise end) from invoice_payments p where p.invoice_id = "invoices"."id" and p.status = 'confirmed'), 0)`;

const STATUS_FROM_PAID = sql`case when ${paidSql} >= ${invoices.totalPaise} then 'paid' when ${paidSql} > 0 then 'part-paid' else 'issued' end`;

function randomKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A select as the condition `insertOnlyIf` wants. */
const existsSql = (query: RawStatement): RawStatement => ({ sql: `exists (${query.sql})`, params: query.params });

const auditActor = (user: AuthUser) => ({ id: user.id, email: user.email });

/** The columns an invoice takes from its input: the client (the verified account with that email) and totals. */
async function invoiceColumns(ctx: Ctx, input: InvoiceInput) {
  const email = input.clientEmail.trim().toLowerCase();
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true)));
  const totals = invoiceTotals(input.lines, input.taxTreatment);
  return {
    email,
    totals,
    columns: {
      clientId: account?.id ?? null,
      clientEmail: email,
      clientName: input.clientName,
      clientAddress: input.clientAddress ?? "",
      clientGstin: input.clientGstin ?? "",
      taxTreatment: input.taxTreatment,
      subtotalPaise: totals.subtotalPaise,
      taxPaise: totals.taxPaise,
      totalPaise: totals.totalPaise,
      dueDate: input.dueDate,
    },
  };
}

/** Create an invoice (a draft, or issued at once with `issue`). Staff only. */
export async function createInvoice(ctx: Ctx, actor: AuthUser, input: InvoiceInput, now = new Date()) {
  assertCan(actor, "invoice:manage");
  const { email, totals, columns } = await invoiceColumns(ctx, input);
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(invoices).values({
      id,
      ...columns,
      accessKey: randomKey(),
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.insert(invoiceLines).values(
      input.lines.map((line, position) => ({
        invoiceId: id,
        position,
        kind: line.kind,
        description: line.description,
        note: line.note ?? "",
        quantity: line.quantity,
        unitPaise: line.unitPaise,
        amountPaise: line.quantity * line.unitPaise,
      })),
    ),
    auditStatement(
      ctx,
      auditActor(actor),
      { kind: "invoice", id, action: "create", summary: `draft for ${email}: ${rupees(totals.totalPaise)}` },
      now,
    ),
  ]);
  if (input.issue) await issueInvoice(ctx, actor, id, now);
  return (await invoiceRow(ctx, id))!;
}

/** Replace a draft's client details and lines; an issued invoice is refused (409). */
export async function updateDraft(ctx: Ctx, actor: AuthUser, id: string, input: InvoiceInput, now = new Date()) {
  assertCan(actor, "invoice:manage");
  const row = await invoiceRow(ctx, id);
  if (!row) throw new HttpError(404, INVOICE_MESSAGES.notFound);
  if (row.status !== "draft") throw new HttpError(409, INVOICE_MESSAGES.issuedNotEditable);
  const { columns } = await invoiceColumns(ctx, input);
  const stillDraft = sql`exists (select 1 from invoices where id = ${id} and status = 'draft')`;
  const results = await runRawBatch(ctx.db, [
    ctx.db
      .update(invoices)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.status, "draft")))
      .toSQL(),
    ctx.db
      .delete(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, id), stillDraft))
      .toSQL(),
    ...input.lines.map((line, position) =>
      insertOnlyIf(
        ctx.db
          .insert(invoiceLines)
          .values({
            id: newId(),
            invoiceId: id,
            position,
            kind: line.kind,
            description: line.description,
            note: line.note ?? "",
            quantity: line.quantity,
            unitPaise: line.unitPaise,
            amountPaise: line.quantity * line.unitPaise,
          })
          .toSQL(),
        { sql: "exists (select 1 from invoices where id = ? and status = 'draft')", params: [id] },
      ),
    ),
  ]);
  if (results[0]?.meta.changes === 0) throw new HttpError(409, INVOICE_MESSAGES.issuedNotEditable);
  return (await invoiceRow(ctx, id))!;
}

/**
 * Give a draft the next number of this financial year's series and mark it issued, in one batch: the
 * series row is read and advanced in the same transaction that numbers the invoice, so two invoices issued
 * at once get consecutive numbers and an issue that loses a race advances nothing.
 */
export async function issueInvoice(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "invoice:manage");
  const year = financialYearOf(now);
  const prefix = `${firm.invoicing.prefix}/${year}/`;
  const next = sql`(select next_serial from invoice_series where financial_year = ${year})`;
  const numbered: RawStatement = {
    sql: `update invoices set financial_year = ?, serial = (select next_serial from invoice_series where financial_year = ?),
      number = ? || printf('%04d', (select next_serial from invoice_series where financial_year = ?)),
      status = 'issued', issued_at = ?, updated_at = ? where id = ? and status = 'draft'`,
    params: [year, year, prefix, year, now.getTime(), now.getTime(), id],
  };
  const audit = insertOnlyIf(
    auditStatement(ctx, auditActor(actor), { kind: "invoice", id, action: "edit", summary: "issued" }, now).toSQL(),
    existsSql(
      ctx.db
        .select({ one: sql`1` })
        .from(invoices)
        .where(and(eq(invoices.id, id), sql`${invoices.serial} = ${next}`))
        .toSQL(),
    ),
  );
  const results = await runRawBatch(ctx.db, [
    ctx.db.insert(invoiceSeries).values({ financialYear: year, nextSerial: 1 }).onConflictDoNothing().toSQL(),
    numbered,
    audit,
    {
      sql: `update invoice_series set next_serial = next_serial + 1 where financial_year = ? and next_serial = (select serial from invoices where id = ? and financial_year = ?)`,
      params: [year, id, year],
    },
  ]);
  const row = await invoiceRow(ctx, id);
  if (!row) throw new HttpError(404, INVOICE_MESSAGES.notFound);
  if (results[1]?.meta.changes === 0) throw new HttpError(409, INVOICE_MESSAGES.notDraft);
  await sendMail(ctx, issuedMail(row, ctx.env.APP_ORIGIN));
  return row;
}

/** Void an invoice: it keeps its number; payments reported on it are no longer accepted. */
export async function voidInvoice(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "invoice:manage");
  const results = await runRawBatch(ctx.db, [
    ctx.db
      .update(invoices)
      .set({ status: "void", updatedAt: now })
      .where(and(eq(invoices.id, id), sql`${invoices.status} <> 'void'`))
      .toSQL(),
    insertOnlyIf(
      auditStatement(ctx, auditActor(actor), { kind: "invoice", id, action: "delete", summary: "voided" }, now).toSQL(),
      { sql: "changes() > 0", params: [] },
    ),
  ]);
  if (results[0]?.meta.changes === 0) {
    const row = await invoiceRow(ctx, id);
    throw new HttpError(row ? 409 : 404, row ? INVOICE_MESSAGES.alreadyVoid : INVOICE_MESSAGES.notFound);
  }
  return (await invoiceRow(ctx, id))!;
}

export type InvoiceRow = typeof invoices.$inferSelect & { paidPaise: number };

async function invoiceRow(ctx: Ctx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await ctx.db
    .select({ invoice: invoices, paidPaise: paidSql })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ? { ...row.invoice, paidPaise: Number(row.paidPaise) } : undefined;
}

/** Whether someone may see an invoice: staff who manage invoices, or its client once it is issued. */
function maySee(viewer: AuthUser | null, row: InvoiceRow, key?: string | null): boolean {
  if (can(viewer, "invoice:manage")) return true;
  if (row.status === "draft") return false;
  if (key && sameKey(key, row.accessKey)) return true;
  if (!viewer || !can(viewer, "invoice:read-own")) return false;
  return row.clientId === viewer.id || (viewer.emailVerified && row.clientEmail === viewer.email.trim().toLowerCase());
}

/** One invoice with its lines and payments for `viewer` (or the holder of its mailed link); 404 for anyone else. */
export async function invoiceFor(ctx: Ctx, viewer: AuthUser | null, id: string, key?: string | null) {
  const row = await invoiceRow(ctx, id);
  if (!row || !maySee(viewer, row, key)) throw new HttpError(404, INVOICE_MESSAGES.notFound);
  const staff = can(viewer, "invoice:manage");
  const [lines, payments] = await Promise.all([
    ctx.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    ctx.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(asc(invoicePayments.createdAt)),
  ]);
  return { invoice: row, lines, payments, staff, ...invoiceFacts(row, lines) };
}

export type InvoiceView = Awaited<ReturnType<typeof invoiceFor>>;

/** What every view of an invoice says: totals, balance, and the UPI link for what is due. */
export function invoiceFacts(row: InvoiceRow, lines: readonly { kind: string; quantity: number; unitPaise: number }[]) {
  const totals = invoiceTotals(lines, row.taxTreatment);
  const balancePaise = row.totalPaise - row.paidPaise;
  const payable = (row.status === "issued" || row.status === "part-paid") && balancePaise > 0;
  return {
    totals,
    balancePaise,
    payable,
    upiUri: payable && row.number ? upiUri(upiPayee(), { amountPaise: balancePaise, reference: row.number }) : null,
  };
}

/** GET /api/invoices/{id}: the invoice in the API's words. */
export function apiInvoice(view: InvoiceView) {
  const { invoice, lines, payments, balancePaise, upiUri: uri, totals } = view;
  return {
    _id: invoice.id,
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    clientEmail: invoice.clientEmail,
    clientName: invoice.clientName,
    taxTreatment: invoice.taxTreatment,
    dueDate: invoice.dueDate,
    issuedAt: invoice.issuedAt,
    subtotalPaise: invoice.subtotalPaise,
    taxPaise: invoice.taxPaise,
    reverseChargePaise: totals.reverseChargePaise,
    totalPaise: invoice.totalPaise,
    paidPaise: invoice.paidPaise,
    balancePaise,
    upiUri: uri,
    lines: lines.map(({ kind, description, note, quantity, unitPaise, amountPaise }) => ({
      kind,
      description,
      note,
      quantity,
      unitPaise,
      amountPaise,
    })),
    payments: payments.map(({ id, kind, status, reference, amountPaise, paidOn }) => ({
      id,
      kind,
      status,
      reference,
      amountPaise,
      paidOn,
    })),
  };
}

const INVOICE_FILTER_STATUSES = ["draft", "issued", "part-paid", "paid", "void", "outstanding"] as const;
export type InvoiceFilter = (typeof INVOICE_FILTER_STATUSES)[number];
export const isInvoiceFilter = (value: unknown): value is InvoiceFilter =>
  INVOICE_FILTER_STATUSES.includes(value as InvoiceFilter);

/** The invoices a viewer may list: every one for staff (searched, filtered, paged); a client's issued ones. */
export async function listInvoices(
  ctx: Ctx,
  viewer: AuthUser,
  {
    q,
    status,
    page,
    pageSize = LIST_PAGE_SIZE,
  }: { q?: unknown; status?: InvoiceFilter; page?: number; pageSize?: number } = {},
) {
  const staff = can(viewer, "invoice:manage");
  const term = searchTerm(q);
  const conditions: (SQL | undefined)[] = [];
  if (!staff) {
    conditions.push(sql`${invoices.status} <> 'draft'`);
    conditions.push(
      viewer.emailVerified
        ? or(eq(invoices.clientId, viewer.id), eq(invoices.clientEmail, viewer.email.trim().toLowerCase()))
        : eq(invoices.clientId, viewer.id),
    );
  }
  if (term) {
    conditions.push(
      or(
        containsText(invoices.number, term),
        containsText(invoices.clientName, term),
        containsText(invoices.clientEmail, term),
      ),
    );
  }
  if (status === "outstanding") conditions.push(inArray(invoices.status, ["issued", "part-paid"]));
  else if (status) conditions.push(eq(invoices.status, status as InvoiceStatus));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(invoices)
    .where(where);
  const window = pageWindow(page, Number(total), pageSize);
  const rows = await ctx.db
    .select({ invoice: invoices, paidPaise: paidSql })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    items: rows.map(({ invoice, paidPaise }) => ({
      ...invoice,
      paidPaise: Number(paidPaise),
      balancePaise: invoice.totalPaise - Number(paidPaise),
    })),
    total: Number(total),
    page: window.page,
    pages: window.pages,
  };
}

export const AGEING_BUCKETS = ["0–30 days", "31–60 days", "61–90 days", "90+ days"] as const;

/**
 * What clients owe: the outstanding total and its ageing by days past the due date (not yet due counts as
 * 0–30), and what was collected per month of the last twelve (confirmed payments, by the day paid).
 */
export async function receivables(ctx: Ctx, actor: AuthUser, now = new Date()) {
  assertCan(actor, "invoice:manage");
  const today = indiaDay(now);
  const rows = await ctx.db
    .select({ dueDate: invoices.dueDate, balance: sql<number>`${invoices.totalPaise} - ${paidSql}` })
    .from(invoices)
    .where(inArray(invoices.status, ["issued", "part-paid"]));
  const buckets = AGEING_BUCKETS.map((label) => ({ label, paise: 0, count: 0 }));
  let outstandingPaise = 0;
  for (const row of rows) {
    const balance = Number(row.balance);
    if (balance <= 0) continue;
    const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.dueDate}T00:00:00Z`)) / 86_400_000);
    const bucket = buckets[days <= 30 ? 0 : days <= 60 ? 1 : days <= 90 ? 2 : 3]!;
    bucket.paise += balance;
    bucket.count += 1;
    outstandingPaise += balance;
  }
  const since = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`;
  const collected = await ctx.db
    .select({
      month: sql<string>`substr(${invoicePayments.paidOn}, 1, 7)`,
      paise: sql<number>`sum(case when ${invoicePayments.kind} = 'refund' then -${invoicePayments.amountPaise} else ${invoicePayments.amountPaise} end)`,
    })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.status, "confirmed"), sql`${invoicePayments.paidOn} >= ${since}`))
    .groupBy(sql`substr(${invoicePayments.paidOn}, 1, 7)`)
    .orderBy(sql`substr(${invoicePayments.paidOn}, 1, 7)`);
  return {
    outstandingPaise,
    buckets,
    collections: collected.map((row) => ({ month: row.month, paise: Number(row.paise) })),
  };
}

/**
 * A client (or staff for them) reports a payment by its reference: accepted only on an issued or
 * part-paid invoice, and a reference only once (the unique index decides when two reports race).
 */
export async function reportPayment(
  ctx: Ctx,
  viewer: AuthUser | null,
  id: string,
  input: PaymentReport,
  key?: string | null,
  now = new Date(),
) {
  const view = await invoiceFor(ctx, viewer, id, key);
  if (!view.payable) throw new HttpError(409, INVOICE_MESSAGES.notPayable);
  const paymentId = newId();
  try {
    await ctx.db.insert(invoicePayments).values({
      id: paymentId,
      invoiceId: id,
      reference: input.reference,
      amountPaise: input.amountPaise,
      paidOn: input.paidOn,
      reportedBy: viewer?.id ?? null,
      createdAt: now,
    });
  } catch (error) {
    if (isUniqueConflict(error)) {
      throw new HttpError(409, INVOICE_MESSAGES.referenceTaken, {
        errors: { reference: [INVOICE_MESSAGES.referenceTaken] },
      });
    }
    throw error;
  }
  const [payment] = await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId));
  return payment!;
}

/**
 * Staff confirm a reported payment against the bank statement (the invoice's status follows its paid sum,
 * in the same batch) and the client is mailed a receipt; or reject it (its reference may be reported again).
 */
export async function decidePayment(
  ctx: Ctx,
  actor: AuthUser,
  invoiceId: string,
  paymentId: string,
  decision: "confirmed" | "rejected",
  now = new Date(),
) {
  assertCan(actor, "invoice:manage");
  const [payment] = await ctx.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)));
  if (!payment) throw new HttpError(404, INVOICE_MESSAGES.paymentNotFound);
  const results = await runRawBatch(ctx.db, [
    ctx.db
      .update(invoicePayments)
      .set({ status: decision, decidedBy: actor.id, decidedAt: now })
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.status, "reported")))
      .toSQL(),
    insertOnlyIf(
      auditStatement(
        ctx,
        auditActor(actor),
        {
          kind: "payment",
          id: paymentId,
          action: decision === "confirmed" ? "approve" : "reject",
          summary: `${payment.reference}: ${rupees(payment.amountPaise)}`,
        },
        now,
      ).toSQL(),
      { sql: "changes() > 0", params: [] },
    ),
    ctx.db
      .update(invoices)
      .set({ status: sql`${STATUS_FROM_PAID}`, updatedAt: now })
      .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ["issued", "part-paid", "paid"])))
      .toSQL(),
  ]);
  if (results[0]?.meta.changes === 0) throw new HttpError(409, INVOICE_MESSAGES.paymentDecided);
  const row = (await invoiceRow(ctx, invoiceId))!;
  if (decision === "confirmed")
    await sendMail(ctx, receiptMail(row, { ...payment, status: "confirmed" }, ctx.env.APP_ORIGIN));
  return { invoice: row, payment: { ...payment, status: decision } };
}

/** The payments waiting for staff to match them against the bank statement, oldest first. */
export async function reportedPayments(ctx: Ctx, actor: AuthUser) {
  assertCan(actor, "invoice:manage");
  return ctx.db
    .select({ payment: invoicePayments, number: invoices.number, clientName: invoices.clientName })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoicePayments.status, "reported"))
    .orderBy(asc(invoicePayments.createdAt))
    .limit(100);
}

/** Where the client opens an invoice without signing in (the mailed link). */
export const invoiceLink = (origin: string, row: Pick<InvoiceRow, "id" | "accessKey">) =>
  `${origin}/invoices/${row.id}?key=${row.accessKey}`;

function issuedMail(row: InvoiceRow, origin: string) {
  const link = invoiceLink(origin, row);
  return {
    to: row.clientEmail,
    kind: "invoice-issued",
    subject: `Invoice ${row.number} from ${firm.name}`,
    text: [
      `Dear ${row.clientName},`,
      "",
      `Invoice ${row.number} for ${rupees(row.totalPaise)} is due on ${row.dueDate}.`,
      `View it, download it as a PDF and pay it (UPI or bank transfer) here: ${link}`,
      "",
      `Please quote ${row.number} with your payment.`,
      "",
      firm.name,
    ].join("\n"),
    secrets: [row.accessKey],
  };
}

function receiptMail(row: InvoiceRow, payment: typeof invoicePayments.$inferSelect, origin: string) {
  return {
    to: row.clientEmail,
    kind: "payment-receipt",
    subject: `Receipt: ${rupees(payment.amountPaise)} for invoice ${row.number}`,
    text: [
      `Dear ${row.clientName},`,
      "",
      `We have received ${rupees(payment.amountPaise)} on ${payment.paidOn} (reference ${payment.reference}) for invoice ${row.number}.`,
      `Balance now due: ${rupees(Math.max(0, row.totalPaise - row.paidPaise))}.`,
      `The invoice: ${invoiceLink(origin, row)}`,
      "",
      `Thank you. ${firm.name}`,
    ].join("\n"),
    secrets: [row.accessKey],
  };
}

/** 10 lookups per 15 minutes per client IP: the number and email must not be guessed by trying. */
export const INVOICE_LOOKUP_RATE_LIMIT = { name: "invoice-lookup-ip", limit: 10, windowMs: 15 * 60_000 } as const;

/**
 * The /pay-dues door: an invoice by its number and the client's email. Every try counts against the
 * caller's address, found or not; a 429 names the wait.
 */
export async function findInvoiceByNumber(ctx: Ctx, request: Request, number: string, email: string) {
  const limit = await hitRateLimit(ctx, { ...INVOICE_LOOKUP_RATE_LIMIT, subject: await clientIpKey(request, ctx.env) });
  if (!limit.allowed) throw new HttpError(429, tooManyAttemptsMessage(limit));
  return invoiceByNumber(ctx, number, email);
}

/** Find an invoice by its number and the client's email: its id and key, or null. */
async function invoiceByNumber(ctx: Ctx, number: string, email: string) {
  const [row] = await ctx.db
    .select({ id: invoices.id, accessKey: invoices.accessKey })
    .from(invoices)
    .where(
      and(
        eq(invoices.number, number.trim().toUpperCase()),
        eq(invoices.clientEmail, email.trim().toLowerCase()),
        sql`${invoices.status} <> 'draft'`,
      ),
    );
  return row ?? null;
}
