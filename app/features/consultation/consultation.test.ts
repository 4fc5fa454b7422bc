// Consultation intake against the real local D1, through the built Worker
// (the page action and the JSON API) and the scheduled handler.
import { asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationRequests, mailOutbox, users } from "../../../db/schema";
import type { MailTransport } from "~/lib/mailer.server";
import { createUserSession } from "~/lib/session.server";
import { appFetch, expectConsoleError, runCron, testContext, postUrlEncoded } from "../../../tests/helpers";
import {
  CONSULTATION_RATE_LIMIT,
  honeypotHits,
  MAX_NOTIFY_ATTEMPTS,
  NOTIFY_BACKOFF_MS,
  notifyConsultation,
  receiveConsultation,
} from "./consultation.server";
import { CHANNEL_HEADER, ConsultationApiSchema, ConsultationSchema, MESSAGES } from "./schema";

const API = "/api/consultation/send-consultation-request";

let ipCounter = 0;
/** Every test sends from its own address, so rate limits never leak between tests. */
function freshIp() {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

const valid = {
  name: "Asha Kumar",
  email: "asha@example.com",
  phone: "+91 98765 43210",
  service: "Tax & Regulatory",
  message: "We received a GST notice and need advice.",
  consent: true,
};

function postJson(body: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return appFetch(API, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, "User-Agent": "vitest-agent", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The site's enhanced form: the same API, marked as the web channel (consent required). */
const WEB = { [CHANNEL_HEADER]: "web" };

function postForm(fields: Record<string, string>, ip = freshIp()) {
  return postUrlEncoded("/consultation", fields, { "CF-Connecting-IP": ip });
}

const validForm = {
  name: valid.name,
  email: valid.email,
  phone: valid.phone,
  service: valid.service,
  message: valid.message,
  consent: "on",
  company: "",
  source: "/consultation?service=Tax&utm_source=newsletter&utm_campaign=gst-2026",
};

async function storedRequests() {
  const { db } = testContext();
  return db.select().from(consultationRequests).orderBy(asc(consultationRequests.createdAt));
}

async function outbox() {
  const { db } = testContext();
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.kind));
}

/** Wait for work done after the response (waitUntil, the scheduled handler). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The React-escaped text as it appears in server-rendered HTML. */
function htmlText(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

async function adminCookie() {
  const ctx = testContext();
  const [admin] = await ctx.db
    .insert(users)
    .values({ email: "root-admin@example.com", fullName: "Root Admin", emailVerified: true })
    .onConflictDoUpdate({ target: users.email, set: { fullName: "Root Admin" } })
    .returning();
  return (await createUserSession(ctx, admin!.id)).split(";")[0]!;
}

describe("a valid request", () => {
  it("through the API: 200 {success:true}, stored first, then the firm and the visitor are mailed", async () => {
    const response = await postJson({
      ...valid,
      name: "  Asha   Kumar ",
      source: "/?utm_source=google&utm_medium=cpc",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const [row, ...others] = await storedRequests();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      name: "Asha Kumar",
      email: "asha@example.com",
      phone: "+91 98765 43210",
      service: "Tax & Regulatory",
      message: valid.message,
      status: "new",
      source: "api",
      sourcePage: "/",
      utm: { utm_source: "google", utm_medium: "cpc" },
      userAgent: "vitest-agent",
    });
    expect(row!.ipHash).toMatch(/^[\w-]{32}$/);
    expect(row!.ipHash).not.toContain("203.0.113");

    const settled = await eventually(storedRequests, ([r]) => r?.notifyStatus === "sent");
    expect(settled[0]).toMatchObject({ notifyStatus: "sent", notifyAttempts: 1, nextNotifyAt: null });
    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.to, mail.status])).toEqual([
      ["consultation-ack", "asha@example.com", "sent"],
      ["consultation-firm", "consult@example.com", "sent"],
    ]);
    const firmMail = mails[1]!;
    expect(firmMail.subject).toBe("New consultation request: Tax & Regulatory (Asha Kumar)");
    for (const text of [
      "Channel: API",
      "Asha Kumar",
      "asha@example.com",
      "+91 98765 43210",
      "Tax & Regulatory",
      valid.message,
      "utm_source=google",
    ]) {
      expect(firmMail.text).toContain(text);
    }
    expect(firmMail.html).toContain("Tax &amp; Regulatory");
    // The acknowledgement never repeats the visitor's free text.
    expect(mails[0]!.text).toContain("Dear Asha Kumar,");
    expect(mails[0]!.text).not.toContain(valid.message);
  });

  it("through the page without JavaScript: redirected to the page with the success message and an empty form", async () => {
    const response = await postForm(validForm);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/consultation?sent=1#consultation-form-sent");
    const html = await (await appFetch("/consultation?sent=1")).text();
    expect(html).toContain(htmlText(MESSAGES.success));
    expect(html).not.toContain('value="Asha Kumar"');
    // The success panel is shown and focused after sending; on a fresh form it waits hidden (for the island).
    const panel = (page: string) => /<section id="consultation-form-sent"[^>]*>/.exec(page)?.[0] ?? "";
    expect(panel(html)).toContain("autofocus");
    expect(panel(html)).not.toContain("hidden");
    const fresh = panel(await (await appFetch("/consultation")).text());
    expect(fresh).toContain("hidden");
    expect(fresh).not.toContain("autofocus");
    const [row] = await storedRequests();
    expect(row).toMatchObject({
      name: "Asha Kumar",
      source: "web",
      sourcePage: "/consultation",
      utm: { utm_source: "newsletter", utm_campaign: "gst-2026" },
    });
    await eventually(storedRequests, ([r]) => r?.notifyStatus === "sent");
    expect(await outbox()).toHaveLength(2);
  });

  it("the same request sent again (a double click without JavaScript, a retry) is stored and mailed once", async () => {
    const ip = freshIp();
    // The home page's form carries no one-time token (it is served from the edge cache).
    for (const response of [await postForm(validForm, ip), await postForm(validForm, ip)]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/consultation?sent=1#consultation-form-sent");
    }
    // Two at once through the API, from another address: both told it was received.
    const [a, b] = await Promise.all([postJson(valid), postJson(valid)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual({ success: true });
    expect(await storedRequests()).toHaveLength(1);
    await eventually(storedRequests, ([row]) => row?.notifyStatus === "sent");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outbox()).map((mail) => mail.kind)).toEqual(["consultation-ack", "consultation-firm"]);

    // Anything different is another request.
    expect((await postJson({ ...valid, message: "And a second matter: a lease." })).status).toBe(200);
    expect(await storedRequests()).toHaveLength(2);
  });

  it("through the API with the spec's five fields only (no consent): stored as an API request", async () => {
    const { consent: _notSent, ...specFields } = valid;
    const response = await postJson({ ...specFields, clientVersion: "2.1", extra: { nested: true } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const [row, ...others] = await storedRequests();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ name: "Asha Kumar", service: "Tax & Regulatory", source: "api" });
    await eventually(storedRequests, ([r]) => r?.notifyStatus === "sent");
  });

  it("through the enhanced form (JSON marked as the web channel): stored as a web request", async () => {
    const response = await postJson({ ...valid, source: "/consultation" }, freshIp(), WEB);
    expect(response.status).toBe(200);
    const [row] = await storedRequests();
    expect(row).toMatchObject({ name: "Asha Kumar", source: "web", sourcePage: "/consultation" });
    await eventually(storedRequests, ([r]) => r?.notifyStatus === "sent");
  });

  it("keeps HTML and script as text: stored as sent, escaped in the mail and in the inbox", async () => {
    const hostile = {
      ...valid,
      name: `<script>alert("name")</script>`,
      service: "<b onmouseover=alert(1)>Tax</b>",
      message: `<img src=x onerror="alert('msg')"> & "quotes"`,
    };
    expect((await postJson(hostile)).status).toBe(200);
    const [row] = await storedRequests();
    expect(row).toMatchObject({ name: hostile.name, service: hostile.service, message: hostile.message });

    const [, firmMail] = await eventually(outbox, (mails) => mails.length === 2);
    expect(firmMail!.html).not.toContain("<script>");
    expect(firmMail!.html).not.toContain("<img");
    expect(firmMail!.html).not.toContain("<b ");
    expect(firmMail!.html).toContain("&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;");
    expect(firmMail!.html).toContain(
      "&lt;img src=x onerror=&quot;alert(&#39;msg&#39;)&quot;&gt; &amp; &quot;quotes&quot;",
    );

    const inbox = await appFetch("/admin/consultations", { headers: { Cookie: await adminCookie() } });
    expect(inbox.status).toBe(200);
    const html = await inbox.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(htmlText(hostile.name));
    expect(html).toContain(htmlText(hostile.message));

    const outboxPage = await appFetch("/admin/outbox", { headers: { Cookie: await adminCookie() } });
    const outboxHtml = await outboxPage.text();
    expect(outboxPage.status).toBe(200);
    expect(outboxHtml).toContain("New consultation request");
    expect(outboxHtml).not.toContain("<script>alert");
    expect(outboxHtml).toContain("&lt;!doctype html&gt;");
  });
});

describe("bad input is refused with a clear 4xx and nothing is stored", () => {
  const cases: Array<[string, Record<string, unknown>, string, string, Record<string, string>?]> = [
    ["an empty name", { ...valid, name: "" }, MESSAGES.required, "name"],
    ["a whitespace-only name", { ...valid, name: "   \t " }, MESSAGES.required, "name"],
    ["a missing email", { ...valid, email: undefined }, MESSAGES.required, "email"],
    ["a whitespace-only phone", { ...valid, phone: "    " }, MESSAGES.required, "phone"],
    ["no practice area", { ...valid, service: "" }, MESSAGES.required, "service"],
    ["no consent from the site's form", { ...valid, consent: undefined }, MESSAGES.required, "consent", WEB],
    ["consent refused on the site's form", { ...valid, consent: false }, MESSAGES.required, "consent", WEB],
    ["consent as a string on the site's form", { ...valid, consent: "true" }, MESSAGES.required, "consent", WEB],
    ["an invalid email", { ...valid, email: "asha@@example" }, "Please enter a valid email address.", "email"],
    ["HTML in the email", { ...valid, email: "<script>@x.com" }, "Please enter a valid email address.", "email"],
    [
      "a phone with letters",
      { ...valid, phone: "98765abcde" },
      "Please enter a valid phone number (digits only, at least 7).",
      "phone",
    ],
    [
      "a phone with fewer than 7 digits",
      { ...valid, phone: "+91 123" },
      "Please enter a valid phone number (digits only, at least 7).",
      "phone",
    ],
    [
      "HTML in the phone",
      { ...valid, phone: "<b>9876543210</b>" },
      "Please enter a valid phone number (digits only, at least 7).",
      "phone",
    ],
    [
      "a 100 KB message",
      { ...valid, message: "x".repeat(100 * 1024) },
      "Message must be at most 5,000 characters.",
      "message",
    ],
    ["a name that is not text", { ...valid, name: 42 }, MESSAGES.required, "name"],
    ["a null email", { ...valid, email: null }, MESSAGES.required, "email"],
    ["a phone number as a JSON number", { ...valid, phone: 9876543210 }, MESSAGES.required, "phone"],
    ["a message that is not text", { ...valid, message: true }, "The message must be text.", "message"],
  ];

  for (const [label, body, message, field, headers] of cases) {
    it(`API: ${label}`, async () => {
      const response = await postJson(body, freshIp(), headers);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { success: boolean; message: string; errors: Record<string, string[]> };
      expect(answer.success).toBe(false);
      expect(answer.message).toBe(message);
      expect(Object.keys(answer.errors)).toContain(field);
      expect(await storedRequests()).toHaveLength(0);
    });
  }

  it("API: every required field empty names each of them", async () => {
    const response = await postJson({});
    const answer = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(response.status).toBe(400);
    expect(answer.message).toBe(MESSAGES.required);
    expect(Object.keys(answer.errors).sort()).toEqual(["email", "name", "phone", "service"]);
    const fromForm = await postJson({}, freshIp(), WEB);
    const formAnswer = (await fromForm.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(formAnswer.errors).sort()).toEqual(["consent", "email", "name", "phone", "service"]);
  });

  it("API: a non-JSON body, a JSON array, a huge body and other methods", async () => {
    const notJson = await postJson("name=Asha&email=asha@example.com", freshIp(), { "Content-Type": "text/plain" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, message: "Malformed JSON body" });

    const array = await postJson("[1,2,3]");
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ success: false, message: "The request body must be a JSON object" });

    const huge = await postJson({ ...valid, message: "x".repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ success: false, message: "Request body too large" });

    const get = await appFetch(API);
    expect(get.status).toBe(405);
    expect(get.headers.get("Content-Type")).toContain("application/json");
    expect(await get.json()).toMatchObject({ success: false, message: "Method not allowed" });
    const put = await appFetch(API, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(put.status).toBe(405);

    expect(await storedRequests()).toHaveLength(0);
  });

  it("API: a cross-site POST is refused", async () => {
    const response = await postJson(valid, freshIp(), {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(response.status).toBe(403);
    expect(await storedRequests()).toHaveLength(0);
  });

  it("page: a form with a missing field comes back with the product's message, the field's error and the values kept", async () => {
    const response = await postForm({ ...validForm, phone: "   ", email: "not-an-email" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(htmlText(MESSAGES.required));
    expect(html).toContain("Please enter your phone number.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain('value="Asha Kumar"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="phone"|<input[^>]*name="phone"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain(valid.message);
    expect(await storedRequests()).toHaveLength(0);
  });

  it("page: an unticked consent box is a missing field", async () => {
    const { consent: _unticked, ...withoutConsent } = validForm;
    const response = await postForm(withoutConsent);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(htmlText(MESSAGES.required));
    expect(html).toContain("Please agree to the privacy notice.");
    expect(await storedRequests()).toHaveLength(0);
  });

  it("page: a 100 KB message is refused with its own message", async () => {
    const response = await postForm({ ...validForm, message: "y".repeat(100 * 1024) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Message must be at most 5,000 characters.");
    expect(await storedRequests()).toHaveLength(0);
  });

  it("the schema trims values and accepts the form's checkbox and the API's boolean alike", () => {
    const fromApi = ConsultationSchema.parse({ ...valid, name: "  Asha\n Kumar  ", email: " asha@example.com " });
    expect(fromApi).toMatchObject({ name: "Asha Kumar", email: "asha@example.com", consent: true });
    expect(ConsultationSchema.safeParse({ ...valid, consent: "on" }).success).toBe(false);
    expect(ConsultationSchema.parse({ ...valid, message: "   " }).message).toBe("");
  });

  it("the form's schema is the API's schema plus consent: one set of field rules", () => {
    const { consent: _consent, ...specFields } = valid;
    expect(ConsultationApiSchema.parse({ ...specFields, consent: "anything" })).not.toHaveProperty("consent");
    for (const body of [
      { ...valid, phone: "12" },
      { ...valid, name: "" },
      { ...valid, email: 3 },
    ]) {
      const api = ConsultationApiSchema.safeParse(body);
      const form = ConsultationSchema.safeParse(body);
      expect(api.success).toBe(false);
      expect(form.error?.issues).toEqual(api.error?.issues);
    }
  });
});

describe("the honeypot", () => {
  it("answers like a success, stores nothing and counts the hit", async () => {
    const api = await postJson({ ...valid, company: "Acme Bots Ltd" });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ success: true });

    const page = await postForm({ ...validForm, company: "Acme Bots Ltd" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/consultation?sent=1#consultation-form-sent");

    // Even with otherwise invalid fields, a bot learns nothing.
    const invalid = await postJson({ company: "x" });
    expect(invalid.status).toBe(200);

    expect(await storedRequests()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await honeypotHits(testContext().db)).toBe(3);
  });
});

describe("the rate limit", () => {
  it(`allows ${CONSULTATION_RATE_LIMIT.limit} requests per 10 minutes per address, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONSULTATION_RATE_LIMIT.limit; i++) {
      const response = await postJson({ ...valid, name: `Visitor ${i}` }, ip);
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await postJson({ ...valid, name: "One too many" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: "Too many attempts, try again in 10 minutes.",
    });

    const page = await postForm({ ...validForm, name: "Also too many" }, ip);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts, try again in 10 minutes.");

    // Nothing of the refused requests was kept; another address is not affected.
    const names = (await storedRequests()).map((row) => row.name);
    expect(names).toHaveLength(CONSULTATION_RATE_LIMIT.limit);
    expect(names).not.toContain("One too many");
    expect((await postJson(valid, freshIp())).status).toBe(200);
    // Invalid requests store nothing and do not use up the limit.
    const other = freshIp();
    for (let i = 0; i < 8; i++) expect((await postJson({ ...valid, email: "bad" }, other)).status).toBe(400);
    expect((await postJson(valid, other)).status).toBe(200);
    await eventually(storedRequests, (rows) => rows.every((row) => row.notifyStatus === "sent"));
  });

  it("counts an IPv6 client by its /64 network, whichever of its addresses it sends from", async () => {
    // One machine's network: every address in it is the same client (a host picks any of 2^64).
    const network = "2001:db8:4c:e1";
    for (let i = 1; i <= CONSULTATION_RATE_LIMIT.limit; i++) {
      const response = await postJson({ ...valid, name: `Rotating ${i}` }, `${network}::${i.toString(16)}`);
      expect(response.status, `request ${i}`).toBe(200);
    }
    for (const address of [`${network}:ffff:ffff:ffff:ffff`, "2001:DB8:4C:E1:0:0:0:99", "2001:0db8:004c:00e1::7"]) {
      const refused = await postJson({ ...valid, name: "One too many" }, address);
      expect(refused.status, address).toBe(429);
    }
    expect((await storedRequests()).map((row) => row.name)).not.toContain("One too many");
    // The next network is another client.
    expect((await postJson(valid, "2001:db8:4c:e2::1")).status).toBe(200);
    await eventually(storedRequests, (rows) => rows.every((row) => row.notifyStatus === "sent"));
  });
});

describe("notification failures", () => {
  const failing: MailTransport = async () => {
    throw new Error("mail provider unavailable");
  };

  async function receiveWith(transport: MailTransport, now = new Date()) {
    const pending: Promise<unknown>[] = [];
    const ctx = { ...testContext(), waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
    const request = new Request("http://127.0.0.1:8787/consultation", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp(), "User-Agent": "vitest-agent" },
    });
    const outcome = await receiveConsultation(
      ctx,
      request,
      { honeypot: "", channel: "api", parsed: { success: true, value: ConsultationSchema.parse(valid) } },
      { transport, now },
    );
    await Promise.all(pending);
    return outcome;
  }

  it("a failing sender leaves the request stored as notify_failed; the scheduled handler delivers it later", async () => {
    expectConsoleError(2); // the firm's notification and the acknowledgement, each logged once
    const now = new Date();
    const outcome = await receiveWith(failing, now);
    expect(outcome.kind).toBe("stored");

    const [failed] = await storedRequests();
    expect(failed).toMatchObject({ name: "Asha Kumar", notifyStatus: "notify_failed", notifyAttempts: 1 });
    const retryIn = failed!.nextNotifyAt!.getTime() - now.getTime();
    expect(retryIn).toBeGreaterThanOrEqual(NOTIFY_BACKOFF_MS[0]!);
    expect(retryIn).toBeLessThan(NOTIFY_BACKOFF_MS[0]! + 5000);
    const waiting = await outbox();
    expect(waiting.map((mail) => [mail.kind, mail.status, mail.attempts])).toEqual([
      ["consultation-ack", "queued", 1],
      ["consultation-firm", "queued", 1],
    ]);
    expect(waiting[1]!.lastError).toContain("mail provider unavailable");

    // A cron run before the backoff has passed leaves it alone (runCron resolves when the jobs are done).
    await runCron(new Date(now.getTime() + 60_000));
    expect((await storedRequests())[0]).toMatchObject({ notifyStatus: "notify_failed", notifyAttempts: 1 });

    // The real scheduled handler (the Worker's cron entry, configured outbox transport) after the backoff.
    await runCron(new Date(now.getTime() + NOTIFY_BACKOFF_MS[0]! + 10_000));
    const [delivered] = await eventually(storedRequests, ([row]) => row?.notifyStatus === "sent");
    expect(delivered).toMatchObject({ notifyStatus: "sent", notifyAttempts: 2, nextNotifyAt: null });
    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.status, mail.attempts])).toEqual([
      ["consultation-ack", "sent", 2],
      ["consultation-firm", "sent", 2],
    ]);
  });

  it("a mail that already went out is never sent twice", async () => {
    expectConsoleError(1);
    const sent: string[] = [];
    const ackFails: MailTransport = async (message) => {
      if (message.kind === "consultation-ack") throw new Error("visitor's mailbox is full");
      sent.push(message.kind);
    };
    const now = new Date();
    const outcome = await receiveWith(ackFails, now);
    expect(sent).toEqual(["consultation-firm"]);
    const [row] = await storedRequests();
    expect(row!.notifyStatus).toBe("notify_failed");

    const recording: MailTransport = async (message) => void sent.push(message.kind);
    const ctx = testContext();
    expect(await notifyConsultation(ctx, (outcome as { id: string }).id, { transport: recording })).toBe("sent");
    expect(sent).toEqual(["consultation-firm", "consultation-ack"]);
    expect(await outbox()).toHaveLength(2);
  });

  it("gives up after the last attempt and leaves the mails failed", async () => {
    expectConsoleError(2 + 2);
    const outcome = await receiveWith(failing);
    const { db } = testContext();
    const id = (outcome as { id: string }).id;
    await db
      .update(consultationRequests)
      .set({ notifyAttempts: MAX_NOTIFY_ATTEMPTS - 1 })
      .where(eq(consultationRequests.id, id));
    expect(await notifyConsultation({ db, env: testContext().env }, id, { transport: failing })).toBe("notify_failed");
    const [row] = await storedRequests();
    expect(row).toMatchObject({
      notifyStatus: "notify_failed",
      notifyAttempts: MAX_NOTIFY_ATTEMPTS,
      nextNotifyAt: null,
    });
    expect((await outbox()).map((mail) => mail.status)).toEqual(["failed", "failed"]);
  });
});

describe("the firm's inbox", () => {
  async function seed() {
    const { db } = testContext();
    const base = Date.parse("2026-03-01T10:00:00Z");
    const rows = [
      {
        name: "Ravi Old",
        email: "ravi@example.com",
        phone: "+91-99999-11111",
        service: "Real Estate",
        status: "closed" as const,
      },
      {
        name: "Meera Middle",
        email: "meera@example.com",
        phone: "9988776655",
        service: "Tax & Regulatory",
        status: "contacted" as const,
      },
      {
        name: '=HYPERLINK("http://evil")',
        email: "formula@example.com",
        phone: "+91 90000 00000",
        service: "Tax & Regulatory",
        status: "new" as const,
        message: 'He said "hi",\nthen left',
      },
    ];
    for (const [index, row] of rows.entries()) {
      await db.insert(consultationRequests).values({ ...row, createdAt: new Date(base + index * 60_000) });
    }
  }

  it("is for admins only", async () => {
    const visitor = await appFetch("/admin/consultations");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fconsultations");

    const ctx = testContext();
    const [client] = await ctx.db
      .insert(users)
      .values({ email: "client-x@example.com", fullName: "Client X" })
      .returning();
    const clientCookie = (await createUserSession(ctx, client!.id)).split(";")[0]!;
    for (const path of ["/admin/consultations", "/admin/consultations.csv", "/admin/outbox"]) {
      const response = await appFetch(path, { headers: { Cookie: clientCookie } });
      expect(response.status, path).toBe(403);
    }
    const post = await appFetch("/admin/consultations", {
      method: "POST",
      headers: { Cookie: clientCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=x&status=closed",
    });
    expect(post.status).toBe(403);
  });

  it("lists newest first, filters by status and practice area, searches name, email and phone", async () => {
    await seed();
    const cookie = await adminCookie();
    const page = async (search: string) =>
      (await appFetch(`/admin/consultations${search}`, { headers: { Cookie: cookie } })).text();

    const all = await page("");
    const order = ["=HYPERLINK", "Meera Middle", "Ravi Old"].map((name) => all.indexOf(htmlText(name)));
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const contacted = await page("?status=contacted");
    expect(contacted).toContain("Meera Middle");
    expect(contacted).not.toContain("Ravi Old");

    const tax = await page(`?service=${encodeURIComponent("Tax & Regulatory")}`);
    expect(tax).toContain("Meera Middle");
    expect(tax).not.toContain("Ravi Old");

    expect(await page("?q=ravi%40")).toContain("Ravi Old");
    const byPhone = await page("?q=99999%2011111");
    expect(byPhone).toContain("Ravi Old");
    expect(byPhone).not.toContain("Meera Middle");
    const none = await page("?q=%25");
    expect(none).toContain("No requests match these filters.");
    // Nonsense filters fall back to "all" instead of failing.
    expect(await page("?status=bogus&page=-3")).toContain("Ravi Old");
  });

  it("pages through many requests", async () => {
    const { db } = testContext();
    const base = Date.parse("2026-03-01T10:00:00Z");
    for (let i = 0; i < 23; i++) {
      await db.insert(consultationRequests).values({
        name: `Person ${String(i).padStart(2, "0")}`,
        email: `p${i}@example.com`,
        phone: "9876543210",
        service: "Other",
        createdAt: new Date(base + i * 1000),
      });
    }
    const cookie = await adminCookie();
    const first = await (await appFetch("/admin/consultations", { headers: { Cookie: cookie } })).text();
    expect(first).toContain("Person 22");
    expect(first).not.toContain("Person 02");
    expect(first).toContain("Page <!-- -->1<!-- --> of <!-- -->2");
    const second = await (await appFetch("/admin/consultations?page=2", { headers: { Cookie: cookie } })).text();
    expect(second).toContain("Person 02");
    expect(second).not.toContain("Person 22");
  });

  it("changes a request's status with a plain POST and goes back to the same list", async () => {
    await seed();
    const cookie = await adminCookie();
    const { db } = testContext();
    const meera = await db.query.consultationRequests.findFirst({
      where: eq(consultationRequests.name, "Meera Middle"),
    });
    const response = await postUrlEncoded(
      "/admin/consultations?status=contacted",
      {
        id: meera!.id,
        status: "closed",
        returnTo: "/admin/consultations?status=contacted",
      },
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/consultations?status=contacted&done=status&id=${meera!.id}`);
    expect(
      (await db.query.consultationRequests.findFirst({ where: eq(consultationRequests.id, meera!.id) }))!.status,
    ).toBe("closed");

    const bad = await postUrlEncoded("/admin/consultations", { id: meera!.id, status: "deleted" }, { Cookie: cookie });
    expect(bad.status).toBe(400);
    const missing = await postUrlEncoded(
      "/admin/consultations",
      { id: "no-such-id", status: "closed" },
      { Cookie: cookie },
    );
    expect(missing.status).toBe(404);
  });

  it("exports the filtered list as CSV, quoted and safe from formula injection", async () => {
    await seed();
    const cookie = await adminCookie();
    const response = await appFetch(`/admin/consultations.csv?service=${encodeURIComponent("Tax & Regulatory")}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="consultations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await response.text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Received (UTC)","Name","Email","Phone","Practice area","Message","Status","Notification","Channel","Source page","UTM","Reference"',
    );
    expect(csv).not.toContain("Ravi Old");
    expect(lines[1]).toContain('"new","pending","web","",""');
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil"")","formula@example.com","\'+91 90000 00000"');
    expect(csv).toContain('"He said ""hi"",\nthen left"');
    expect(lines.filter((line) => line.includes("Meera Middle"))).toHaveLength(1);
    const { db } = testContext();
    const [counted] = await db.select({ total: count() }).from(consultationRequests);
    expect(counted?.total).toBe(3);
  });
});
