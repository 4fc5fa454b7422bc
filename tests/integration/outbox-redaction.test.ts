// No live secrets to staff outside local mode: /admin/outbox and the rows behind it never show a
// usable one-time link (locally the outbox is the developer's mailbox and shows them); the transport
// still gets the real one, and the delivery copy is erased once a transport has handed the mail on.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, oneTimeTokens } from "../../db/schema";
import {
  appFetch,
  createTestUser,
  expectConsoleError,
  mailedToken,
  postJson,
  runCron,
  sessionCookieFor,
  testContext,
} from "../helpers";
import { listOutbox } from "~/features/consultation/outbox.server";
import { REDACTED, redeliverMail, retryFailedMail, sendMail, type MailTransport } from "~/lib/mailer.server";

const row = async (id: string) => (await testContext().db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe("the outbox shows one-time links only locally", () => {
  async function mailedLinks() {
    const admin = await createTestUser({ role: "admin" });
    const user = await createTestUser();
    await postJson("/api/auth/forgot-password", { email: user.email }, { "CF-Connecting-IP": "198.18.0.1" });
    await postJson(
      "/api/auth/register",
      { fullName: "New Person", email: "new.person@example.com", password: "a long passphrase here" },
      { "CF-Connecting-IP": "198.18.0.2" },
    );
    return {
      admin,
      resetToken: await mailedToken(user.email, "/reset-password/"),
      verifyToken: await mailedToken("new.person@example.com", "/verify-email/"),
    };
  }

  it("locally (APP_ENV=local) /admin/outbox is the developer's mailbox: the links in full, and they work", async () => {
    const { admin, resetToken, verifyToken } = await mailedLinks();
    expect(testContext().env.APP_ENV).toBe("local");
    const page = await appFetch("/admin/outbox", { headers: { Cookie: await sessionCookieFor(admin.id) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`http://127.0.0.1:8787/reset-password/${resetToken}`);
    expect(html).toContain(`http://127.0.0.1:8787/verify-email/${verifyToken}`);
    expect(html).not.toContain(REDACTED);

    // The stored copy staff's rows hold stays redacted; the page shows the delivery copy.
    const rows = await testContext().db.select().from(mailOutbox);
    for (const mail of rows) {
      expect(mail.text).not.toContain(resetToken);
      expect(mail.text).not.toContain(verifyToken);
    }
    const reset = await postJson(`/api/auth/reset-password/${resetToken}`, { password: "my brand new passphrase" });
    expect(reset.status).toBe(200);
  });

  it("in production the outbox hides them, and they still work for their recipient", async () => {
    const { resetToken, verifyToken } = await mailedLinks();
    const ctx = testContext();
    const production = { ...ctx, env: { ...ctx.env, APP_ENV: "production" as const } };
    const { items } = await listOutbox(production);
    const shown = items.map((mail) => `${mail.text}\n${mail.html ?? ""}`).join("\n");
    expect(shown).toContain(`http://127.0.0.1:8787/reset-password/${REDACTED}`);
    expect(shown).toContain(`http://127.0.0.1:8787/verify-email/${REDACTED}`);
    expect(shown).not.toContain(resetToken);
    expect(shown).not.toContain(verifyToken);
    // The same rows locally: in full.
    const local = (await listOutbox(ctx)).items.map((mail) => mail.text).join("\n");
    expect(local).toContain(resetToken);

    const reset = await postJson(`/api/auth/reset-password/${resetToken}`, { password: "my brand new passphrase" });
    expect(reset.status).toBe(200);
  });
});

describe("the mailer", () => {
  const message = {
    to: "someone@example.com",
    subject: "Your link",
    kind: "password-reset",
    text: "Open https://firm.example/reset-password/SECRET-TOKEN-123 within an hour.",
    html: '<a href="https://firm.example/reset-password/SECRET-TOKEN-123">Reset</a>',
    secrets: ["SECRET-TOKEN-123"],
  };

  it("hands the transport the real link, stores it redacted, and erases the delivery copy once sent", async () => {
    const sent: Array<{ text: string; html?: string }> = [];
    const capture: MailTransport = async (mail) => {
      sent.push({ text: mail.text, html: mail.html });
    };
    const { id, delivered } = await sendMail(testContext(), message, capture);
    expect(delivered).toBe(true);
    expect(sent).toEqual([{ text: message.text, html: message.html }]);
    expect(await row(id)).toMatchObject({
      text: `Open https://firm.example/reset-password/${REDACTED} within an hour.`,
      html: `<a href="https://firm.example/reset-password/${REDACTED}">Reset</a>`,
      deliveryText: null,
      deliveryHtml: null,
      status: "sent",
    });
  });

  it("keeps the delivery copy while delivery fails, so the retry sends the real link, then erases it", async () => {
    const broken: MailTransport = async () => {
      throw new Error("mail API answered 503");
    };
    expectConsoleError(1);
    const { id, delivered } = await sendMail(testContext(), message, broken);
    expect(delivered).toBe(false);
    expect(await row(id)).toMatchObject({ status: "failed", deliveryText: message.text, deliveryHtml: message.html });

    const sent: string[] = [];
    const capture: MailTransport = async (mail) => {
      sent.push(mail.text);
    };
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await retryFailedMail(testContext(), capture, later)).toEqual({ tried: 1, delivered: 1 });
    expect(sent).toEqual([message.text]);
    expect(await row(id)).toMatchObject({ status: "sent", deliveryText: null, deliveryHtml: null });
    expect((await row(id)).text).not.toContain("SECRET-TOKEN-123");
    // A sent mail is never delivered again.
    expect(await redeliverMail(testContext(), id, capture)).toBe("sent");
    expect(sent).toHaveLength(1);
  });

  it("a mail without secrets is stored as it is, with no delivery copy", async () => {
    const { id } = await sendMail(testContext(), { ...message, secrets: undefined }, async () => {});
    expect(await row(id)).toMatchObject({ text: message.text, deliveryText: null });
  });
});

describe("the scheduled clean-up of links and their mail", () => {
  it("erases delivery copies two days old and deletes links a day past their expiry, keeping the recent ones", async () => {
    const { db } = testContext();
    const old = await createTestUser();
    const recent = await createTestUser();
    for (const [user, ip] of [
      [old, "198.18.1.1"],
      [recent, "198.18.1.2"],
    ] as const) {
      expect(
        (await postJson("/api/auth/forgot-password", { email: user.email }, { "CF-Connecting-IP": ip })).status,
      ).toBe(200);
    }
    await mailedToken(old.email, "/reset-password/");
    await mailedToken(recent.email, "/reset-password/");
    const now = new Date();
    const threeDaysAgo = new Date(now.getTime() - 3 * 24 * 3600_000);
    await db.update(mailOutbox).set({ createdAt: threeDaysAgo }).where(eq(mailOutbox.to, old.email));
    await db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(threeDaysAgo.getTime() + 3600_000) })
      .where(eq(oneTimeTokens.userId, old.id));

    await runCron(now);

    const [oldMail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, old.email));
    const [recentMail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, recent.email));
    expect(oldMail).toMatchObject({ deliveryText: null, deliveryHtml: null });
    expect(oldMail!.text).toContain(REDACTED);
    expect(recentMail!.deliveryText).toContain("/reset-password/");
    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, old.id))).toEqual([]);
    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, recent.id))).toHaveLength(1);
  });
});
