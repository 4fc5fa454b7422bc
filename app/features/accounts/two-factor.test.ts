import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  articles,
  pendingSignIns,
  roleAssignments,
  services,
  sessions,
  auditLog,
  siteSettings,
  quizzes,
  teacherApplications,
  twoFactorRecoveryCodes,
  userTwoFactor,
  users,
} from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  formData,
  mintGoogleIdToken,
  postJson,
  sessionCookieFor,
  testContext,
} from "../../../tests/helpers";
import { HttpError } from "~/lib/http.server";
import { resetPassword, sendPasswordResetEmail } from "./password-reset.server";
import { SITE_SETTINGS_ID, STAFF_TWO_FACTOR_REQUIRED_MESSAGE } from "~/lib/two-factor-policy.server";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  createPendingSignIn,
  disableTwoFactor,
  INVALID_CODE_MESSAGE,
  PENDING_EXPIRED_MESSAGE,
  SIGN_IN_EXPIRED_PATH,
  verifySecondFactor,
} from "./two-factor.server";

/** The code an authenticator app shows at `at`. */
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

const seconds = (at: Date, delta: number) => new Date(at.getTime() + delta * 1000);

let ipCounter = 0;
/** Each simulated client its own address, so per-IP limits do not mix tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function requestFrom(ip: string) {
  return new Request("http://127.0.0.1:8787/account/security", { headers: { "CF-Connecting-IP": ip } });
}

/** A user with two-factor on, set up three minutes ago (so the current code is unused). */
async function userWithTwoFactor(options: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser(options);
  const ctx = testContext();
  const earlier = seconds(new Date(), -180);
  const { secret } = await beginTwoFactorSetup(ctx, user, earlier);
  const recoveryCodes = await confirmTwoFactorSetup(ctx, user, codeAt(secret, earlier), earlier);
  return { ...user, secret, recoveryCodes };
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected a refusal");
}

function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  };
}

/** Sign in with the password up to the code step: the pending sign-in's cookie ("name=value"). */
async function reachCodeStep(user: { email: string; password: string }, ip: string) {
  const login = await appFetch(
    "/login",
    form({ intent: "login", email: user.email, password: user.password }, { "CF-Connecting-IP": ip }),
  );
  return cookieOf(login, "two_factor")!;
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith(`${name}=`) && cookie.length > name.length + 1);

describe("two-factor setup and codes (controlled clock)", () => {
  it("sets up with a QR URI and an encrypted secret, then enables with a current code and issues 10 hashed recovery codes", async () => {
    const ctx = testContext();
    const user = await createTestUser();
    const t0 = new Date("2030-01-01T00:00:10Z");
    const { secret, uri } = await beginTwoFactorSetup(ctx, user, t0);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const row = await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) });
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();

    const wrong = await thrown(confirmTwoFactorSetup(ctx, user, "000000", t0));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe(INVALID_CODE_MESSAGE);
    expect((await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) }))!.enabledAt).toBe(
      null,
    );

    const codes = await confirmTwoFactorSetup(ctx, user, codeAt(secret, t0), t0);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((item) => item.codeHash.includes(code))).toBe(false);
    // A second setup cannot replace an enabled secret.
    expect((await thrown(beginTwoFactorSetup(ctx, user, t0))).status).toBe(409);
  });

  it("accepts the previous window, refuses two windows back, and refuses a code already used", async () => {
    const ctx = testContext();
    const user = await createTestUser();
    const t0 = new Date("2030-02-01T00:00:05Z");
    const { secret } = await beginTwoFactorSetup(ctx, user, t0);
    await confirmTwoFactorSetup(ctx, user, codeAt(secret, t0), t0);
    // The confirming code itself cannot be replayed.
    expect(await verifySecondFactor(ctx, user.id, codeAt(secret, t0), seconds(t0, 1))).toBe(false);

    const t1 = seconds(t0, 120);
    // Two windows back: refused.
    expect(await verifySecondFactor(ctx, user.id, codeAt(secret, seconds(t1, -60)), t1)).toBe(false);
    // One window back (clock drift): accepted once.
    const previous = codeAt(secret, seconds(t1, -30));
    expect(await verifySecondFactor(ctx, user.id, previous, t1)).toBe(true);
    expect(await verifySecondFactor(ctx, user.id, previous, t1)).toBe(false);
    // The current code is still good (a later step), then used up too.
    const current = codeAt(secret, t1);
    expect(await verifySecondFactor(ctx, user.id, current, t1)).toBe(true);
    expect(await verifySecondFactor(ctx, user.id, current, seconds(t1, 5))).toBe(false);
    // Nonsense never passes.
    for (const junk of ["", "12345", "abcdef", "1".repeat(100)]) {
      expect(await verifySecondFactor(ctx, user.id, junk, t1)).toBe(false);
    }
  });

  it("a recovery code works once, whatever its case and spacing", async () => {
    const ctx = testContext();
    const user = await userWithTwoFactor();
    const [first, second] = user.recoveryCodes;
    expect(await verifySecondFactor(ctx, user.id, first!)).toBe(true);
    expect(await verifySecondFactor(ctx, user.id, first!)).toBe(false);
    expect(await verifySecondFactor(ctx, user.id, ` ${second!.toUpperCase().replace("-", " ")} `)).toBe(true);
    expect(await verifySecondFactor(ctx, user.id, second!)).toBe(false);
    const used = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(used.filter((row) => row.usedAt !== null)).toHaveLength(2);
  });

  it("turning it off needs the password and a current code", async () => {
    const ctx = testContext();
    const user = await userWithTwoFactor();
    const request = requestFrom(freshIp());
    const code = codeAt(user.secret, new Date());
    const badPassword = await thrown(disableTwoFactor(ctx, request, user, { password: "not my password", code }));
    expect(badPassword.status).toBe(400);
    expect(badPassword.extra.errors).toEqual({ password: ["The password is not correct."] });
    const badCode = await thrown(disableTwoFactor(ctx, request, user, { password: user.password, code: "000000" }));
    expect(badCode.status).toBe(401);
    expect(await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) })).toBeTruthy();

    await disableTwoFactor(ctx, request, user, { password: user.password, code });
    expect(await ctx.db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) })).toBeUndefined();
    expect(
      await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe("a code sent after the sign-in expired", () => {
  it("lands on the login page, which says the sign-in expired (the form post without JavaScript)", async () => {
    const user = await userWithTwoFactor();
    const ip = freshIp();
    const pending = await reachCodeStep(user, ip);
    // Ten minutes later the browser has dropped the cookie and the row has expired.
    await testContext().db.delete(pendingSignIns).where(eq(pendingSignIns.userId, user.id));
    for (const cookie of [pending, ""]) {
      const response = await appFetch(
        "/login/two-factor",
        form({ code: codeAt(user.secret, new Date()) }, { Cookie: cookie, "CF-Connecting-IP": ip }),
      );
      expect(response.status).toBe(302);
      const login = await appFetch(response.headers.get("Location")!);
      expect(login.status).toBe(200);
      expect(await login.text()).toContain(PENDING_EXPIRED_MESSAGE);
    }
    // Asking for the code step without a sign-in is not an expiry: the login page says nothing.
    const direct = await appFetch("/login/two-factor");
    expect(await (await appFetch(direct.headers.get("Location")!)).text()).not.toContain(PENDING_EXPIRED_MESSAGE);
  });
});

describe("/account/security", () => {
  it("says since when two-factor is on in Indian time", async () => {
    const user = await userWithTwoFactor();
    // 01:00 in India on 27 November is still 26 November in UTC.
    await testContext()
      .db.update(userTwoFactor)
      .set({ enabledAt: new Date("2026-11-26T19:30:00Z") })
      .where(eq(userTwoFactor.userId, user.id));
    const html = await (
      await appFetch("/account/security", { headers: { Cookie: await sessionCookieFor(user.id) } })
    ).text();
    expect(html.replace(/<!-- -->/g, "")).toContain("Two-factor sign-in is <strong>on</strong> since 27 Nov 2026.");
  });
});

describe("turning two-factor off from /account/security (the page's form)", () => {
  it("tells an account without a password (signed up with Google) how to get one, rather than that it is wrong", async () => {
    const user = await userWithTwoFactor();
    await testContext().db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const response = await appFetch(
      "/account/security",
      form(
        { intent: "disable", password: "whatever I try", code: codeAt(user.secret, new Date()) },
        { Cookie: await sessionCookieFor(user.id), "CF-Connecting-IP": freshIp() },
      ),
    );
    expect(response.status).toBe(400);
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).not.toContain("The password is not correct.");
    expect(html).toContain("This account has no password yet");
    expect(html).toContain('href="/forgot-password"');
    expect(
      await testContext().db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) }),
    ).toBeTruthy();
  });

  it("is refused without the password and a valid current code, and done with them", async () => {
    const user = await userWithTwoFactor();
    const cookie = await sessionCookieFor(user.id);
    const ip = freshIp();
    const disable = (fields: Record<string, string>) =>
      appFetch("/account/security", form({ intent: "disable", ...fields }, { Cookie: cookie, "CF-Connecting-IP": ip }));
    const stillOn = async () =>
      Boolean(await testContext().db.query.userTwoFactor.findFirst({ where: eq(userTwoFactor.userId, user.id) }));
    const now = new Date();
    const refusals: Array<[string, Record<string, string>]> = [
      ["no code", { password: user.password }],
      ["a wrong code", { password: user.password, code: "000000" }],
      ["a code from two minutes ago", { password: user.password, code: codeAt(user.secret, seconds(now, -120)) }],
      ["a current code with a wrong password", { password: "not my password", code: codeAt(user.secret, now) }],
    ];
    for (const [label, fields] of refusals) {
      const response = await disable(fields);
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect(response.headers.get("Location"), label).toBeNull();
      // The page never sends the password back.
      expect(await response.text(), label).not.toContain(user.password);
      expect(await stillOn(), label).toBe(true);
    }

    const accepted = await disable({ password: user.password, code: codeAt(user.secret, new Date()) });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/account/security?done=disabled");
    expect(await stillOn()).toBe(false);
    expect(
      await testContext().db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
    const page = await appFetch("/account/security?done=disabled", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("Two-factor sign-in is off.");
  });

  it("ends the account's other sessions and its tokens; this browser stays signed in", async () => {
    const user = await userWithTwoFactor();
    const cookie = await sessionCookieFor(user.id);
    const other = await sessionCookieFor(user.id);
    const login = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password, code: codeAt(user.secret, seconds(new Date(), -30)) },
      { "CF-Connecting-IP": freshIp() },
    );
    const { token } = (await login.json()) as { token: string };
    const results = `/api/results/user/${user.id}`;
    expect((await appFetch(results, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const off = await appFetch(
      "/account/security",
      form(
        { intent: "disable", password: user.password, code: codeAt(user.secret, new Date()) },
        { Cookie: cookie, "CF-Connecting-IP": freshIp() },
      ),
    );
    expect(off.status).toBe(302);
    expect((await appFetch("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await appFetch("/dashboard", { headers: { Cookie: other } })).status).toBe(302);
    expect((await appFetch(results, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await appFetch(`/login?token=${token}`)).headers.get("Location")).toBe("/login?error=token");
  });
});

describe("two-factor sign-in (pages)", () => {
  it("a correct password leads to the code step, not a session; the code completes it", async () => {
    const user = await userWithTwoFactor();
    const ip = freshIp();
    const login = await appFetch(
      "/login",
      form(
        { intent: "login", email: user.email, password: user.password, redirectTo: "/quiz" },
        { "CF-Connecting-IP": ip },
      ),
    );
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/login/two-factor");
    expect(cookieOf(login, "session")).toBeUndefined();
    const pending = cookieOf(login, "two_factor")!;
    expect(pending).toBeTruthy();
    const before = await testContext().db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(before).toHaveLength(0);

    const page = await appFetch("/login/two-factor", { headers: { Cookie: pending } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Authentication code");

    const wrong = await appFetch(
      "/login/two-factor",
      form({ code: "000000" }, { Cookie: pending, "CF-Connecting-IP": ip }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(INVALID_CODE_MESSAGE);

    const ok = await appFetch(
      "/login/two-factor",
      form({ code: codeAt(user.secret, new Date()) }, { Cookie: pending, "CF-Connecting-IP": ip }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/quiz");
    const session = cookieOf(ok, "session")!;
    expect(session).toBeTruthy();
    const home = await appFetch("/login", { headers: { Cookie: session } });
    expect(home.headers.get("Location")).toBe("/");
    // The pending sign-in is used up.
    expect((await appFetch("/login/two-factor", { headers: { Cookie: pending } })).headers.get("Location")).toBe(
      "/login",
    );
  });

  it("a recovery code completes the sign-in; an expired pending sign-in goes back to /login", async () => {
    const user = await userWithTwoFactor();
    const ip = freshIp();
    const pending = await reachCodeStep(user, ip);
    const ok = await appFetch(
      "/login/two-factor",
      form({ code: user.recoveryCodes[3]! }, { Cookie: pending, "CF-Connecting-IP": ip }),
    );
    expect(ok.status).toBe(302);
    expect(cookieOf(ok, "session")).toBeTruthy();

    const ctx = testContext();
    const stale = (await createPendingSignIn(ctx, user.id, "/", seconds(new Date(), -11 * 60))).split(";")[0]!;
    const expired = await appFetch("/login/two-factor", { headers: { Cookie: stale } });
    expect(expired.headers.get("Location")).toBe("/login");
    const post = await appFetch(
      "/login/two-factor",
      form({ code: codeAt(user.secret, new Date()) }, { Cookie: stale, "CF-Connecting-IP": ip }),
    );
    // Back to the start, saying why: the page cannot be shown without a live pending sign-in.
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(SIGN_IN_EXPIRED_PATH);
    expect(cookieOf(post, "session")).toBeUndefined();
    expect(await ctx.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id))).toHaveLength(1);
  });

  it("a password reset ends a sign-in that the old password had taken to the code step", async () => {
    const user = await userWithTwoFactor();
    const ip = freshIp();
    // Someone with the old password reaches the code step…
    const pending = await reachCodeStep(user, ip);
    // …then the owner resets the password (as sessions and API tokens, the half-finished sign-in ends).
    const token = await sendPasswordResetEmail(testContext(), user.email);
    await resetPassword(testContext(), token!, "a fresh owner passphrase");
    const post = await appFetch(
      "/login/two-factor",
      form({ code: codeAt(user.secret, new Date()) }, { Cookie: pending, "CF-Connecting-IP": ip }),
    );
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(SIGN_IN_EXPIRED_PATH);
    expect(cookieOf(post, "session")).toBeUndefined();
    expect(await testContext().db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id))).toEqual([]);
  });

  it("Google sign-in of a two-factor account also asks for the code", async () => {
    const user = await userWithTwoFactor({ email: `g2fa-${crypto.randomUUID().slice(0, 6)}@example.com` });
    const id_token = await mintGoogleIdToken({ email: user.email, email_verified: true });
    const api = await postJson("/api/auth/google", { token: id_token }, { "CF-Connecting-IP": freshIp() });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ twoFactorRequired: true });
  });
});

describe("two-factor sign-in (API)", () => {
  it("answers 401 twoFactorRequired without a code, refuses a wrong one, and signs in with a valid one", async () => {
    const user = await userWithTwoFactor();
    const headers = { "CF-Connecting-IP": freshIp() };
    const credentials = { email: user.email, password: user.password };
    const missing = await postJson("/api/auth/login", credentials, headers);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: "Two-factor authentication code required",
      twoFactorRequired: true,
    });

    const wrongType = await postJson("/api/auth/login", { ...credentials, code: 123456 }, headers);
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { errors: Record<string, string[]> }).errors.code).toEqual([
      "code must be text, not a number",
    ]);

    const wrong = await postJson("/api/auth/login", { ...credentials, code: "000000" }, headers);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: INVALID_CODE_MESSAGE, twoFactorRequired: true });

    const code = codeAt(user.secret, new Date());
    const ok = await postJson("/api/auth/login", { ...credentials, code }, headers);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { token: string }).token).toMatch(/^ey/);
    // The same code again: refused (reuse within its window).
    expect((await postJson("/api/auth/login", { ...credentials, code }, headers)).status).toBe(401);
    // A recovery code works too.
    const recovery = await postJson("/api/auth/login", { ...credentials, code: user.recoveryCodes[0] }, headers);
    expect(recovery.status).toBe(200);
  });

  it("25 parallel wrong codes: at most the lockout's 5 are checked, the rest and then the right code get 429", async () => {
    const user = await userWithTwoFactor();
    const pending = await reachCodeStep(user, freshIp());
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        appFetch(
          "/login/two-factor",
          form({ code: String(100000 + i) }, { Cookie: pending, "CF-Connecting-IP": freshIp() }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(await responses.find((response) => response.status === 429)!.text()).toContain("Too many attempts");
    const right = await appFetch(
      "/login/two-factor",
      form({ code: codeAt(user.secret, new Date()) }, { Cookie: pending, "CF-Connecting-IP": freshIp() }),
    );
    expect(right.status).toBe(429);
    expect(cookieOf(right, "session")).toBeUndefined();
    // The same lockout as passwords: the API refuses the right password and code too, and a
    // correct password does not clear the count of wrong codes.
    const api = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password, code: codeAt(user.secret, new Date()) },
      { "CF-Connecting-IP": freshIp() },
    );
    expect(api.status).toBe(429);
  });
});

describe("staff and two-factor", () => {
  it("staff without two-factor are asked at sign-in; the mandatory setting confines them to /account/security", async () => {
    const teacher = await createTestUser({ role: "teacher" });
    const login = await appFetch(
      "/login",
      form(
        { intent: "login", email: teacher.email, password: teacher.password, redirectTo: "/admin" },
        {
          "CF-Connecting-IP": freshIp(),
        },
      ),
    );
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/account/security?prompt=1&next=%2Fadmin");
    const teacherCookie = cookieOf(login, "session")!;
    const prompt = await appFetch("/account/security?prompt=1&next=%2Fadmin", { headers: { Cookie: teacherCookie } });
    expect(await prompt.text()).toContain("Staff accounts should use two-factor sign-in");
    expect((await appFetch("/admin/services", { headers: { Cookie: teacherCookie } })).status).toBe(200);

    // An admin without two-factor cannot make it mandatory.
    const plainAdmin = await createTestUser({ role: "admin" });
    const refused = await appFetch(
      "/account/security",
      form(
        { intent: "staff-setting", staffTwoFactorRequired: "on", code: "123456" },
        { Cookie: await sessionCookieFor(plainAdmin.id) },
      ),
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Turn on two-factor sign-in for your own account first.");
    // A client cannot change it at all.
    const client = await createTestUser();
    const forbidden = await appFetch(
      "/account/security",
      form(
        { intent: "staff-setting", staffTwoFactorRequired: "on", code: "123456" },
        { Cookie: await sessionCookieFor(client.id) },
      ),
    );
    expect(forbidden.status).toBe(403);

    const admin = await userWithTwoFactor({ role: "admin" });
    const adminCookie = await sessionCookieFor(admin.id);
    const turnOn = await appFetch(
      "/account/security",
      form(
        { intent: "staff-setting", staffTwoFactorRequired: "on", code: codeAt(admin.secret, new Date()) },
        { Cookie: adminCookie, "CF-Connecting-IP": freshIp() },
      ),
    );
    expect(turnOn.status).toBe(302);
    expect(turnOn.headers.get("Location")).toBe("/account/security?done=required");

    const blocked = await appFetch("/admin/services", { headers: { Cookie: teacherCookie } });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe("/account/security?required=1");
    const page = await appFetch("/account/security?required=1", { headers: { Cookie: teacherCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("The firm requires two-factor sign-in for staff accounts");
    // The API says what is missing.
    const token = (
      (await (
        await postJson(
          "/api/auth/login",
          { email: teacher.email, password: teacher.password },
          { "CF-Connecting-IP": freshIp() },
        )
      ).json()) as { token: string }
    ).token;
    const api = await postJson("/api/services", {}, { Authorization: `Bearer ${token}` });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { message: string }).message).toContain("Two-factor sign-in is required for staff");
    // The admin with two-factor is not blocked; clients are unaffected.
    expect((await appFetch("/admin/services", { headers: { Cookie: adminCookie } })).status).toBe(200);

    // The teacher sets it up through the page and is let through.
    const start = await appFetch("/account/security", form({ intent: "start" }, { Cookie: teacherCookie }));
    expect(start.status).toBe(302);
    const setupHtml = await (await appFetch("/account/security", { headers: { Cookie: teacherCookie } })).text();
    expect(setupHtml).toContain("Secret key");
    expect(setupHtml).toContain("<svg");
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(setupHtml)![1]!;
    const confirm = await appFetch(
      "/account/security",
      form({ intent: "confirm", code: codeAt(secret, new Date()) }, { Cookie: teacherCookie }),
    );
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain("Recovery codes");
    expect(confirmHtml.match(/<li><code>[a-z2-7]{5}-[a-z2-7]{5}<\/code><\/li>/g)).toHaveLength(10);
    expect((await appFetch("/admin/services", { headers: { Cookie: teacherCookie } })).status).toBe(200);
    // The codes are not shown again.
    expect(await (await appFetch("/account/security", { headers: { Cookie: teacherCookie } })).text()).not.toContain(
      "<code>",
    );
  });
});

describe("the mandatory setting holds on every staff action, not only behind the permission guards", () => {
  /** Two-factor made mandatory for staff (as an admin with two-factor turns it on at /account/security). */
  async function requireStaffTwoFactor() {
    await testContext()
      .db.insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, staffTwoFactorRequired: true })
      .onConflictDoUpdate({ target: siteSettings.id, set: { staffTwoFactorRequired: true } });
  }

  /** A pending teacher application (its CV key need not exist: the tests stop before it is read). */
  async function storedApplication(fullName: string) {
    const [application] = await testContext()
      .db.insert(teacherApplications)
      .values({
        fullName,
        email: `applicant-${crypto.randomUUID().slice(0, 8)}@example.com`,
        reason: "To teach",
        educationalQualification: "LLM",
        subjectToTeach: "Contracts",
        workExperience: "8 years",
        previousWorkPlace: "A firm",
        phoneNumber: "9876543210",
        cvKey: "private/cv/none.pdf",
        cvName: "cv.pdf",
      })
      .returning();
    return application!;
  }

  it("an admin without two-factor can neither review an application, nor publish or approve an article (page or API)", async () => {
    await requireStaffTwoFactor();
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    const application = await storedApplication("Asha Verma");
    const pendingArticle = await createTestUser();
    const [article] = await db
      .insert(articles)
      .values({
        title: "Pending piece",
        slug: `pending-${crypto.randomUUID().slice(0, 8)}`,
        summary: "S",
        highlight: "H",
        publishedAt: new Date(),
        status: "pending",
        submittedByUserId: pendingArticle.id,
      })
      .returning();

    // /admin/teachers: approving would grant the teacher role.
    const review = new FormData();
    review.set("intent", "approve");
    review.set("id", application.id);
    const reviewed = await appFetch("/admin/teachers", { method: "POST", headers: { Cookie: cookie }, body: review });
    expect(reviewed.status).toBe(302);
    expect(reviewed.headers.get("Location")).toBe("/account/security?required=1");
    expect(await db.select().from(roleAssignments).where(eq(roleAssignments.email, application.email))).toEqual([]);
    expect(
      (await db.query.teacherApplications.findFirst({ where: eq(teacherApplications.id, application.id) }))!.status,
    ).toBe("pending");

    // /admin/blogs: approving a pending article.
    const approve = new FormData();
    approve.set("intent", "approve");
    approve.set("id", article!.id);
    const approved = await appFetch("/admin/blogs", { method: "POST", headers: { Cookie: cookie }, body: approve });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe("/account/security?required=1");
    expect((await db.query.articles.findFirst({ where: eq(articles.id, article!.id) }))!.status).toBe("pending");

    // POST /api/blogs: an admin's article would be published at once.
    const token = await apiTokenFor(admin.email);
    const created = await appFetch("/api/blogs", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: formData({ title: "Straight to the site", summary: "Summary", highlight: "Highlight" }),
    });
    expect(created.status).toBe(403);
    expect(((await created.json()) as { message: string }).message).toBe(STAFF_TWO_FACTOR_REQUIRED_MESSAGE);
    expect(await db.select().from(articles).where(eq(articles.title, "Straight to the site"))).toEqual([]);
  });

  it("a teacher without two-factor cannot create a service from the dashboard; clients still submit articles", async () => {
    await requireStaffTwoFactor();
    const teacher = await createTestUser({ role: "teacher" });
    const created = await appFetch("/dashboard", {
      method: "POST",
      headers: { Cookie: await sessionCookieFor(teacher.id) },
      body: new URLSearchParams({ intent: "create", title: "Quick service" }),
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/account/security?required=1");
    expect(await testContext().db.select().from(services).where(eq(services.title, "Quick service"))).toEqual([]);

    // The rule is for staff only: a client's submission waits for review as before.
    const client = await createTestUser();
    const submitted = await appFetch("/api/blogs", {
      method: "POST",
      headers: { Authorization: `Bearer ${await apiTokenFor(client.email)}` },
      body: formData({ title: "A client's piece", summary: "Summary", highlight: "Highlight" }),
    });
    expect(submitted.status).toBe(201);
    expect(((await submitted.json()) as { status: string }).status).toBe("pending");
  });

  it("staff without two-factor cannot read what others wrote either: an applicant's CV, results, a quiz's editor view", async () => {
    await requireStaffTwoFactor();
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { db } = testContext();
    const application = await storedApplication("Ravi Menon");
    const [quiz] = await db
      .insert(quizzes)
      .values({ title: "Contracts basics", totalTime: 60, createdBy: admin.id })
      .returning();

    for (const path of [`/admin/teachers/applications/${application.id}/cv`, "/quiz/results"]) {
      const page = await appFetch(path, { headers: { Cookie: cookie } });
      expect([path, page.status, page.headers.get("Location")]).toEqual([path, 302, "/account/security?required=1"]);
    }
    const token = await apiTokenFor(admin.email);
    for (const path of [`/api/results/user/${admin.id}`, `/api/quiz/${quiz!.id}`]) {
      const response = await appFetch(path, { headers: { Authorization: `Bearer ${token}` } });
      expect([path, response.status]).toEqual([path, 403]);
      expect(((await response.json()) as { message: string }).message).toBe(STAFF_TWO_FACTOR_REQUIRED_MESSAGE);
    }

    // Clients are not staff: their results page opens as before.
    const client = await createTestUser();
    expect((await appFetch("/quiz/results", { headers: { Cookie: await sessionCookieFor(client.id) } })).status).toBe(
      200,
    );
  });
});

describe("the attack review: the staff rule holds against the staff it blocks, and sign-ins end", () => {
  async function ruleOn() {
    await testContext()
      .db.insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, staffTwoFactorRequired: true })
      .onConflictDoUpdate({ target: siteSettings.id, set: { staffTwoFactorRequired: true } });
  }
  const ruleIsOn = async () =>
    (await testContext().db.query.siteSettings.findFirst({ where: eq(siteSettings.id, SITE_SETTINGS_ID) }))
      ?.staffTwoFactorRequired;
  const settingRows = () => testContext().db.select().from(auditLog).where(eq(auditLog.entityKind, "site-setting"));

  it("a blocked admin cannot switch the rule off, is not offered it, and each change needs a code and is logged", async () => {
    await ruleOn();
    const blockedAdmin = await createTestUser({ role: "admin" });
    const blockedCookie = await sessionCookieFor(blockedAdmin.id);
    const page = await (await appFetch("/account/security", { headers: { Cookie: blockedCookie } })).text();
    expect(page).toContain("The firm requires two-factor sign-in for staff accounts");
    expect(page).not.toContain("Make it optional for staff");
    const attempts: Record<string, string>[] = [
      { staffTwoFactorRequired: "off" },
      { staffTwoFactorRequired: "off", code: "123456" },
      {},
    ];
    for (const fields of attempts) {
      const refused = await appFetch(
        "/account/security",
        form({ intent: "staff-setting", ...fields }, { Cookie: blockedCookie, "CF-Connecting-IP": freshIp() }),
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect(await ruleIsOn()).toBe(true);
    expect(await settingRows()).toEqual([]);

    // An admin with two-factor: without a current code nothing changes; with one, the change is logged.
    const admin = await userWithTwoFactor({ role: "admin" });
    const adminCookie = await sessionCookieFor(admin.id);
    const noCode = await appFetch(
      "/account/security",
      form({ intent: "staff-setting", staffTwoFactorRequired: "off" }, { Cookie: adminCookie }),
    );
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain("Authentication code is required");
    const wrong = await appFetch(
      "/account/security",
      form(
        { intent: "staff-setting", staffTwoFactorRequired: "off", code: "000000" },
        { Cookie: adminCookie, "CF-Connecting-IP": freshIp() },
      ),
    );
    expect(wrong.status).toBe(401);
    expect(await ruleIsOn()).toBe(true);
    const off = await appFetch(
      "/account/security",
      form(
        { intent: "staff-setting", staffTwoFactorRequired: "off", code: codeAt(admin.secret, new Date()) },
        { Cookie: adminCookie, "CF-Connecting-IP": freshIp() },
      ),
    );
    expect(off.status).toBe(302);
    expect(await ruleIsOn()).toBe(false);
    expect(await settingRows()).toEqual([
      expect.objectContaining({ actorId: admin.id, action: "edit", summary: "staff two-factor: required → optional" }),
    ]);
  });

  it("a blocked staff member's token gets 403 from every role-dependent API list, and the public page shows no staff view", async () => {
    await ruleOn();
    const blockedAdmin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(blockedAdmin.email);
    for (const path of ["/api/blogs", "/api/testimonials", "/api/quiz", "/api/roles"]) {
      const response = await appFetch(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { message: string }).message, path).toBe(STAFF_TWO_FACTOR_REQUIRED_MESSAGE);
    }
    // Anonymous, the lists still answer (the public view).
    expect((await appFetch("/api/blogs")).status).toBe(200);
    // Pages: the header shows no staff link to a blocked admin; the staff screen sends them to the setup page.
    const cookie = await sessionCookieFor(blockedAdmin.id);
    const home = await (await appFetch("/about", { headers: { Cookie: cookie } })).text();
    expect(home).not.toContain('href="/admin"');
    const staffScreen = await appFetch("/admin/services", { headers: { Cookie: cookie } });
    expect(staffScreen.headers.get("Location")).toBe("/account/security?required=1");
  });

  it("turning two-factor on ends the account's other sessions and tokens; no session is made from an earlier token", async () => {
    const user = await createTestUser();
    const ctx = testContext();
    const otherSession = await sessionCookieFor(user.id);
    const thisSession = await sessionCookieFor(user.id);
    const oldToken = await apiTokenFor(user.email);
    const start = await appFetch("/account/security", form({ intent: "start" }, { Cookie: thisSession }));
    expect(start.status).toBe(302);
    const html = await (await appFetch("/account/security", { headers: { Cookie: thisSession } })).text();
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(html)![1]!;
    const confirm = await appFetch(
      "/account/security",
      form({ intent: "confirm", code: codeAt(secret, new Date()) }, { Cookie: thisSession }),
    );
    expect(confirm.status).toBe(200);
    // This browser stays signed in; the other session and the earlier token do not.
    expect((await appFetch("/dashboard", { headers: { Cookie: thisSession } })).status).toBe(200);
    expect((await appFetch("/dashboard", { headers: { Cookie: otherSession } })).status).toBe(302);
    expect(
      (await appFetch("/api/results/user/" + user.id, { headers: { Authorization: `Bearer ${oldToken}` } })).status,
    ).toBe(401);
    const fromOld = await appFetch(`/login?token=${oldToken}`);
    expect(fromOld.headers.get("Location")).toBe("/login?error=token");
    expect(fromOld.headers.getSetCookie().join()).not.toMatch(/session=[^;]/);
    // A token minted after, but without the second factor, is not exchanged for a session either.
    const noSecondFactor = await apiTokenFor(user.email);
    expect((await appFetch(`/login?token=${noSecondFactor}`)).headers.get("Location")).toBe("/login?error=token");
    // One from an API sign-in that gave the code is.
    const login = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password, code: codeAt(secret, seconds(new Date(), 30)) },
      { "CF-Connecting-IP": freshIp() },
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const handed = await appFetch(`/login?token=${token}`);
    expect(handed.headers.get("Location")).toBe("/");
    expect(cookieOf(handed, "session")).toBeTruthy();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it("logout revokes the token the browser holds; 'sign out everywhere' ends every other session and token", async () => {
    const user = await createTestUser();
    const token = await apiTokenFor(user.email);
    const first = await appFetch(`/login?token=${token}`);
    const firstCookie = cookieOf(first, "session")!;
    expect(firstCookie).toBeTruthy();
    expect((await appFetch("/logout", { method: "POST", headers: { Cookie: firstCookie } })).status).toBe(302);
    expect((await appFetch(`/login?token=${token}`)).headers.get("Location")).toBe("/login?error=token");

    const kept = await sessionCookieFor(user.id);
    const other = await sessionCookieFor(user.id);
    const appToken = await apiTokenFor(user.email);
    const signOut = await appFetch("/account/security", form({ intent: "sign-out-everywhere" }, { Cookie: kept }));
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("Location")).toBe("/account/security?done=signed-out");
    expect((await appFetch("/dashboard", { headers: { Cookie: kept } })).status).toBe(200);
    expect((await appFetch("/dashboard", { headers: { Cookie: other } })).status).toBe(302);
    const api = await appFetch(`/api/results/user/${user.id}`, { headers: { Authorization: `Bearer ${appToken}` } });
    expect(api.status).toBe(401);
  });
});
