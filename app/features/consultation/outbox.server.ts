/**
 * The admin's view of the mail outbox (app/lib/mailer.server.ts writes it).
 * Read-only; it lives with the consultation feature because the firm's
 * notifications are what admins come here to check.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, desc } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import { pageInOneTrip } from "~/lib/pagination.server";

export const OUTBOX_PAGE_SIZE = 25;

/**
 * Outgoing mail, newest first, a page at a time. Locally (APP_ENV=local) the outbox is the developer's
 * mailbox, so each mail shows as delivered, one-time links in full; anywhere else never the delivery
 * copy (deliveryText/deliveryHtml), which may hold a live one-time link.
 */
export async function listOutbox(
  { db, env }: Pick<AppLoadContext, "db" | "env">,
  { page = 1, pageSize = OUTBOX_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  const local = env.APP_ENV === "local";
  const list = await pageInOneTrip(db, {
    total: db.select({ total: count() }).from(mailOutbox),
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
          deliveryText: mailOutbox.deliveryText,
          deliveryHtml: mailOutbox.deliveryHtml,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(window.limit)
        .offset(window.offset),
    requested: page,
    pageSize,
  });
  return {
    ...list,
    items: list.items.map(({ deliveryText, deliveryHtml, ...mail }) => ({
      ...mail,
      text: (local && deliveryText) || mail.text,
      html: (local && deliveryHtml) || mail.html,
    })),
  };
}
