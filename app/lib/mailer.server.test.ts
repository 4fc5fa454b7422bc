// The generic mail retry (the scheduled job) against the real local D1: backoff, the attempt cap,
// and the claim that keeps two overlapping runs from sending one mail twice.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { expectConsoleError, runCron, testContext } from "../../tests/helpers";
import { MAIL_RETRY_BASE_MS, MAX_MAIL_ATTEMPTS, retryFailedMail, type MailTransport } from "./mailer.server";

const QUEUED_AT = new Date("2026-11-20T10:00:00Z");
const minutes = (count: number) => new Date(QUEUED_AT.getTime() + count * 60_000);

async function failedMail(attempts: number) {
  const [row] = await testContext()
    .db.insert(mailOutbox)
    .values({
      to: "client@example.com",
      subject: "Your request",
      text: "Hello",
      kind: "test",
      status: "failed",
      attempts,
      lastError: "mail API answered 503",
      createdAt: QUEUED_AT,
    })
    .returning();
  return row!;
}

const stored = async (id: string) =>
  (await testContext().db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe("retrying failed mail", () => {
  it("waits 5, 15, 35 and more minutes after the mail was queued before each retry", async () => {
    expect(MAIL_RETRY_BASE_MS).toBe(5 * 60_000);
    const once = await failedMail(1);
    const twice = await failedMail(2);
    await runCron(minutes(4));
    expect(await stored(once.id)).toMatchObject({ status: "failed", attempts: 1 });
    await runCron(minutes(6));
    expect(await stored(once.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await stored(twice.id)).toMatchObject({ status: "failed", attempts: 2 });
    await runCron(minutes(16));
    expect(await stored(twice.id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} attempts`, async () => {
    const exhausted = await failedMail(MAX_MAIL_ATTEMPTS);
    await runCron(minutes(24 * 60));
    expect(await stored(exhausted.id)).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
  });

  it("a failing retry keeps the mail failed with its error and one more attempt", async () => {
    const mail = await failedMail(1);
    const broken: MailTransport = async () => {
      throw new Error("mail API answered 500");
    };
    expectConsoleError(1);
    expect(await retryFailedMail(testContext(), broken, minutes(6))).toEqual({ tried: 1, delivered: 0 });
    expect(await stored(mail.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: "Error: mail API answered 500",
    });
  });

  it("two overlapping runs send a mail once", async () => {
    const mail = await failedMail(1);
    const sent: string[] = [];
    const slow: MailTransport = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      sent.push(message.to);
    };
    const results = await Promise.all([
      retryFailedMail(testContext(), slow, minutes(6)),
      retryFailedMail(testContext(), slow, minutes(6)),
    ]);
    expect(sent).toEqual(["client@example.com"]);
    expect(results.map((result) => result.delivered).sort()).toEqual([0, 1]);
    expect(await stored(mail.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
