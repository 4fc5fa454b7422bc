// Links in mail are built from APP_ORIGIN (tests/test-vars.json: http://127.0.0.1:8787), never from
// the request's Host (issue 15 item 5): a forged Host must not put the attacker's domain in the firm's mail.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser, mailsTo, recipientText } from "../helpers";

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
});
