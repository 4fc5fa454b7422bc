/**
 * The periodic jobs run by the cron trigger (wrangler.toml [triggers]). Each
 * job runs on its own, so one failing does not stop the others.
 */
import { and, isNotNull, lt, or } from "drizzle-orm";
import { formSubmissions, mailOutbox, oneTimeTokens, rateLimits, sessions } from "../db/schema";
import { createDb, type Db } from "./lib/db.server";
import { parseEnv, type AppEnv } from "./lib/env.server";
import { logError } from "./lib/log.server";
import { retryFailedMail } from "./lib/mailer.server";
import { purgeExpiredTrash } from "./lib/trash.server";
import { finaliseExpiredAttempts } from "./features/quiz/quiz.server";
import { retryConsultationNotifications } from "./features/consultation/consultation.server";

export type JobContext = { db: Db; env: AppEnv; now: Date };

const DAY_MS = 24 * 3600_000;

type Job = { name: string; run: (ctx: JobContext) => Promise<unknown> };

const jobs: Job[] = [
  { name: "finalise expired quiz attempts", run: (ctx) => finaliseExpiredAttempts(ctx, ctx.now) },
  { name: "retry failed mail", run: (ctx) => retryFailedMail(ctx, undefined, ctx.now) },
  { name: "retry consultation notifications", run: (ctx) => retryConsultationNotifications(ctx) },
  {
    name: "delete expired sessions",
    run: ({ db, now }) => db.delete(sessions).where(lt(sessions.expiresAt, now)),
  },
  { name: "purge the trash (30 days)", run: (ctx) => purgeExpiredTrash(ctx, ctx.now) },
  {
    // Used or expired links are useless a day after they expire (the day keeps "already used" messages right).
    name: "delete spent one-time links",
    run: ({ db, now }) => db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date(now.getTime() - DAY_MS))),
  },
  {
    // The delivery copy of a mail carries a one-time link; two days on, every such link has expired.
    name: "clear the delivery copies of old mail",
    run: ({ db, now }) =>
      db
        .update(mailOutbox)
        .set({ deliveryText: null, deliveryHtml: null })
        .where(
          and(
            lt(mailOutbox.createdAt, new Date(now.getTime() - 2 * DAY_MS)),
            or(isNotNull(mailOutbox.deliveryText), isNotNull(mailOutbox.deliveryHtml)),
          ),
        ),
  },
  {
    // A form token guards against a double submit or a resend soon after; a day on it has done its work.
    name: "delete old form tokens",
    run: ({ db, now }) =>
      db.delete(formSubmissions).where(lt(formSubmissions.createdAt, new Date(now.getTime() - DAY_MS))),
  },
  {
    name: "delete old rate-limit windows",
    run: ({ db, now }) => db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS))),
  },
];

export async function runScheduledJobs(rawEnv: Record<string, unknown>, now: Date) {
  const env = parseEnv(rawEnv);
  const ctx: JobContext = { env, db: createDb(env.DB), now };
  const results = await Promise.allSettled(jobs.map((job) => job.run(ctx)));
  results.forEach((result, index) => {
    if (result.status === "rejected") logError(result.reason, { where: `scheduled job "${jobs[index]!.name}"` });
  });
}
