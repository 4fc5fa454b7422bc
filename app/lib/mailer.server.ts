/**
 * Outgoing mail: every message is written to mail_outbox first, so none is lost, then delivered by
 * the transport ("outbox": the table is the mailbox, in local mode; "http": POSTed as JSON to
 * MAIL_API_URL). A failed delivery is retried by the scheduled job with backoff, unless its sender
 * runs its own retries (`retriedBy: "caller"`): then it waits as "queued" for `redeliverMail`.
 *
 * Staff must never read a live one-time link: the copy /admin/outbox shows has each of the sender's
 * `secrets` redacted, and the real body (`deliveryText`/`deliveryHtml`, rendered nowhere) is erased
 * once a transport has handed the mail on; with "outbox" it stays, as the recipient's mailbox.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Db } from "./db.server";
import type { AppEnv } from "./env.server";
import { logError } from "./log.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. "password-reset". */
  kind: string;
  /** Secrets in the body (one-time tokens): the transport gets them, staff never see them. */
  secrets?: readonly string[];
  /**
   * The outbox row's id, when the sender needs a stable one (an idempotency key):
   * sending again with the same id delivers the stored mail only if it has not gone out.
   */
  id?: string;
};

export type SendMailOptions = {
  /** Who retries a failed delivery: the scheduled `retryFailedMail` (default) or the sender itself. */
  retriedBy?: "mailer" | "caller";
};

export type MailContext = { db: Db; env: AppEnv };

export const MAX_MAIL_ATTEMPTS = 5;

export type MailTransport = (message: MailMessage & { from: string }) => Promise<void>;

export function transportFor(env: AppEnv): MailTransport {
  if (env.MAIL_TRANSPORT === "http") {
    return async (message) => {
      const response = await fetch(env.MAIL_API_URL!, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
        },
        body: JSON.stringify({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        }),
      });
      if (!response.ok) throw new Error(`mail API answered ${response.status}`);
    };
  }
  return storeOnlyTransport;
}

/** The "outbox" transport: the stored row itself is the delivered mail, so its delivery copy stays. */
export const storeOnlyTransport: MailTransport = async () => {};

/** What replaces a secret in the copy staff see. */
export const REDACTED = "[hidden: one-time link]";

/** The message as stored: the shown copy with every secret replaced, and the real body only when it differs. */
function storedCopies(message: MailMessage) {
  const secrets = (message.secrets ?? []).filter(Boolean);
  const redact = (body: string) => secrets.reduce((text, secret) => text.split(secret).join(REDACTED), body);
  const text = redact(message.text);
  const html = message.html === undefined ? undefined : redact(message.html);
  return {
    text,
    html,
    deliveryText: text === message.text ? null : message.text,
    deliveryHtml: html === message.html ? null : (message.html ?? null),
  };
}

/** The body to deliver from a stored row: the delivery copy when there is one. */
function deliverable(row: typeof mailOutbox.$inferSelect): MailMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    text: row.deliveryText ?? row.text,
    html: row.deliveryHtml ?? row.html ?? undefined,
  };
}

/** Store the message, then try to deliver it once. Returns the outbox id and whether it was delivered. */
export async function sendMail(
  { db, env }: MailContext,
  message: MailMessage,
  transport: MailTransport = transportFor(env),
  options: SendMailOptions = {},
): Promise<{ id: string; delivered: boolean }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      ...(message.id ? { id: message.id } : {}),
      to: message.to,
      subject: message.subject,
      ...storedCopies(message),
      kind: message.kind,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (!row) {
    // The id is taken: this mail was stored before. Deliver it only if it is still waiting.
    const outcome = await redeliverMail({ db, env }, message.id!, transport, options);
    return { id: message.id!, delivered: outcome === "sent" };
  }
  const delivered = await deliver({ db, env }, row.id, message, transport, options);
  return { id: row.id, delivered };
}

/**
 * Deliver a stored mail unless it went out already: "sent", "failed" (still
 * waiting, see `retriedBy`) or "missing". The caller makes sure no one else
 * delivers the same row at the same moment (the generic retry only takes
 * "failed" rows; a feature retrying its own mail claims its own record first).
 */
export async function redeliverMail(
  { db, env }: MailContext,
  id: string,
  transport: MailTransport = transportFor(env),
  options: SendMailOptions = {},
): Promise<"sent" | "failed" | "missing"> {
  const mail = await db.query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) });
  if (!mail) return "missing";
  if (mail.status === "sent") return "sent";
  const delivered = await deliver({ db, env }, id, deliverable(mail), transport, options);
  return delivered ? "sent" : "failed";
}

async function deliver(
  { db, env }: MailContext,
  id: string,
  message: MailMessage,
  transport: MailTransport,
  { retriedBy = "mailer" }: SendMailOptions = {},
): Promise<boolean> {
  try {
    const { secrets: _secrets, ...outgoing } = message;
    await transport({ ...outgoing, from: env.MAIL_FROM });
    await db
      .update(mailOutbox)
      .set({
        status: "sent",
        sentAt: new Date(),
        lastError: null,
        attempts: incrementAttempts(),
        // Handed on: the secret need not be kept (the outbox transport's row is the mailbox itself).
        ...(transport === storeOnlyTransport ? {} : { deliveryText: null, deliveryHtml: null }),
      })
      .where(eq(mailOutbox.id, id));
    return true;
  } catch (error) {
    logError(error, { where: `mail ${id} (${message.kind}) failed` });
    await db
      .update(mailOutbox)
      .set({
        status: retriedBy === "caller" ? "queued" : "failed",
        lastError: String(error).slice(0, 500),
        attempts: incrementAttempts(),
      })
      .where(eq(mailOutbox.id, id));
    return false;
  }
}

function incrementAttempts() {
  return sql`${mailOutbox.attempts} + 1`;
}

/** The first retry waits this long after the mail was queued; each later one twice as long again. */
export const MAIL_RETRY_BASE_MS = 5 * 60_000;

/**
 * Retry failed mail (the scheduled job), with backoff: a mail that failed n
 * times is due MAIL_RETRY_BASE_MS × (2^n − 1) after it was queued (5, 15, 35,
 * 75 minutes), until MAX_MAIL_ATTEMPTS. Each row is claimed first (failed →
 * queued, only if no one else moved it), so two overlapping runs never send
 * the same mail twice.
 */
export async function retryFailedMail(
  ctx: MailContext,
  transport: MailTransport = transportFor(ctx.env),
  now = new Date(),
) {
  const due = await ctx.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "failed"),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        sql`${mailOutbox.createdAt} + ${MAIL_RETRY_BASE_MS} * ((1 << ${mailOutbox.attempts}) - 1) <= ${now.getTime()}`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(50);
  let tried = 0;
  let delivered = 0;
  for (const mail of due) {
    const [claimed] = await ctx.db
      .update(mailOutbox)
      .set({ status: "queued" })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "failed"), eq(mailOutbox.attempts, mail.attempts)))
      .returning({ id: mailOutbox.id });
    if (!claimed) continue;
    tried++;
    if (await deliver(ctx, mail.id, deliverable(mail), transport)) delivered++;
  }
  return { tried, delivered };
}
