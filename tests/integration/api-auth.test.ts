import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { appFetch, testContext, testPasswordHash, tokenClaims } from "../helpers";

async function seedUser(email = "asha@example.com", password = "correct horse battery") {
  const { db } = testContext();
  await db.insert(users).values({ email, fullName: "Asha Kumar", passwordHash: await testPasswordHash(password) });
  return { email, password };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  appFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /api/auth/login", () => {
  it("returns the user and a token that opens a browser session", async () => {
    const { email, password } = await seedUser();
    const response = await post("/api/auth/login", { email: " Asha@Example.com ", password });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: Record<string, unknown>; token: string };
    expect(body.user).toMatchObject({ email, fullName: "Asha Kumar", role: "client" });
    expect(body.token.split(".")).toHaveLength(3);

    const session = await appFetch(`/oauth-success?token=${body.token}`);
    expect(session.status).toBe(302);
    expect(session.headers.get("Location")).toBe("/");
    expect(session.headers.get("Set-Cookie")).toMatch(/^session=[^;]+;.*HttpOnly/i);
  });

  it("takes the token out of the URL whether or not it is valid, and says when it is not", async () => {
    const { email, password } = await seedUser();
    const { token } = (await (await post("/api/auth/login", { email, password })).json()) as { token: string };
    for (const page of ["/login", "/oauth-success"]) {
      const valid = await appFetch(`${page}?token=${token}`);
      expect(valid.status, page).toBe(302);
      expect(valid.headers.get("Location"), page).toBe("/");
      expect(valid.headers.get("Set-Cookie"), page).toMatch(/^session=/);

      for (const bad of ["not-a-token", `${token.slice(0, -4)}AAAA`, ""]) {
        const refused = await appFetch(`${page}?token=${encodeURIComponent(bad)}`);
        expect(refused.status, `${page} ${bad}`).toBe(302);
        expect(refused.headers.get("Location"), `${page} ${bad}`).toBe(`${page}?error=token`);
        expect(refused.headers.get("Set-Cookie"), `${page} ${bad}`).toBeNull();
        expect(refused.headers.get("Cache-Control"), `${page} ${bad}`).toBe("no-store");
      }
      const shown = await appFetch(`${page}?error=token`);
      expect(shown.status, page).toBe(200);
      expect(await shown.text(), page).toContain("Invalid or expired token");
    }
    // Without a token or an error, /oauth-success has nothing to show.
    expect((await appFetch("/oauth-success")).headers.get("Location")).toBe("/login");
  });

  it("a sign-in link followed from another site asks before it signs in (no login CSRF), and the token still leaves the URL", async () => {
    const { email, password } = await seedUser();
    const { token } = (await (await post("/api/auth/login", { email, password })).json()) as { token: string };
    for (const [page, site] of [
      ["/login", "cross-site"],
      ["/oauth-success", "same-site"],
    ] as const) {
      const followed = await appFetch(`${page}?token=${token}`, { headers: { "Sec-Fetch-Site": site } });
      expect(followed.status, page).toBe(302);
      expect(followed.headers.get("Location"), page).toBe("/login/continue");
      const kept = followed.headers.get("Set-Cookie") ?? "";
      expect(kept, page).toMatch(/^token_handover=[^;]+;.*HttpOnly/i);
      expect(kept, page).not.toMatch(/^session=/m);
      const handover = kept.split(";")[0]!;

      // The page names the account and asks; only its button (a same-origin POST) signs in.
      const asked = await appFetch("/login/continue", { headers: { Cookie: handover } });
      expect(asked.status).toBe(200);
      const text = (await asked.text()).replaceAll("<!-- -->", "");
      expect(text).toContain("Continue as Asha Kumar");
      expect(text).toContain(email);
      const fromElsewhere = await appFetch("/login/continue", {
        method: "POST",
        headers: {
          Cookie: handover,
          "Sec-Fetch-Site": "cross-site",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=continue",
      });
      expect(fromElsewhere.status).toBe(403);
      const confirmed = await appFetch("/login/continue", {
        method: "POST",
        headers: {
          Cookie: handover,
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=continue",
      });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toBe("/");
      expect(confirmed.headers.get("Set-Cookie")).toMatch(/session=[^;]+;.*HttpOnly/i);
      expect(confirmed.headers.get("Set-Cookie")).toMatch(/token_handover=;.*Max-Age=0/i);
    }

    // Declining forgets the token; without one (or with a bad one) the page sends the visitor to log in.
    const followed = await appFetch(`/login?token=${token}`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    const handover = followed.headers.get("Set-Cookie")!.split(";")[0]!;
    const declined = await appFetch("/login/continue", {
      method: "POST",
      headers: { Cookie: handover, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=decline",
    });
    expect(declined.headers.get("Location")).toBe("/login");
    expect(declined.headers.get("Set-Cookie")).toMatch(/token_handover=;.*Max-Age=0/i);
    expect(declined.headers.get("Set-Cookie")).not.toMatch(/session=/);
    for (const cookie of [undefined, "token_handover=forged"]) {
      const none = await appFetch("/login/continue", { headers: cookie ? { Cookie: cookie } : {} });
      expect(none.headers.get("Location")).toBe("/login?error=token");
    }
    // From this site itself the link signs in at once, as before.
    const sameOrigin = await appFetch(`/login?token=${token}`, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.headers.get("Location")).toBe("/");
  });

  it("issues a token whose claims carry the spec's id, email and role (and exp), with sub kept", async () => {
    const { email, password } = await seedUser();
    const before = Math.floor(Date.now() / 1000);
    const body = (await (await post("/api/auth/login", { email, password })).json()) as {
      user: { id: string };
      token: string;
    };
    const claims = tokenClaims(body.token);
    expect(claims).toMatchObject({
      id: body.user.id,
      sub: body.user.id,
      email,
      role: "client",
      fullName: "Asha Kumar",
    });
    expect(claims.exp).toBeGreaterThanOrEqual(before + 7 * 24 * 3600);
    expect(claims.exp).toBeLessThan(before + 7 * 24 * 3600 + 60);

    // The spec's client reads its results with the id from the token.
    const results = await appFetch(`/api/results/user/${claims.id as string}`, {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    expect(results.status).toBe(200);
    expect(await results.json()).toEqual([]);
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    await seedUser();
    const wrong = await post("/api/auth/login", { email: "asha@example.com", password: "not the password" });
    const unknown = await post("/api/auth/login", { email: "nobody@example.com", password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("answers bad input with a clear 4xx, never a 500", async () => {
    expect((await post("/api/auth/login", "{not json")).status).toBe(400);
    expect(await (await post("/api/auth/login", "[1,2]")).json()).toMatchObject({
      message: "The request body must be a JSON object",
    });
    const missing = await post("/api/auth/login", { email: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Email is required" });
    const huge = await post(
      "/api/auth/login",
      JSON.stringify({ email: "a@b.co", password: "x".repeat(10 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
    expect((await appFetch("/api/auth/login")).status).toBe(405);
  });

  it("rejects a cross-site POST", async () => {
    const { email, password } = await seedUser();
    const response = await post(
      "/api/auth/login",
      { email, password },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(403);
  });
});
