// migrations/0003_accounts_trust.sql: accounts that exist before email verification count
// as verified, so nobody who could sign in yesterday loses a role today. Each test file starts with
// every migration applied; this one empties its (isolated) database and replays them from the start:
// up to 0002, an account as it was then, then 0003.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedUpTo } from "../helpers";

describe("migration 0003: accounts that already exist are verified", () => {
  it("marks a user stored under 0002 as verified, and keeps its reset link", async () => {
    const migration = await migratedUpTo("0003_accounts_trust");
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('users')").all<{ name: string }>();
    const names = columns.results.map((column) => column.name);
    // The 0002 schema: the flag exists, and an account of that time was stored unverified.
    expect(names).toContain("email_verified");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO users (id, email, full_name, password_hash, email_verified, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)",
    )
      .bind("old-user", "old.partner@example.com", "Old Partner", "scrypt$x", now, now)
      .run();
    await env.DB.prepare(
      "INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
    )
      .bind("old-token", "old-user", "hash-of-a-mailed-link", now + 3600_000, now)
      .run();

    await migration.applyIt();
    const user = await env.DB.prepare("SELECT email_verified FROM users WHERE id = 'old-user'").first<{
      email_verified: number;
    }>();
    expect(user).toEqual({ email_verified: 1 });
    const token = await env.DB.prepare("SELECT purpose, user_id FROM one_time_tokens WHERE id = 'old-token'").first();
    expect(token).toEqual({ purpose: "password-reset", user_id: "old-user" });
  });
});
