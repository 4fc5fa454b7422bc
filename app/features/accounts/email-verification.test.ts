// Email verification: a role is granted to an email, and used only once its owner proved it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mailOutbox, oneTimeTokens, roleAssignments, users } from "../../../db/schema";
import {
  appFetch,
  createTestUser,
  mailedToken,
  postJson,
  sessionCookieFor,
  testContext,
  verifyEmailFromMail,
  mintGoogleIdToken as mint,
  postUrlEncoded,
  bearer,
} from "../../../tests/helpers";
import { sendVerificationEmail } from "./email-verification.server";
import { ALREADY_VERIFIED, EMAIL_VERIFIED, VERIFICATION_SENT, VERIFY_INVALID, VERIFY_OTHER_ACCOUNT } from "./messages";

// Several password hashes or checks per test: on a loaded machine they take long, and a test cut off
// by its timeout leaves requests running, which breaks the pool's storage isolation for the whole run.
vi.setConfig({ testTimeout: 120_000 });

const ADMIN_EMAIL = "root-admin@example.com"; // ADMIN_EMAILS in tests/test-vars.json
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

type ApiUser = { id: string; email: string; role: string; emailVerified: boolean };

async function registerApi(email: string, password = "a long registration passphrase") {
  const response = await postJson(
    "/api/auth/register",
    { fullName: "Someone Typing", email, password },
    { "CF-Connecting-IP": freshIp() },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const body = (await response.json()) as { user: ApiUser; token: string };
  return { ...body, password };
}

/** Register through the page's form, as a browser without JavaScript does; returns the session cookie. */
async function registerPage(email: string) {
  const response = await postUrlEncoded(
    "/login?tab=register",
    {
      intent: "register",
      fullName: "Page Person",
      email,
      password: "a long page passphrase",
    },
    { "CF-Connecting-IP": freshIp() },
  );
  expect(response.status).toBe(302);
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

const stored = (email: string) => testContext().db.query.users.findFirst({ where: eq(users.email, email) });

describe("a pre-granted email registered by whoever types it first", () => {
  it("is a client in the API token, the session and the page guards until verified, then staff", async () => {
    await testContext().db.insert(roleAssignments).values({ role: "teacher", email: "partner@example.com" });
    const { user, token } = await registerApi("partner@example.com");
    expect(user).toMatchObject({ role: "client", emailVerified: false });
    expect(await stored("partner@example.com")).toMatchObject({ emailVerified: false });
    expect((await postJson("/api/quiz", { title: "Q", questions: [] }, bearer(token))).status).toBe(403);

    const admin = await registerApi(ADMIN_EMAIL);
    expect(admin.user.role).toBe("client");
    expect((await appFetch("/api/roles", { headers: bearer(admin.token) })).status).toBe(403);
    // A login answers too, with the effective role.
    const login = await postJson("/api/auth/login", { email: ADMIN_EMAIL, password: admin.password });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: ApiUser }).user).toMatchObject({ role: "client", emailVerified: false });

    const cookie = await sessionCookieFor(admin.user.id);
    expect((await appFetch("/admin/roles", { headers: { Cookie: cookie } })).status).toBe(403);
    const dashboard = await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain("Confirm your email");
    expect(dashboard).toContain("Your admin role starts once you have confirmed it");

    // The link from the mail, opened in the account's own session.
    const link = await mailedToken(ADMIN_EMAIL, "/verify-email/");
    const page = await appFetch(`/verify-email/${link}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(EMAIL_VERIFIED);
    expect(html).toContain("You now have the admin role.");
    expect(await stored(ADMIN_EMAIL)).toMatchObject({ emailVerified: true });

    expect((await appFetch("/admin/roles", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await appFetch("/api/roles", { headers: bearer(admin.token) })).status).toBe(200);
    expect(await (await appFetch("/dashboard", { headers: { Cookie: cookie } })).text()).not.toContain(
      "Confirm your email",
    );

    // The teacher verifies through the API.
    await verifyEmailFromMail("partner@example.com", token);
    const me = await postJson("/api/auth/login", {
      email: "partner@example.com",
      password: "a long registration passphrase",
    });
    expect(((await me.json()) as { user: ApiUser }).user).toMatchObject({ role: "teacher", emailVerified: true });
  });

  it("registering on the page mails a link on APP_ORIGIN; only the token's hash is stored; it lasts 24 hours", async () => {
    const before = Date.now();
    const cookie = await registerPage("page.person@example.com");
    const mail = await testContext().db.query.mailOutbox.findFirst({
      where: and(eq(mailOutbox.to, "page.person@example.com"), eq(mailOutbox.kind, "email-verification")),
    });
    expect(mail!.subject).toContain("confirm your email");
    const token = await mailedToken("page.person@example.com", "/verify-email/");
    const [row] = await testContext().db.select().from(oneTimeTokens);
    expect(row).toMatchObject({ purpose: "email-verification", usedAt: null });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(row!.expiresAt.getTime() - before).toBeLessThan(24 * 3600_000 + 60_000);
    expect((await appFetch(`/verify-email/${token}`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await stored("page.person@example.com")).toMatchObject({ emailVerified: true });
  });
});

describe("bad verification links", () => {
  it("a tampered, reused or expired token, or another account's, changes nothing and says why", async () => {
    const ctx = testContext();
    const owner = await createTestUser({ email: "owner@example.com", emailVerified: false });
    const other = await createTestUser({ email: "other@example.com", emailVerified: false });
    const ownerToken = await sendVerificationEmail(ctx, owner);
    const cookie = await sessionCookieFor(owner.id);
    const otherCookie = await sessionCookieFor(other.id);
    const open = (token: string, c = cookie) => appFetch(`/verify-email/${token}`, { headers: { Cookie: c } });

    for (const bad of [`${ownerToken.slice(0, -2)}xx`, "not-a-token", "x".repeat(500)]) {
      expect(await (await open(bad)).text()).toContain(VERIFY_INVALID);
    }
    const expired = await sendVerificationEmail(ctx, owner, new Date(Date.now() - 24 * 3600_000 - 1000));
    expect(await (await open(expired)).text()).toContain(VERIFY_INVALID);

    // Another account's link: refused, and it stays usable for its owner.
    expect(await (await open(ownerToken, otherCookie)).text()).toContain(VERIFY_OTHER_ACCOUNT);
    expect(await stored("other@example.com")).toMatchObject({ emailVerified: false });
    expect(await stored("owner@example.com")).toMatchObject({ emailVerified: false });

    expect(await (await open(ownerToken)).text()).toContain(EMAIL_VERIFIED);
    // Used: a second visit says it is already done.
    expect(await (await open(ownerToken)).text()).toContain(ALREADY_VERIFIED);
    // Verifying ended the account's other links.
    const unused = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, owner.id), eq(oneTimeTokens.purpose, "email-verification")));
    expect(unused.every((row) => row.usedAt !== null)).toBe(true);
  });

  it("the API answers 400, 403, 409 and 401 with a message", async () => {
    const a = await registerApi("api.a@example.com");
    const b = await registerApi("api.b@example.com");
    const tokenA = await mailedToken("api.a@example.com", "/verify-email/");
    const verify = (token: string, apiToken?: string) =>
      postJson(`/api/auth/verify-email/${token}`, {}, apiToken ? bearer(apiToken) : {});
    expect((await verify(tokenA)).status).toBe(401);
    const wrongAccount = await verify(tokenA, b.token);
    expect(wrongAccount.status).toBe(403);
    expect(await wrongAccount.json()).toEqual({ message: VERIFY_OTHER_ACCOUNT });
    const tampered = await verify(`${tokenA}x`, a.token);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: VERIFY_INVALID });
    const ok = await verify(tokenA, a.token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: EMAIL_VERIFIED, user: { emailVerified: true, role: "client" } });
    const again = await verify(tokenA, a.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: ALREADY_VERIFIED });
  });

  it("a visitor is asked to log in, and the login brings them back to finish", async () => {
    const { user, password } = await registerApi("laptop.phone@example.com");
    const token = await mailedToken(user.email, "/verify-email/");
    const page = await (await appFetch(`/verify-email/${token}`)).text();
    expect(page).toContain("Log in to confirm");
    const loginHref = `/login?redirectTo=${encodeURIComponent(`/verify-email/${token}`)}`;
    expect(page).toContain(loginHref.replace(/&/g, "&amp;"));
    expect(await stored(user.email)).toMatchObject({ emailVerified: false });

    const login = await postUrlEncoded(loginHref, {
      intent: "login",
      email: user.email,
      password,
      redirectTo: `/verify-email/${token}`,
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(`/verify-email/${token}`);
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await (await appFetch(`/verify-email/${token}`, { headers: { Cookie: cookie } })).text()).toContain(
      EMAIL_VERIFIED,
    );
  });
});

describe("resending the link", () => {
  it("the dashboard's button (a plain form POST) mails a new link, limited per user", async () => {
    const user = await createTestUser({ email: "resender@example.com", emailVerified: false });
    const cookie = await sessionCookieFor(user.id);
    const resend = (ip = freshIp()) =>
      postUrlEncoded("/dashboard", { intent: "resend-verification" }, { Cookie: cookie, "CF-Connecting-IP": ip });
    for (let i = 0; i < 3; i++) {
      const response = await resend();
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard?done=verification-sent&title=resender%40example.com");
    }
    const mails = await testContext()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.kind, "email-verification")));
    expect(mails).toHaveLength(3);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts, try again in 60 minutes.");

    const notice = await appFetch("/dashboard?done=verification-sent&title=resender%40example.com", {
      headers: { Cookie: cookie },
    });
    expect(await notice.text()).toContain("We sent a new verification link to resender@example.com.");
  });

  it("the API resends for an unverified account and refuses a verified one", async () => {
    const { token } = await registerApi("api.resend@example.com");
    const response = await postJson(
      "/api/auth/resend-verification",
      {},
      { ...bearer(token), "CF-Connecting-IP": freshIp() },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: VERIFICATION_SENT });
    await verifyEmailFromMail("api.resend@example.com", token);
    const done = await postJson("/api/auth/resend-verification", {}, bearer(token));
    expect(done.status).toBe(409);
    expect(await done.json()).toEqual({ message: ALREADY_VERIFIED });
    expect((await postJson("/api/auth/resend-verification", {})).status).toBe(401);
  });
});

describe("other proofs of the email", () => {
  it("completing a password reset verifies the email (and replaces a squatter's password)", async () => {
    await testContext().db.insert(roleAssignments).values({ role: "admin", email: "founder@example.com" });
    const squatter = await registerApi("founder@example.com", "the squatter's passphrase");
    expect(squatter.user.role).toBe("client");
    await postJson("/api/auth/forgot-password", { email: "founder@example.com" }, { "CF-Connecting-IP": freshIp() });
    const reset = await mailedToken("founder@example.com", "/reset-password/");
    expect(
      (await postJson(`/api/auth/reset-password/${reset}`, { password: "the real founder's passphrase" })).status,
    ).toBe(200);
    expect(await stored("founder@example.com")).toMatchObject({ emailVerified: true });
    expect((await appFetch("/api/roles", { headers: bearer(squatter.token) })).status).toBe(401);
    expect(
      (await postJson("/api/auth/login", { email: "founder@example.com", password: "the squatter's passphrase" }))
        .status,
    ).toBe(401);
    const owner = await postJson("/api/auth/login", {
      email: "founder@example.com",
      password: "the real founder's passphrase",
    });
    expect(((await owner.json()) as { user: ApiUser }).user).toMatchObject({ role: "admin", emailVerified: true });
  });

  it("Google with email_verified false: a new account stays an unverified client, and is mailed a link", async () => {
    await testContext().db.insert(roleAssignments).values({ role: "teacher", email: "g.teacher@example.com" });
    const response = await postJson("/api/auth/google", {
      token: await mint({ email: "g.teacher@example.com", email_verified: false }),
    });
    expect(response.status).toBe(200);
    const { user, token } = (await response.json()) as { user: ApiUser; token: string };
    expect(user).toMatchObject({ role: "client", emailVerified: false });
    expect((await postJson("/api/quiz", { title: "Q", questions: [] }, bearer(token))).status).toBe(403);
    await mailedToken("g.teacher@example.com", "/verify-email/");

    // Google saying true later verifies the linked account.
    const verified = await postJson("/api/auth/google", {
      token: await mint({ email: "g.teacher@example.com", email_verified: true }),
    });
    expect(((await verified.json()) as { user: ApiUser }).user).toMatchObject({ role: "teacher", emailVerified: true });
  });

  it("Google's code flow without 'verified' makes an unverified account", async () => {
    const start = await appFetch("/auth/google", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const authorize = new URL(start.headers.get("Location")!);
    const flowCookie = start.headers.get("Set-Cookie")!.split(";")[0]!;
    authorize.searchParams.set("email", "unticked@example.com");
    const consent = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(consent.headers.get("Location")!);
    const done = await appFetch(`${callback.pathname}${callback.search}`, { headers: { Cookie: flowCookie } });
    expect(done.status).toBe(302);
    expect(await stored("unticked@example.com")).toMatchObject({ emailVerified: false });
  });

  it("Google verifying an email someone registered unverified takes the account back from that password", async () => {
    const squatter = await registerApi("taken.over@example.com", "the squatter's passphrase");
    const response = await postJson("/api/auth/google", {
      token: await mint({ email: "taken.over@example.com", email_verified: true }),
    });
    expect(response.status).toBe(200);
    expect(await stored("taken.over@example.com")).toMatchObject({ emailVerified: true, passwordHash: null });
    expect((await appFetch("/api/roles", { headers: bearer(squatter.token) })).status).toBe(401);
    expect(
      (await postJson("/api/auth/login", { email: "taken.over@example.com", password: "the squatter's passphrase" }))
        .status,
    ).toBe(401);
  });
});

describe("/admin/roles", () => {
  it("says when a granted role waits for verification or registration", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    await createTestUser({ email: "pending.teacher@example.com", emailVerified: false });
    const add = (email: string) =>
      postUrlEncoded("/admin/roles", { intent: "add", role: "teacher", email }, { Cookie: cookie });
    expect(await (await add("pending.teacher@example.com")).text()).toContain(
      "Added pending.teacher@example.com as teacher. The role starts once they verify their email.",
    );
    expect(await (await add("nobody.yet@example.com")).text()).toContain(
      "Added nobody.yet@example.com as teacher. The role starts once they register and verify their email.",
    );
    const verified = await createTestUser({ email: "active.teacher@example.com" });
    expect(await (await add(verified.email)).text()).toContain("Added active.teacher@example.com as teacher.</p>");
    const page = (await (await appFetch("/admin/roles", { headers: { Cookie: cookie } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain(
      'pending.teacher@example.com</span><span class="field__hint"> (waits for email verification)</span>',
    );
    expect(page).toContain(
      'nobody.yet@example.com</span><span class="field__hint"> (not registered yet; then waits for email verification)',
    );
    expect(page).toContain('active.teacher@example.com</span></span><form method="post"');
  });
});
