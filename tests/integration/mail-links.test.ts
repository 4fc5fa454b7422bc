// Links in mail are built from APP_ORIGIN (tests/test-vars.json: http://127.0.0.1:8787), never from
// the request's Host: a forged Host must not put the attacker's domain in the firm's mail.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiTokenFor, createTestUser, mailsTo, recipientText } from "../helpers";

const APP_ORIGIN = "http://127.0.0.1:8787";

/** A request as it arrives when someone sends it to the Worker with another Host. */
function forged(path: string, init: RequestInit & { headers?: Record<string, string> }) {
  return SELF.fetch(new URL(path, "http://evil.example"), {
    redirect: "manual",
    ...init,
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", ...init.headers },
  });
}

const mailTextsTo = async (email: string) => (await mailsTo(email)).map(recipientText);

describe("mail links with a forged Host", () => {
  it("forgot-password (API and page) mails a reset link on APP_ORIGIN", async () => {
    const api = await createTestUser();
    const response = await forged("/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: api.email }),
    });
    expect(response.status).toBe(200);
    const page = await createTestUser();
    const form = await forged("/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: page.email }),
    });
    expect(form.status).toBe(200);
    for (const email of [api.email, page.email]) {
      const [text] = await mailTextsTo(email);
      expect(text).toMatch(new RegExp(`${APP_ORIGIN.replace(/[.:/]/g, "\\$&")}/reset-password/[A-Za-z0-9_-]{43}\\b`));
      expect(text).not.toContain("evil.example");
    }
  });

  it("registration mails a verification link on APP_ORIGIN", async () => {
    const response = await forged("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        fullName: "Host Header",
        email: "host.header@example.com",
        password: "a long passphrase",
      }),
    });
    expect(response.status).toBe(201);
    const [text] = await mailTextsTo("host.header@example.com");
    expect(text).toContain(`${APP_ORIGIN}/verify-email/`);
    expect(text).not.toContain("evil.example");
  });

  it("the consultation notification links the firm's inbox on APP_ORIGIN", async () => {
    const response = await forged("/api/consultation/send-consultation-request", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.21" },
      body: JSON.stringify({
        name: "Host Header",
        email: "consult.host@example.com",
        phone: "+91 98765 43210",
        service: "Other",
        message: "Hello",
        source: "/contact?utm_source=mail",
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const firm = await mailOfKind("consult@example.com", "consultation-firm");
    expect(recipientText(firm)).toContain(`${APP_ORIGIN}/admin/consultations`);
    expectNoForgedHost(firm);
    for (const mail of await mailsTo("consult.host@example.com")) expectNoForgedHost(mail);
  });

  it("the teacher-application notification and the approval mail link APP_ORIGIN", async () => {
    const response = await forged("/api/join", {
      method: "POST",
      headers: { "CF-Connecting-IP": "203.0.113.22" },
      body: joinForm("applicant.host@example.com"),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const firm = await mailOfKind("consult@example.com", "teacher-application-firm");
    expect(recipientText(firm)).toContain(`${APP_ORIGIN}/admin/teachers`);
    expectNoForgedHost(firm);

    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    const auth = { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "203.0.113.23" };
    const list = await forged("/api/teacher-applications", { headers: auth });
    const { pending } = (await list.json()) as { pending: Array<{ _id: string; email: string }> };
    const application = pending.find((item) => item.email === "applicant.host@example.com")!;
    const approved = await forged(`/api/teacher-applications/${application._id}/approve`, {
      method: "POST",
      headers: auth,
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const approval = await mailOfKind("applicant.host@example.com", "teacher-application-approved");
    expect(recipientText(approval)).toContain(`${APP_ORIGIN}/login`);
    expect(recipientText(approval)).toContain(`${APP_ORIGIN}/quiz/create`);
    expectNoForgedHost(approval);
    for (const mail of await mailsTo("applicant.host@example.com")) expectNoForgedHost(mail);
  });
});

/** The newest mail of a kind to an address (mail sent in waitUntil lands a moment later). */
async function mailOfKind(to: string, kind: string) {
  for (let i = 0; i < 50; i++) {
    const mail = (await mailsTo(to)).find((row) => row.kind === kind);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** No copy of the mail (text, HTML, the delivery copy) names the forged host. */
function expectNoForgedHost(mail: {
  text: string;
  html: string | null;
  deliveryText: string | null;
  deliveryHtml: string | null;
}) {
  for (const copy of [mail.text, mail.html, mail.deliveryText, mail.deliveryHtml]) {
    expect(copy ?? "").not.toContain("evil.example");
  }
}

function joinForm(email: string) {
  const form = new FormData();
  const fields = {
    fullName: "Meera Iyer",
    email,
    reason: "I enjoy teaching.",
    educationalQualification: "LL.M.",
    subjectToTeach: "Constitutional Law",
    workExperience: "Six years.",
    previousWorkPlace: "Khanna & Partners",
    phoneNumber: "+91 98765 43210",
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(
    "cv",
    new File([new TextEncoder().encode("%PDF-1.4\n% cv\n%%EOF\n")], "cv.pdf", { type: "application/pdf" }),
  );
  return form;
}
