/**
 * The admin's view of the mail outbox (app/lib/mailer.server.ts writes it).
 * Read-only; it lives with the consultation feature because the firm's
 * notifications are what admins come here to check.
 */
import { count, desc } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import type { Db } from "~/lib/db.server";
import { pageInOneTrip } from "~/lib/pagination.server";

export const OUTBOX_PAGE_SIZE = 25;

/** Outgoing mail, newest first, a page at a time. */
export async function listOutbox(
  db: Db,
  { page = 1, pageSize = OUTBOX_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  return pageInOneTrip(db, {
    total: db.select({ total: count() }).from(mailOutbox),
    // Never the delivery copy (deliveryText/deliveryHtml): it may hold a live one-time link.
    rows: (window) =>
      db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          kind: mailOutbox.kind,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(window.limit)
        .offset(window.offset),
    requested: page,
    pageSize,
  });
}
