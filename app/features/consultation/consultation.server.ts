/**
 * Consultation requests: intake, notification, retries and the firm's inbox
 * (the only place their SQL lives). The page action and the JSON API both call
 * `receiveConsultation`.
 *
 * Storage first: a valid request is written to D1 in the same batch (one round
 * trip, one transaction) as its rate-limit hit, before anything else. Mail is
 * sent after the response (waitUntil); a failed notification leaves the request
 * `notify_failed`, and the cron job retries it with backoff. A lead is never lost
 * to a mail problem.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lte,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { consultationRequests, consultationStatusChanges, counters, rateLimits, users } from "../../../db/schema";
import { newId } from "../../../db/id";
import { firm } from "~/config/firm";
import { PRACTICE_AREAS } from "~/config/practice-areas";
import { auditStatement, type AuditActor } from "~/lib/audit.server";
import { insertOnlyIf, runRawBatch, type Db } from "~/lib/db.server";
import { HttpError, readBodyText } from "~/lib/http.server";
import { sendMail, transportFor, type MailMessage, type MailTransport } from "~/lib/mailer.server";
import {
  clientIpKey,
  effectiveRateLimit,
  rateLimitHitQuery,
  rateLimitKey,
  rateLimitStateOf,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from "~/lib/rate-limit.server";
import { escapeHtml } from "./escape";
import { MESSAGES, summaryMessage, type ConsultationChannel, type ConsultationInput, type InboxQuery } from "./schema";
import { logError } from "~/lib/log.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { LIST_PAGE_SIZE } from "~/lib/pagination";
import { startOfDayInIndia } from "~/lib/media";
import { pageInOneTrip } from "~/lib/pagination.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;
type RequestCtx = Ctx & Pick<AppLoadContext, "waitUntil">;

export type ConsultationRequest = typeof consultationRequests.$inferSelect;

/** 5 requests per 10 minutes per client IP (times RATE_LIMIT_MULTIPLIER, which only local mode honours). */
export const CONSULTATION_RATE_LIMIT = { name: "consultation-ip", limit: 5, windowMs: 10 * 60_000 } as const;
export const HONEYPOT_COUNTER = "consultation-honeypot";
/**
 * The same request (name, email, phone, practice area and message) sent again this soon is the same
 * request: a double click or a retry. It is answered as received and stored once. The home page's
 * form is served from the edge cache, so it cannot carry a one-time form token; this covers it,
 * the consultation page and the API alike.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/** The first (waitUntil) attempt owns a fresh request this long before the cron may pick it up. */
const FIRST_ATTEMPT_LEASE_MS = 10 * 60_000;
/** A cron run owns a claimed request this long. */
const RETRY_LEASE_MS = 5 * 60_000;
/** Wait after the n-th failed attempt (n = 1, 2, …). */
export const NOTIFY_BACKOFF_MS = [5, 15, 60, 180, 360, 720, 1440].map((minutes) => minutes * 60_000);
export const MAX_NOTIFY_ATTEMPTS = NOTIFY_BACKOFF_MS.length + 1;

/* ------------------------------------------------------------------ intake */

/** Large enough for a 5,000-character message in any script, small enough to refuse abuse early. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The form's body (urlencoded, or multipart from other clients), refusing one too large (413). */
export async function readConsultationForm(request: Request): Promise<URLSearchParams | FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const text = await readBodyText(request, MAX_BODY_BYTES);
  if (contentType.includes("multipart/form-data")) {
    try {
      return await new Response(text, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      throw new HttpError(400, MESSAGES.required);
    }
  }
  return new URLSearchParams(text);
}

/** The outcome of validating the payload (Conform's submission for the form, zod for the API). */
export type ParsedConsultation =
  | { success: true; value: ConsultationInput }
  | { success: false; errors: Record<string, readonly string[] | null | undefined> };

export type ConsultationOutcome =
  | { kind: "stored"; id: string }
  /** A filled honeypot: answered like "stored", nothing kept. */
  | { kind: "ignored" }
  | { kind: "invalid"; status: 400; message: string; errors: Record<string, string[]> }
  | { kind: "rate-limited"; status: 429; message: string; retryAfterSeconds: number }
  | { kind: "failed"; status: 500; message: string };

export type ReceiveOptions = {
  /** The mail transport for the notification (default: the configured one). */
  transport?: MailTransport;
  now?: Date;
};

/**
 * Receive one consultation request from the form or the API (`channel`, kept
 * with the request). Never throws for bad input.
 */
export async function receiveConsultation(
  ctx: RequestCtx,
  request: Request,
  payload: { honeypot: unknown; parsed: ParsedConsultation; channel: ConsultationChannel },
  { transport, now = new Date() }: ReceiveOptions = {},
): Promise<ConsultationOutcome> {
  if (isFilled(payload.honeypot)) {
    try {
      await countHoneypotHit(ctx.db);
    } catch (error) {
      logError(error, { where: "could not count a consultation honeypot hit" });
    }
    return { kind: "ignored" };
  }

  const { parsed } = payload;
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(parsed.errors)) if (messages?.length) errors[field] = [...messages];
    return { kind: "invalid", status: 400, message: summaryMessage(errors) ?? MESSAGES.required, errors };
  }

  let stored: Awaited<ReturnType<typeof storeConsultation>>;
  try {
    const meta = await requestMeta(ctx, request, parsed.value.source);
    stored = await storeConsultation(ctx, parsed.value, payload.channel, meta, now);
  } catch (error) {
    logError(error, { where: "could not store a consultation request" });
    return { kind: "failed", status: 500, message: MESSAGES.serverError };
  }
  if (!stored.id) {
    return {
      kind: "rate-limited",
      status: 429,
      message: tooManyAttemptsMessage(stored.limit),
      retryAfterSeconds: stored.limit.retryAfterSeconds,
    };
  }

  const id = stored.id;
  // The same request sent again within DUPLICATE_WINDOW_MS: stored (and mailed) once.
  if (stored.duplicate) return { kind: "stored", id };
  ctx.waitUntil(
    notifyConsultation(ctx, id, { transport }).catch((error) => {
      logError(error, { where: `consultation ${id}: notification crashed (the cron will retry)` });
    }),
  );
  return { kind: "stored", id };
}

function isFilled(value: unknown) {
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null && value !== false;
}

async function countHoneypotHit(db: Db) {
  await db
    .insert(counters)
    .values({ name: HONEYPOT_COUNTER, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } });
}

export type RequestMeta = {
  ipHash: string;
  userAgent: string | null;
  sourcePage: string | null;
  utm: Record<string, string> | null;
};

/** Where the request came from: IP hash, user agent, source page and utm_* parameters. */
export async function requestMeta(ctx: Ctx, request: Request, source: string | undefined): Promise<RequestMeta> {
  const { sourcePage, utm } = parseSource(source, request);
  return {
    ipHash: await clientIpKey(request, ctx.env),
    userAgent: request.headers.get("User-Agent")?.slice(0, 500) || null,
    sourcePage,
    utm,
  };
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id"] as const;

/**
 * The source page (a same-site path) and its utm_* parameters, from the form's
 * `source` field or, for API callers that send none, a same-origin Referer.
 */
export function parseSource(source: string | undefined, request: Request): Pick<RequestMeta, "sourcePage" | "utm"> {
  let url: URL | null = null;
  const own = new URL(request.url);
  if (source && source.startsWith("/") && !source.startsWith("//") && !source.startsWith("/\\")) {
    try {
      url = new URL(source, own.origin);
    } catch {
      url = null;
    }
  } else {
    const referer = request.headers.get("Referer");
    try {
      const candidate = referer ? new URL(referer) : null;
      if (candidate && candidate.origin === own.origin) url = candidate;
    } catch {
      url = null;
    }
  }
  if (!url || url.origin !== own.origin) return { sourcePage: null, utm: null };
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) utm[key] = value.slice(0, 200);
  }
  return { sourcePage: url.pathname.slice(0, 300), utm: Object.keys(utm).length ? utm : null };
}

/**
 * One D1 batch: count the rate-limit hit, and insert the request only if the
 * hit is within the limit (INSERT … SELECT … WHERE the counter allows it).
 */
async function storeConsultation(
  ctx: Ctx,
  input: ConsultationInput,
  channel: ConsultationChannel,
  meta: RequestMeta,
  now: Date,
) {
  const { db, env } = ctx;
  const rule: RateLimitRule = { ...CONSULTATION_RATE_LIMIT, subject: meta.ipHash, now };
  const id = newId();
  const row: typeof consultationRequests.$inferInsert = {
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    service: input.service,
    message: input.message ?? "",
    sourcePage: meta.sourcePage,
    source: channel,
    utm: meta.utm,
    ipHash: meta.ipHash,
    userAgent: meta.userAgent,
    status: "new",
    notifyStatus: "pending",
    notifyAttempts: 0,
    nextNotifyAt: new Date(now.getTime() + FIRST_ATTEMPT_LEASE_MS),
    createdAt: now,
  };
  const sameRequest = and(
    eq(consultationRequests.name, row.name),
    eq(consultationRequests.email, row.email),
    eq(consultationRequests.phone, row.phone),
    eq(consultationRequests.service, row.service),
    eq(consultationRequests.message, row.message ?? ""),
    gt(consultationRequests.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
  );
  const insertIfAllowed = db
    .insert(consultationRequests)
    .select((qb) =>
      qb
        .select(constantRow(row))
        .from(rateLimits)
        .where(
          and(
            eq(rateLimits.key, rateLimitKey(rule)),
            lte(rateLimits.count, effectiveRateLimit(env, rule)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(consultationRequests)
                .where(sameRequest),
            ),
          ),
        ),
    )
    .returning({ id: consultationRequests.id });
  const [hit, inserted] = await db.batch([rateLimitHitQuery(db, rule), insertIfAllowed]);
  const limit = rateLimitStateOf(env, rule, hit[0]!);
  if (inserted[0]) return { id: inserted[0].id, limit, duplicate: false };
  // Within the limit but not inserted: the same request came a moment ago (a double click with
  // JavaScript off, a retry). The visitor is told it was received; the firm gets it once.
  if (hit[0]!.count <= effectiveRateLimit(env, rule)) {
    const earlier = await db.query.consultationRequests.findFirst({ where: sameRequest, columns: { id: true } });
    if (earlier) return { id: earlier.id, limit, duplicate: true };
  }
  return { id: null, limit, duplicate: false };
}

/** Every column of consultation_requests, in table order, as a bound constant (what INSERT … SELECT needs). */
function constantRow(row: typeof consultationRequests.$inferInsert) {
  const fields: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(consultationRequests))) {
    let value = (row as Record<string, unknown>)[key];
    if (value === undefined) value = column.default ?? column.defaultFn?.() ?? null;
    fields[key] = sql`${sql.param(value, column)}`.as(column.name);
  }
  return fields as { [K in keyof typeof consultationRequests.$inferSelect]: SQL.Aliased };
}

/* ------------------------------------------------------------------ notification */

const mailIds = (requestId: string) => ({
  firm: `consultation-${requestId}-firm`,
  ack: `consultation-${requestId}-ack`,
});

const receivedAt = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export function formatReceived(date: Date) {
  return `${receivedAt.format(date)} IST`;
}

function utmText(utm: Record<string, string> | null) {
  return utm
    ? Object.entries(utm)
        .map(([key, value]) => `${key}=${value}`)
        .join(", ")
    : "";
}

/** The firm's notification: every detail of the request; all user input escaped in the HTML. */
/** `origin` is APP_ORIGIN: links in mail are never built from a request's Host. */
export function firmNotification(request: ConsultationRequest, inboxEmail: string, origin: string): MailMessage {
  const details: Array<[string, string]> = [
    ["Name", request.name],
    ["Email", request.email],
    ["Phone", request.phone],
    ["Practice area", request.service],
    ["Received", formatReceived(request.createdAt)],
    ["Channel", request.source === "api" ? "API" : "Website form"],
    ["Source page", request.sourcePage ?? "(not known)"],
  ];
  if (request.utm) details.push(["Campaign", utmText(request.utm)]);
  details.push(["Reference", request.id]);
  const inboxUrl = new URL("/admin/consultations", origin).toString();
  const message = request.message || "(no message)";
  const text = [
    "A new consultation request arrived through the website.",
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    message,
    "",
    `Reply to the visitor at ${request.email} or call ${request.phone}.`,
    `The firm's inbox: ${inboxUrl}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1b1f">
<h1 style="font-size:18px">New consultation request</h1>
<table cellpadding="6" style="border-collapse:collapse">
${details.map(([label, value]) => `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(label)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(inboxUrl)}">Open the firm's inbox</a></p>
</body></html>`;
  return {
    id: mailIds(request.id).firm,
    to: inboxEmail,
    subject: `New consultation request: ${request.service} (${request.name})`.slice(0, 200),
    text,
    html,
    kind: "consultation-firm",
  };
}

/**
 * The visitor's acknowledgement. It repeats only their name and the practice
 * area, never the free-text message, so the form cannot be used to send
 * arbitrary text to arbitrary addresses.
 */
export function visitorAcknowledgement(request: ConsultationRequest): MailMessage {
  const office = firm.offices[0]!;
  const text = [
    `Dear ${request.name},`,
    "",
    `Thank you for contacting ${firm.name}. We have received your consultation request (${request.service}) and will contact you shortly.`,
    "",
    `If you need us sooner, call ${firm.phone.display} or write to ${firm.email}.`,
    "",
    "Sending this request does not create a lawyer-client relationship.",
    "If you did not send it, please ignore this email.",
    "",
    firm.name,
    `${office.street}, ${office.locality} ${office.postalCode}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1b1f">
<p>Dear ${escapeHtml(request.name)},</p>
<p>Thank you for contacting ${escapeHtml(firm.name)}. We have received your consultation request (${escapeHtml(request.service)}) and will contact you shortly.</p>
<p>If you need us sooner, call ${escapeHtml(firm.phone.display)} or write to ${escapeHtml(firm.email)}.</p>
<p style="color:#4a4f5c">Sending this request does not create a lawyer-client relationship. If you did not send it, please ignore this email.</p>
<p>${escapeHtml(firm.name)}<br>${escapeHtml(`${office.street}, ${office.locality} ${office.postalCode}`)}</p>
</body></html>`;
  return {
    id: mailIds(request.id).ack,
    to: request.email,
    subject: `We received your consultation request | ${firm.name}`,
    text,
    html,
    kind: "consultation-ack",
  };
}

/**
 * Send (or re-send) the firm's notification and the visitor's acknowledgement.
 * Each mail has a stable outbox id, so one that already went out is never sent
 * twice. The request becomes `sent` when both are delivered; otherwise
 * `notify_failed` with the next attempt scheduled by backoff (none after the last).
 */
export async function notifyConsultation(
  ctx: Ctx,
  id: string,
  { transport = transportFor(ctx.env), now = new Date() }: { transport?: MailTransport; now?: Date } = {},
) {
  const request = await ctx.db.query.consultationRequests.findFirst({ where: eq(consultationRequests.id, id) });
  if (!request || request.notifyStatus === "sent") return request?.notifyStatus ?? null;
  const attempt = request.notifyAttempts + 1;
  const lastAttempt = attempt >= MAX_NOTIFY_ATTEMPTS;
  // Until the last attempt the mails wait for this module's own retries (with
  // backoff); after it they are left "failed" like any other mail.
  const options = { retriedBy: lastAttempt ? ("mailer" as const) : ("caller" as const) };
  let allDelivered = true;
  for (const mail of [
    firmNotification(request, ctx.env.FIRM_INBOX_EMAIL, ctx.env.APP_ORIGIN),
    visitorAcknowledgement(request),
  ]) {
    const { delivered } = await sendMail(ctx, mail, transport, options);
    allDelivered &&= delivered;
  }
  const notifyStatus = allDelivered ? ("sent" as const) : ("notify_failed" as const);
  await ctx.db
    .update(consultationRequests)
    .set({
      notifyStatus,
      notifyAttempts: attempt,
      nextNotifyAt: allDelivered || lastAttempt ? null : new Date(now.getTime() + NOTIFY_BACKOFF_MS[attempt - 1]!),
    })
    .where(eq(consultationRequests.id, id));
  return notifyStatus;
}

/**
 * The cron job: notify every request whose (re)try is due. Each request is
 * claimed first (its next_notify_at moves on), so overlapping runs never
 * handle the same one.
 */
export async function retryConsultationNotifications(
  ctx: Ctx & { now: Date },
  transport: MailTransport = transportFor(ctx.env),
) {
  const { db, now } = ctx;
  const due = await db
    .select({ id: consultationRequests.id, nextNotifyAt: consultationRequests.nextNotifyAt })
    .from(consultationRequests)
    .where(
      and(
        inArray(consultationRequests.notifyStatus, ["pending", "notify_failed"]),
        lte(consultationRequests.nextNotifyAt, now),
        lt(consultationRequests.notifyAttempts, MAX_NOTIFY_ATTEMPTS),
      ),
    )
    .orderBy(consultationRequests.nextNotifyAt)
    .limit(25);
  let delivered = 0;
  for (const item of due) {
    const claimed = await db
      .update(consultationRequests)
      .set({ nextNotifyAt: new Date(now.getTime() + RETRY_LEASE_MS) })
      .where(and(eq(consultationRequests.id, item.id), eq(consultationRequests.nextNotifyAt, item.nextNotifyAt!)))
      .returning({ id: consultationRequests.id });
    if (claimed.length === 0) continue;
    if ((await notifyConsultation(ctx, item.id, { transport, now })) === "sent") delivered++;
  }
  return { tried: due.length, delivered };
}

/* ------------------------------------------------------------------ the firm's inbox */

export const INBOX_PAGE_SIZE = LIST_PAGE_SIZE;
export const EXPORT_MAX_ROWS = 10_000;

const DAY_MS = 24 * 60 * 60_000;

function inboxWhere(query: InboxQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(consultationRequests.status, query.status));
  if (query.service) conditions.push(eq(consultationRequests.service, query.service));
  // Days in India time, as the inbox shows dates.
  const from = query.from ? startOfDayInIndia(query.from) : null;
  const to = query.to ? startOfDayInIndia(query.to) : null;
  if (from) conditions.push(gte(consultationRequests.createdAt, from));
  if (to) conditions.push(lt(consultationRequests.createdAt, new Date(to.getTime() + DAY_MS)));
  const search = searchTerm(query.q);
  if (search) {
    const phoneDigits = search.replace(/\D/g, "");
    const matches = [
      containsText(consultationRequests.name, search),
      containsText(consultationRequests.email, search),
      containsText(consultationRequests.phone, search),
      containsText(consultationRequests.message, search),
    ];
    // "98765 43210" finds "+91-9876543210": compare digits only as well.
    if (phoneDigits.length >= 3) {
      const digitsOnly = sql`replace(replace(replace(replace(replace(replace(${consultationRequests.phone}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;
      matches.push(containsText(digitsOnly, phoneDigits));
    }
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The inbox: newest first, filtered, a page at a time (a page past the end shows the last one). */
export async function listConsultations(db: Db, query: InboxQuery, pageSize = INBOX_PAGE_SIZE) {
  const where = inboxWhere(query);
  return pageInOneTrip(db, {
    total: db.select({ total: count() }).from(consultationRequests).where(where),
    rows: (window) =>
      db
        .select()
        .from(consultationRequests)
        .where(where)
        .orderBy(desc(consultationRequests.createdAt), desc(consultationRequests.id))
        .limit(window.limit)
        .offset(window.offset),
    requested: query.page,
    pageSize,
  });
}

/** The message's first non-empty line, cut at `max` characters (with an ellipsis when cut or when more lines follow). */
export function firstLine(message: string, max = 120): string {
  const lines = message.split(/\r?\n/).map((line) => line.trim());
  const index = lines.findIndex((line) => line !== "");
  if (index === -1) return "";
  const line = lines[index]!;
  const chars = Array.from(line);
  const more = lines.slice(index + 1).some((rest) => rest !== "");
  if (chars.length > max) return `${chars.slice(0, max - 1).join("")}…`;
  return more ? `${line} …` : line;
}

/** The filtered list for the CSV export (newest first, capped). */
export async function listConsultationsForExport(db: Db, query: InboxQuery, max = EXPORT_MAX_ROWS) {
  return db
    .select()
    .from(consultationRequests)
    .where(inboxWhere(query))
    .orderBy(desc(consultationRequests.createdAt), desc(consultationRequests.id))
    .limit(max);
}

/** Practice areas to filter by: the configured ones, then any other value stored (e.g. from a link). */
export async function inboxServiceOptions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ service: consultationRequests.service }).from(consultationRequests);
  const known = new Set<string>(PRACTICE_AREAS);
  const extra = rows
    .map((row) => row.service)
    .filter((service) => !known.has(service))
    .sort();
  return [...PRACTICE_AREAS, ...extra];
}

export type StatusChange = {
  id: string;
  fromStatus: ConsultationRequest["status"];
  toStatus: ConsultationRequest["status"];
  note: string;
  createdAt: Date;
  changedBy: { fullName: string; email: string } | null;
};

/** One request with its status history (oldest change first); null when there is no such request. */
export async function getConsultation(db: Db, id: string) {
  const request = await db.query.consultationRequests.findFirst({ where: eq(consultationRequests.id, id) });
  if (!request) return null;
  const rows = await db
    .select({
      id: consultationStatusChanges.id,
      fromStatus: consultationStatusChanges.fromStatus,
      toStatus: consultationStatusChanges.toStatus,
      note: consultationStatusChanges.note,
      createdAt: consultationStatusChanges.createdAt,
      fullName: users.fullName,
      email: users.email,
    })
    .from(consultationStatusChanges)
    .leftJoin(users, eq(users.id, consultationStatusChanges.changedBy))
    .where(eq(consultationStatusChanges.requestId, id))
    .orderBy(asc(consultationStatusChanges.createdAt), asc(consultationStatusChanges.id));
  const history: StatusChange[] = rows.map(({ fullName, email, ...change }) => ({
    ...change,
    changedBy: email ? { fullName: fullName ?? email, email } : null,
  }));
  return { request, history };
}

/**
 * Change a request's status and record it in its history (who, from what, to
 * what, when, the internal note) and in the activity log, in one D1 batch. Saving the same status with a
 * note records the note; the same status without one changes nothing. Returns
 * the request's name and new status, or null when there is no such request.
 * `from` is the status the staff member's form showed: when the request has
 * moved on since (another tab, another staff member), nothing is saved (409).
 */
export async function setConsultationStatus(
  db: Db,
  actor: AuditActor & { id: string },
  input: { id: string; status: ConsultationRequest["status"]; note?: string; from?: ConsultationRequest["status"] },
  now = new Date(),
) {
  const current = await db.query.consultationRequests.findFirst({
    where: eq(consultationRequests.id, input.id),
    columns: { id: true, name: true, status: true },
  });
  if (!current) return null;
  if (input.from !== undefined && input.from !== current.status) throw changedMeanwhile(current.status);
  const note = input.note?.trim() ?? "";
  if (current.status === input.status && note === "") {
    return { name: current.name, status: current.status, changed: false };
  }
  const summary = [
    current.status === input.status
      ? `${current.name}: note`
      : `${current.name}: status "${current.status}" → "${input.status}"`,
    note ? `note: ${JSON.stringify(note.length > 60 ? `${note.slice(0, 59)}…` : note)}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  // The history row is written only while the status is still the one read above, then the status
  // changes: of two staff changing one request at once, the second records nothing and is told. The
  // activity log's row goes with the history row (both or neither).
  const [recorded] = await runRawBatch(db, [
    insertOnlyIf(
      db
        .insert(consultationStatusChanges)
        .values({
          requestId: input.id,
          fromStatus: current.status,
          toStatus: input.status,
          note,
          changedBy: actor.id,
          createdAt: now,
        })
        .toSQL(),
      {
        sql: "exists (select 1 from consultation_requests where id = ? and status = ?)",
        params: [input.id, current.status],
      },
    ),
    insertOnlyIf(
      auditStatement({ db }, actor, { kind: "consultation", id: input.id, action: "edit", summary }, now).toSQL(),
      {
        sql: "exists (select 1 from consultation_requests where id = ? and status = ?)",
        params: [input.id, current.status],
      },
    ),
    db
      .update(consultationRequests)
      .set({ status: input.status })
      .where(and(eq(consultationRequests.id, input.id), eq(consultationRequests.status, current.status)))
      .toSQL(),
  ]);
  if (!recorded?.meta.changes) {
    const latest = await db.query.consultationRequests.findFirst({
      where: eq(consultationRequests.id, input.id),
      columns: { status: true },
    });
    if (!latest) return null;
    throw changedMeanwhile(latest.status);
  }
  return { name: current.name, status: input.status, changed: true };
}

const changedMeanwhile = (status: ConsultationRequest["status"]) =>
  new HttpError(
    409,
    `Someone else changed this request meanwhile: it is now ${status}. Nothing was saved; look again and choose.`,
  );

/** How many honeypot submissions were ignored. */
export async function honeypotHits(db: Db) {
  const row = await db.query.counters.findFirst({ where: eq(counters.name, HONEYPOT_COUNTER) });
  return row?.value ?? 0;
}
