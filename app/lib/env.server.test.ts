import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const base = () => ({ ...(env as unknown as Record<string, unknown>) });

describe("parseEnv", () => {
  it("names every missing secret and binding in one clear message", () => {
    const raw = base();
    delete raw.SESSION_SECRET;
    delete raw.JWT_SECRET;
    delete raw.DB;
    expect(() => parseEnv(raw)).toThrow(EnvError);
    try {
      parseEnv(raw);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("SESSION_SECRET is not set");
      expect(message).toContain("JWT_SECRET is not set");
      expect(message).toContain("the DB binding is missing");
    }
  });

  it("rejects short secrets and splits the rotation list", () => {
    expect(() => parseEnv({ ...base(), JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32 characters/);
    const parsed = parseEnv({ ...base(), SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(32)}` });
    expect(parsed.SESSION_SECRET).toEqual(["a".repeat(32), "b".repeat(32)]);
  });

  it("lower-cases admin emails and ignores test-only knobs outside local mode", () => {
    const parsed = parseEnv({
      ...base(),
      APP_ENV: "production",
      APP_ORIGIN: "https://www.example.in",
      ADMIN_EMAILS: " Boss@Example.com ,x@example.com",
      QUIZ_TIME_SCALE: "0.01",
    });
    expect(parsed.ADMIN_EMAILS).toEqual(["boss@example.com", "x@example.com"]);
    expect(parsed.isLocal).toBe(false);
    expect(parsed.QUIZ_TIME_SCALE).toBe(1);
  });

  it("APP_ORIGIN: required and https in production, an origin only, the local server's by default", () => {
    const production: Record<string, unknown> = { ...base(), APP_ENV: "production" };
    delete production.APP_ORIGIN;
    expect(() => parseEnv(production)).toThrow(/APP_ORIGIN is required in production/);
    expect(() => parseEnv({ ...production, APP_ORIGIN: "http://www.example.in" })).toThrow(
      /APP_ORIGIN must be https in production/,
    );
    expect(() => parseEnv({ ...production, APP_ORIGIN: "javascript:alert(1)" })).toThrow(/APP_ORIGIN must be/);
    expect(parseEnv({ ...production, APP_ORIGIN: "https://www.example.in/some/path" }).APP_ORIGIN).toBe(
      "https://www.example.in",
    );
    const local = { ...base() };
    delete local.APP_ORIGIN;
    expect(parseEnv(local).APP_ORIGIN).toBe("http://127.0.0.1:8787");
  });

  it("requires a mail API URL when mail goes over HTTP", () => {
    expect(() => parseEnv({ ...base(), MAIL_TRANSPORT: "http" })).toThrow(/MAIL_API_URL is required/);
  });
});
