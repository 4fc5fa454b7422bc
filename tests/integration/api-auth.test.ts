import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { appFetch, testContext, testPasswordHash } from "../helpers";

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

  it("issues a token whose claims carry the spec's id, email and role (and exp), with sub kept", async () => {
    const { email, password } = await seedUser();
    const before = Math.floor(Date.now() / 1000);
    const body = (await (await post("/api/auth/login", { email, password })).json()) as {
      user: { id: string };
      token: string;
    };
    const claims = JSON.parse(atob(body.token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<
      string,
      unknown
    >;
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
