import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, oneTimeTokens, roleAssignments, sessions, users } from "../../../db/schema";
import {
  apiTokenFor,
  appFetch,
  createTestUser,
  expectConsoleError,
  mailedToken,
  postJson,
  sessionCookieFor,
  testContext,
  MOCK_IDP,
  mintGoogleIdToken as mint,
  postUrlEncoded,
  forgedToken,
} from "../../../tests/helpers";
import { issueApiToken, loadAuthUser } from "~/lib/auth.server";
import { hashPassword } from "~/lib/password.server";
import { RESET_INVALID, sendPasswordResetEmail } from "./password-reset.server";

async function userCount() {
  return (await testContext().db.select({ id: users.id }).from(users)).length;
}

/** Is this cookie signed in? /login redirects signed-in visitors to /. */
async function isSignedIn(cookie: string) {
  const response = await appFetch("/login", { headers: { Cookie: cookie } });
  return response.status === 302 && response.headers.get("Location") === "/";
}

describe("registration (API)", () => {
  it("creates a client account and returns {user, token}", async () => {
    const response = await postJson("/api/auth/register", {
      fullName: "  Meera Nair ",
      email: "Meera@Example.com",
      password: "a long passphrase here",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, string>; token: string };
    expect(body.user).toMatchObject({ fullName: "Meera Nair", email: "meera@example.com", role: "client" });
    const stored = await testContext().db.query.users.findFirst({ where: eq(users.email, "meera@example.com") });
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
  });

  it("refuses duplicates, weak and common passwords with a clear 4xx and stores nothing", async () => {
    await createTestUser({ email: "taken@example.com" });
    const before = await userCount();
    const cases: Array<[unknown, number, string]> = [
      [
        { fullName: "A", email: "TAKEN@example.com", password: "a long passphrase here" },
        409,
        "An account with this email already exists",
      ],
      [{ fullName: "A", email: "new@example.com", password: "short" }, 400, "Password must be at least 8 characters"],
      [{ fullName: "A", email: "new@example.com", password: "password123" }, 400, "This password is too common"],
      [
        { fullName: "A", email: "new@example.com", password: "x".repeat(129) },
        400,
        "Password must be at most 128 characters",
      ],
      [{ fullName: "", email: "new@example.com", password: "a long passphrase here" }, 400, "Full name is required"],
      [
        { fullName: "A", email: "not-an-email", password: "a long passphrase here" },
        400,
        "Enter a valid email address",
      ],
      [{ fullName: "A", password: "a long passphrase here" }, 400, "Email is required"],
    ];
    for (const [body, status, message] of cases) {
      const response = await postJson("/api/auth/register", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await userCount()).toBe(before);
  });

  it("stores SQL and HTML in a name as plain text", async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const response = await postJson("/api/auth/register", {
      fullName: name,
      email: "bobby@example.com",
      password: "a long passphrase here",
    });
    expect(response.status).toBe(201);
    const stored = await testContext().db.query.users.findFirst({ where: eq(users.email, "bobby@example.com") });
    expect(stored!.fullName).toBe(name);
  });
});

describe("password login", () => {
  it("rehashes a hash made with old parameters", async () => {
    const { db } = testContext();
    const weak = await hashPassword("a long passphrase here", { N: 2 ** 10, r: 8, p: 1 });
    await db.insert(users).values({ email: "old@example.com", fullName: "Old Hash", passwordHash: weak });
    expect(
      (await postJson("/api/auth/login", { email: "old@example.com", password: "a long passphrase here" })).status,
    ).toBe(200);
    const stored = await db.query.users.findFirst({ where: eq(users.email, "old@example.com") });
    expect(stored!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it("locks an email after 5 failures in 15 minutes, even for the right password", async () => {
    const user = await createTestUser({ email: "target@example.com" });
    for (let i = 0; i < 5; i++) {
      expect((await postJson("/api/auth/login", { email: user.email, password: `wrong guess ${i}` })).status).toBe(401);
    }
    const locked = await postJson("/api/auth/login", { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { message: string }).message).toBe("Too many attempts, try again in 15 minutes.");
    // Another account from elsewhere is not affected by this email's lock.
    const other = await createTestUser();
    expect((await postJson("/api/auth/login", { email: other.email, password: other.password })).status).toBe(200);
  });

  it("the page shows the same inline error for a wrong password and an unknown email, without JavaScript", async () => {
    const user = await createTestUser();
    const post = (email: string) => postUrlEncoded("/login", { intent: "login", email, password: "wrong password!" });
    const wrong = await post(user.email);
    const unknown = await post("nobody@example.com");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [wrongHtml, unknownHtml] = [await wrong.text(), await unknown.text()];
    expect(wrongHtml).toContain("Invalid email or password");
    expect(unknownHtml).toContain("Invalid email or password");
    // The typed email is kept, the password is not.
    expect(wrongHtml).toContain(`value="${user.email}"`);
    expect(wrongHtml).not.toContain("wrong password!");
  });

  it("a successful page login starts a session and honours only same-site redirectTo", async () => {
    const user = await createTestUser();
    const login = (redirectTo: string) =>
      postUrlEncoded("/login", { intent: "login", email: user.email, password: user.password, redirectTo });
    const good = await login("/quiz/results?x=1");
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toBe("/quiz/results?x=1");
    const cookie = good.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await isSignedIn(cookie)).toBe(true);
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      expect((await login(evil)).headers.get("Location")).toBe("/");
    }
  });
});

describe("sessions", () => {
  it("logout is a POST that deletes the session row", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user.id);
    expect(await isSignedIn(cookie)).toBe(true);
    const logout = await appFetch("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/login");
    expect(await testContext().db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it("ends a session idle for 7 days or older than 30 days", async () => {
    const { db } = testContext();
    const user = await createTestUser();
    const idle = await sessionCookieFor(user.id);
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 7 * 24 * 3600_000 - 1000) });
    expect(await isSignedIn(idle)).toBe(false);
    const old = await sessionCookieFor(user.id);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await isSignedIn(old)).toBe(false);
  });

  it("ignores a forged or unsigned cookie", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user.id);
    const [name, value] = cookie.split("=");
    for (const forged of [
      `${name}=${value!.slice(0, -3)}abc`,
      `${name}=${encodeURIComponent(btoa(JSON.stringify("whatever")))}`,
      `${name}=%%%`,
    ]) {
      expect(await isSignedIn(forged)).toBe(false);
      // A bad cookie is no session, never a server error.
      expect((await appFetch("/", { headers: { Cookie: forged } })).status).toBe(200);
    }
  });
});

describe("API tokens and guards", () => {
  it("rejects missing, malformed, tampered, expired and revoked tokens with 401 'Invalid or expired token'", async () => {
    const ctx = testContext();
    const admin = await createTestUser({ role: "admin" });
    const authUser = (await loadAuthUser(ctx, admin.id))!;
    const good = await apiTokenFor(admin.email);
    expect((await appFetch("/api/roles", { headers: { Authorization: `Bearer ${good}` } })).status).toBe(200);

    const expired = await issueApiToken(ctx, authUser, new Date(Date.now() - 8 * 24 * 3600_000));
    for (const authorization of [
      undefined,
      "Bearer",
      "Bearer not.a.jwt",
      `Bearer ${forgedToken(good, { role: "admin", sub: "someone-else" })}`,
      `Bearer ${good.slice(0, -2)}xx`,
      `Bearer ${expired}`,
      `Basic ${btoa("a:b")}`,
    ]) {
      const response = await appFetch("/api/roles", { headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid or expired token" });
    }
  });

  it("applies the guards for visitor, client, teacher and admin on a page, an action and an API route", async () => {
    const client = await createTestUser({ role: "client" });
    const teacher = await createTestUser({ role: "teacher" });
    const admin = await createTestUser({ role: "admin" });
    const cookies = {
      visitor: "",
      client: await sessionCookieFor(client.id),
      teacher: await sessionCookieFor(teacher.id),
      admin: await sessionCookieFor(admin.id),
    };
    const tokens = {
      client: await apiTokenFor(client.email),
      teacher: await apiTokenFor(teacher.email),
      admin: await apiTokenFor(admin.email),
    };

    // Page
    const visitorPage = await appFetch("/admin/roles");
    expect(visitorPage.status).toBe(302);
    expect(visitorPage.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Froles");
    for (const role of ["client", "teacher"] as const) {
      const response = await appFetch("/admin/roles", { headers: { Cookie: cookies[role] } });
      expect(response.status, role).toBe(403);
      expect(await response.text()).toContain("⛔ Access denied");
    }
    const adminPage = await appFetch("/admin/roles", { headers: { Cookie: cookies.admin } });
    expect(adminPage.status).toBe(200);
    expect(await adminPage.text()).toContain(teacher.email);

    // Action (a form POST)
    const addForm = (cookie: string) =>
      postUrlEncoded(
        "/admin/roles",
        { intent: "add", role: "admin", email: client.email, confirm: "1" },
        { Cookie: cookie },
      );
    expect((await addForm(cookies.visitor)).status).toBe(302);
    expect((await addForm(cookies.client)).status).toBe(403);
    expect((await addForm(cookies.teacher)).status).toBe(403);
    expect((await testContext().db.query.roleAssignments.findMany()).some((row) => row.email === client.email)).toBe(
      false,
    );

    // API
    const addApi = (token?: string) =>
      postJson(
        "/api/roles/add",
        { role: "teacher", email: "new.teacher@example.com" },
        token ? { Authorization: `Bearer ${token}` } : {},
      );
    expect((await addApi()).status).toBe(401);
    const clientAdd = await addApi(tokens.client);
    expect(clientAdd.status).toBe(403);
    expect(await clientAdd.json()).toEqual({ message: "❌ Forbidden: Insufficient Permissions" });
    expect((await addApi(tokens.teacher)).status).toBe(403);
    const adminAdd = await addApi(tokens.admin);
    expect(adminAdd.status).toBe(200);
    expect(((await adminAdd.json()) as { data: { teacher: string[] } }).data.teacher).toContain(
      "new.teacher@example.com",
    );
  });

  it("a role change applies on the user's next request, and an admin cannot remove their own admin role", async () => {
    const client = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const clientCookie = await sessionCookieFor(client.id);
    const adminToken = await apiTokenFor(admin.email);
    expect((await appFetch("/admin/roles", { headers: { Cookie: clientCookie } })).status).toBe(403);
    await postJson("/api/roles/add", { role: "admin", email: client.email }, { Authorization: `Bearer ${adminToken}` });
    expect((await appFetch("/admin/roles", { headers: { Cookie: clientCookie } })).status).toBe(200);
    await postJson(
      "/api/roles/remove",
      { role: "admin", email: client.email },
      { Authorization: `Bearer ${adminToken}` },
    );
    expect((await appFetch("/admin/roles", { headers: { Cookie: clientCookie } })).status).toBe(403);

    const self = await postJson(
      "/api/roles/remove",
      { role: "admin", email: admin.email },
      { Authorization: `Bearer ${adminToken}` },
    );
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: "You cannot remove your own admin role." });
    // An empty email is ignored.
    const empty = await postJson(
      "/api/roles/add",
      { role: "teacher", email: "" },
      { Authorization: `Bearer ${adminToken}` },
    );
    expect(empty.status).toBe(200);
  });
});

describe("/admin/roles refuses a malformed email", () => {
  it("with a 400 naming the email field (error summary and the field's message), adding nothing", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const before = await testContext().db.select().from(roleAssignments);
    const refused = await postUrlEncoded(
      "/admin/roles",
      { intent: "add", role: "teacher", email: "not-an-email" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("There is a problem");
    expect(html).toContain('href="#role-add-email"');
    expect(html).toContain('id="role-add-email-error"');
    expect(html).toContain("Enter a valid email address");
    expect(await testContext().db.select().from(roleAssignments)).toEqual(before);
  });
});

describe("/admin/roles: one add form, an explicit role, admin grants asked first", () => {
  it("refuses an add without a role, naming the role field, and grants nothing", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const before = await testContext().db.select().from(roleAssignments);
    const refused = await postUrlEncoded(
      "/admin/roles",
      { intent: "add", email: "no-role@example.com" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('href="#role-add-role"');
    expect(html).toContain("Choose a role: admin or teacher");
    expect(await testContext().db.select().from(roleAssignments)).toEqual(before);
  });

  it("asks 'Make x an admin?' first and grants only on the second submit with confirm=1", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const email = `asked-${Date.now()}@example.com`;
    const grants = async () =>
      (await testContext().db.select().from(roleAssignments)).filter((row) => row.email === email);
    const asked = await postUrlEncoded("/admin/roles", { intent: "add", role: "admin", email }, { Cookie: cookie });
    expect(asked.status).toBe(200);
    const question = (await asked.text()).replace(/<!-- -->/g, "");
    expect(question).toContain(`Make ${email} an admin?`);
    expect(question).toContain('name="confirm" value="1"');
    expect(question).not.toContain(`Added ${email}`);
    expect(await grants()).toEqual([]);

    const confirmed = await postUrlEncoded(
      "/admin/roles",
      { intent: "add", role: "admin", email, confirm: "1" },
      { Cookie: cookie },
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(
      `Added ${email} as admin. The role starts once they register and verify their email.`,
    );
    expect((await grants()).map((row) => row.role)).toEqual(["admin"]);
    // Asked again for an email that is an admin already: no question, it says so.
    const again = await postUrlEncoded("/admin/roles", { intent: "add", role: "admin", email }, { Cookie: cookie });
    const html = (await again.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`Already an admin: ${email}.`);
    expect(html).not.toContain(`Make ${email} an admin?`);
  });

  it("grants the teacher role at once and names it", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const email = `teacher-${Date.now()}@example.com`;
    const added = await postUrlEncoded("/admin/roles", { intent: "add", role: "teacher", email }, { Cookie: cookie });
    const html = (await added.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`Added ${email} as teacher.`);
    expect(html).not.toContain("an admin?");
  });
});

describe("adding an email that already has the role", () => {
  it("says 'Already a teacher' / 'Already an admin' on /admin/roles and POST /api/roles/add, and changes nothing", async () => {
    const admin = await createTestUser({ role: "admin" });
    const teacher = await createTestUser({ role: "teacher" });
    const headers = { Authorization: `Bearer ${await apiTokenFor(admin.email)}` };
    const cookie = await sessionCookieFor(admin.id);
    const auditRows = async () =>
      (await testContext().db.select().from(auditLog)).filter((row) => row.entityId.endsWith(teacher.email));
    const auditBefore = (await auditRows()).length;

    // The API: 200 with the roles (the spec's client reads data.data), added: false and the message.
    const again = await postJson("/api/roles/add", { role: "teacher", email: teacher.email }, headers);
    expect(again.status).toBe(200);
    const body = (await again.json()) as { data: { teacher: string[] }; added: boolean; message: string };
    expect(body.added).toBe(false);
    expect(body.message).toBe(`Already a teacher: ${teacher.email}.`);
    expect(body.data.teacher.filter((email) => email === teacher.email)).toHaveLength(1);
    // An admin set in ADMIN_EMAILS is already an admin too.
    const root = await postJson("/api/roles/add", { role: "admin", email: "root-admin@example.com" }, headers);
    expect(await root.json()).toMatchObject({ added: false, message: "Already an admin: root-admin@example.com." });
    expect(
      (await testContext().db.select().from(roleAssignments)).filter((row) => row.email === "root-admin@example.com"),
    ).toHaveLength(0);

    // The page says so instead of 'Added'.
    const addForm = (role: string, email: string) =>
      postUrlEncoded("/admin/roles", { intent: "add", role, email }, { Cookie: cookie });
    const page = await addForm("teacher", teacher.email);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Already a teacher: ${teacher.email}.`);
    expect(html).not.toContain(`Added ${teacher.email}.`);
    expect(await (await addForm("admin", admin.email)).text()).toContain(`Already an admin: ${admin.email}.`);
    expect(await auditRows()).toHaveLength(auditBefore);

    // A new email is still added, and said so.
    const fresh = `fresh-${Date.now()}@example.com`;
    const added = await postJson("/api/roles/add", { role: "teacher", email: fresh }, headers);
    expect(await added.json()).toMatchObject({ added: true, message: `Added ${fresh} as teacher.` });
    expect(await (await addForm("teacher", `page-${fresh}`)).text()).toContain(`Added page-${fresh} as teacher.`);
  });
});

describe("forgot and reset password", () => {
  const resetLinkFor = (email: string) => mailedToken(email, "/reset-password/");

  it("answers the same for known and unknown emails and mails only the known one", async () => {
    const user = await createTestUser();
    const known = await postJson("/api/auth/forgot-password", { email: user.email });
    const unknown = await postJson("/api/auth/forgot-password", { email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: "Reset link sent to your email." });
    expect(await unknown.json()).toEqual({ message: "Reset link sent to your email." });
    await resetLinkFor(user.email);
    const { db } = testContext();
    expect(await db.query.mailOutbox.findFirst({ where: eq(mailOutbox.to, "ghost@example.com") })).toBeUndefined();
    const tokens = await db.select().from(oneTimeTokens);
    expect(tokens).toHaveLength(1);
    // Only the hash is stored.
    const token = await resetLinkFor(user.email);
    expect(tokens[0]!.tokenHash).not.toContain(token);
  });

  it("a reset is single-use and ends every session and API token issued before it", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user.id);
    const oldToken = await apiTokenFor(user.email);
    await postJson("/api/auth/forgot-password", { email: user.email });
    const token = await resetLinkFor(user.email);

    const weak = await postJson(`/api/auth/reset-password/${token}`, { password: "123456789" });
    expect(weak.status).toBe(400);
    const reset = await postJson(`/api/auth/reset-password/${token}`, { password: "my brand new passphrase" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: "Password reset successful!" });

    const again = await postJson(`/api/auth/reset-password/${token}`, { password: "another new passphrase" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: RESET_INVALID });

    expect(await isSignedIn(cookie)).toBe(false);
    expect((await appFetch("/api/roles", { headers: { Authorization: `Bearer ${oldToken}` } })).status).toBe(401);
    expect((await postJson("/api/auth/login", { email: user.email, password: user.password })).status).toBe(401);
    expect((await postJson("/api/auth/login", { email: user.email, password: "my brand new passphrase" })).status).toBe(
      200,
    );
  });

  it("a reset link expires after one hour", async () => {
    const user = await createTestUser();
    const token = await sendPasswordResetEmail(testContext(), user.email, new Date(Date.now() - 61 * 60_000));
    const response = await postJson(`/api/auth/reset-password/${token}`, { password: "my brand new passphrase" });
    expect(response.status).toBe(400);
    const page = await appFetch(`/reset-password/${token}`);
    expect(await page.text()).toContain(RESET_INVALID);
  });

  it("limits reset requests per email", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++)
      expect((await postJson("/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    const limited = await postJson("/api/auth/forgot-password", { email: user.email });
    expect(limited.status).toBe(429);
  });
});

describe("Google sign-in against a local OpenID provider", () => {
  it("sends Google back to APP_ORIGIN whatever Host the request names", async () => {
    // As it arrives when sent to the Worker with another Host.
    const start = await SELF.fetch("http://evil.example/auth/google", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "evil.example" },
    });
    expect(start.status).toBe(302);
    const redirectUri = new URL(start.headers.get("Location")!).searchParams.get("redirect_uri");
    expect(redirectUri).toBe(`${env.APP_ORIGIN}/auth/google/callback`);
  });

  it("the code flow creates an account and a session", async () => {
    const start = await appFetch("/auth/google", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin).toBe(MOCK_IDP);
    expect(authorize.searchParams.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${env.APP_ORIGIN}/auth/google/callback`);
    const flowCookie = start.headers.get("Set-Cookie")!.split(";")[0]!;

    authorize.searchParams.set("email", "ravi.google@example.com");
    authorize.searchParams.set("name", "Ravi Iyer");
    authorize.searchParams.set("verified", "1");
    const consent = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(consent.headers.get("Location")!);
    const done = await appFetch(`${callback.pathname}${callback.search}`, { headers: { Cookie: flowCookie } });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    const session = done.headers
      .get("Set-Cookie")!
      .split(", ")
      .find((c) => c.startsWith("session="))!
      .split(";")[0]!;
    expect(await isSignedIn(session)).toBe(true);
    const stored = await testContext().db.query.users.findFirst({ where: eq(users.email, "ravi.google@example.com") });
    expect(stored).toMatchObject({ fullName: "Ravi Iyer", passwordHash: null, emailVerified: true });
    expect(stored!.googleSub).toMatch(/^google-/);
  });

  it("the callback refuses a forged state", async () => {
    expectConsoleError(0);
    const response = await appFetch("/auth/google/callback?code=abc&state=forged");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?error=google");
  });

  it("POST /api/auth/google verifies the ID token's signature, audience, issuer and expiry", async () => {
    const good = await mint({ email: "one.tap@example.com" });
    const ok = await postJson("/api/auth/google", { token: good });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { email: "one.tap@example.com", role: "client" } });

    for (const token of [
      await mint({ email: "x@example.com", aud: "someone-else" }),
      await mint({ email: "x@example.com", iss: "https://evil.example" }),
      await mint({ email: "x@example.com", exp: Math.floor(Date.now() / 1000) - 60 }),
      `${good.slice(0, -4)}AAAA`,
      "not-a-token",
    ]) {
      const response = await postJson("/api/auth/google", { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Google login failed" });
    }
    expect((await postJson("/api/auth/google", {})).status).toBe(400);
  });

  it("links an existing account only when Google says the email is verified", async () => {
    const user = await createTestUser({ email: "existing@example.com" });
    const unverified = await postJson("/api/auth/google", {
      token: await mint({ email: user.email, email_verified: false }),
    });
    expect(unverified.status).toBe(409);
    let stored = await testContext().db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored!.googleSub).toBeNull();

    const verified = await postJson("/api/auth/google", {
      token: await mint({ email: user.email, email_verified: true }),
    });
    expect(verified.status).toBe(200);
    stored = await testContext().db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored!.googleSub).toMatch(/^google-/);
    expect(((await verified.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });

  it("a Google account that did not prove the email loses its link when the email's owner resets the password", async () => {
    // Someone signs in with a Google account naming the firm's pre-granted teacher email, which Google
    // has not verified: the account is created unverified (a client) and linked to that Google account.
    const email = `granted-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await testContext().db.insert(roleAssignments).values({ role: "teacher", email });
    const squatterToken = () => mint({ email, email_verified: false, sub: "google-squatter" });
    const ip = { "CF-Connecting-IP": "203.0.113.71" };
    const first = await postJson("/api/auth/google", { token: await squatterToken() }, ip);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { user: { role: string } }).user.role).toBe("client");

    // The email's owner proves it with a reset link and chooses a password: the account is theirs.
    await postJson("/api/auth/forgot-password", { email }, { "CF-Connecting-IP": "203.0.113.72" });
    const token = await mailedToken(email, "/reset-password/");
    expect(
      (await postJson(`/api/auth/reset-password/${token}`, { password: "the owner's own passphrase" })).status,
    ).toBe(200);
    const stored = await testContext().db.query.users.findFirst({ where: eq(users.email, email) });
    expect(stored).toMatchObject({ emailVerified: true, googleSub: null });

    // The Google account that never proved the email no longer signs in to it (now a teacher).
    const again = await postJson("/api/auth/google", { token: await squatterToken() }, ip);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).not.toContain('"role":"teacher"');
    // The owner's password works.
    expect(
      (
        await postJson(
          "/api/auth/login",
          { email, password: "the owner's own passphrase" },
          { "CF-Connecting-IP": "203.0.113.73" },
        )
      ).status,
    ).toBe(200);
  });

  it("the one-tap form post needs the g_csrf_token double-submit cookie", async () => {
    const credential = await mint({ email: "tapper@example.com" });
    const form = (cookie: string, bodyToken: string) =>
      appFetch("/api/auth/google", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
          Origin: "https://accounts.google.com",
          "Sec-Fetch-Site": "cross-site",
        },
        body: new URLSearchParams({ credential, g_csrf_token: bodyToken }),
      });
    expect((await form("g_csrf_token=abc", "xyz")).status).toBe(403);
    expect((await form("", "xyz")).status).toBe(403);
    const ok = await form("g_csrf_token=abc", "abc");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^session=/);
  });
});
