// The request log, through the Worker entry itself (server.ts) with LOG_LEVEL=info:
// what `wrangler tail` would show, and what it must never show.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { BASE_URL, createTestUser, expectConsoleError, sessionCookieFor } from "../../tests/helpers";
import { consoleErrors } from "../../tests/setup/fail-on-console-error";
import { loggablePath } from "./log.server";

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
});
// tests/setup/fail-on-console-error restores the spies after each test.

const infoEnv: Record<string, unknown> = { ...(env as unknown as Record<string, unknown>), LOG_LEVEL: "info" };

async function call(path: string, init: RequestInit = {}, workerEnv: Record<string, unknown> = infoEnv) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(new URL(path, BASE_URL), { redirect: "manual", ...init }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    workerEnv,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, text };
}

function requestLines() {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.type === "request");
}

describe("one JSON log line per request", () => {
  it("names the method, route, status, duration and cache verdict; the path without its query", async () => {
    await call("/blogs?page=1&utm_source=newsletter");
    await call("/blogs?page=1");
    // The tagged view is answered as rendered; the copy the cache keeps is rendered again without the
    // tags (its own line), and serves the next view.
    const [first, stored, second] = requestLines();
    expect(first).toEqual({
      level: "info",
      type: "request",
      method: "GET",
      route: "routes/blogs+/_index",
      path: "/blogs",
      status: 200,
      ms: expect.any(Number),
      cache: "MISS",
    });
    expect(stored).toMatchObject({ route: "edge-cache:revalidate", cache: "REVALIDATE", path: "/blogs" });
    expect(second).toMatchObject({ route: "routes/blogs+/_index", cache: "HIT" });
    expect(lines.join("\n")).not.toContain("newsletter");
  });

  it("names the signed-in user (by id) and never logs a password, a cookie, a token or form contents", async () => {
    const user = await createTestUser({ fullName: "Log Tester", password: "correct horse battery staple" });
    const login = await call("/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }),
    });
    expect(login.status).toBe(302);
    const cookie = await sessionCookieFor(user.id);
    await call("/admin/blogs", { headers: { Cookie: cookie } });
    const apiLogin = await call("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(apiLogin.status).toBe(200);
    const token = "abcdefabcdef0123456789";
    await call(`/reset-password/${token}`);
    await call(`/blogs?token=${token}`);

    const logged = requestLines();
    expect(logged.map((line) => line.route)).toEqual([
      "routes/_auth+/login",
      "routes/admin_+/blogs",
      "routes/api+/auth.login",
      "routes/_auth+/reset-password.$token",
      "routes/blogs+/_index",
    ]);
    expect(logged[1]).toMatchObject({ method: "GET", status: 200, cache: "BYPASS", user: user.id });
    expect(logged[3]).toMatchObject({ path: "/reset-password/:token" });
    const everything = lines.join("\n");
    for (const secret of [user.password, user.email, cookie.split("=")[1]!, token, "Log Tester"])
      expect(everything).not.toContain(secret);
  });

  it("writes nothing per request with LOG_LEVEL=error, and one error line with its cause", async () => {
    await call("/about", {}, { ...infoEnv, LOG_LEVEL: "error" });
    expect(lines).toEqual([]);

    expectConsoleError(1);
    const { SESSION_SECRET: _missing, ...broken } = infoEnv;
    const response = await call("/about", {}, broken);
    expect(response.status).toBe(500);
    expect(response.text).not.toContain("SESSION_SECRET");
    expect(consoleErrors.calls).toHaveLength(1);
    const error = JSON.parse(String(consoleErrors.calls[0]![0])) as {
      level: string;
      where: string;
      error: { name: string; message: string };
    };
    expect(error).toMatchObject({ level: "error", type: "error", where: "configuration", error: { name: "EnvError" } });
    expect(error.error.message).toContain("SESSION_SECRET is not set");
    expect(requestLines()).toEqual([expect.objectContaining({ route: "routes/_site+/about", status: 500 })]);
  });

  it("masks secret route params", () => {
    expect(loggablePath("/api/auth/reset-password/s3cr3t", { token: "s3cr3t" })).toBe(
      "/api/auth/reset-password/:token",
    );
    expect(loggablePath("/blogs/some-slug", { slug: "some-slug" })).toBe("/blogs/some-slug");
  });
});
