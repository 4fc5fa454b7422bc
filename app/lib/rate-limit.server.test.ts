import { describe, expect, it } from "vitest";
import { testContext } from "../../tests/helpers";
import {
  clientAddressGroup,
  hitRateLimit,
  peekRateLimit,
  refundAttempt,
  reserveAttempt,
  resetRateLimit,
  tooManyAttemptsMessage,
} from "./rate-limit.server";

describe("rate limits in D1", () => {
  const rule = { name: "test", subject: "someone", limit: 3, windowMs: 10 * 60_000 };

  it("allows the limit, refuses the next hit, and opens again after the window", async () => {
    const ctx = testContext();
    const t0 = new Date("2026-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(ctx, { ...rule, now: t0 }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(600);
    expect(tooManyAttemptsMessage(results[3]!)).toBe("Too many attempts, try again in 10 minutes.");

    const later = new Date(t0.getTime() + 10 * 60_000 + 1);
    const next = await hitRateLimit(ctx, { ...rule, now: later });
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it("peeks without counting and resets", async () => {
    const ctx = testContext();
    const now = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 3; i++) await hitRateLimit(ctx, { ...rule, now });
    expect(await peekRateLimit(ctx, { ...rule, now })).toMatchObject({ allowed: false, count: 3 });
    expect(await peekRateLimit(ctx, { ...rule, now })).toMatchObject({ count: 3 });
    await resetRateLimit(ctx, rule);
    expect(await peekRateLimit(ctx, { ...rule, now })).toMatchObject({ allowed: true, count: 0 });
  });

  it("keeps subjects apart", async () => {
    const ctx = testContext();
    const now = new Date();
    for (let i = 0; i < 4; i++) await hitRateLimit(ctx, { ...rule, now });
    expect((await hitRateLimit(ctx, { ...rule, subject: "someone-else", now })).allowed).toBe(true);
  });

  it("reserveAttempt: of 25 racing reservations exactly the limit succeed, and a refused one counts nothing", async () => {
    const ctx = testContext();
    const now = new Date("2026-01-01T10:00:00Z");
    const racing = { ...rule, subject: "racer", now };
    const results = await Promise.all(Array.from({ length: 25 }, () => reserveAttempt(ctx, racing)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds === 600)).toBe(true);
    expect(await peekRateLimit(ctx, racing)).toMatchObject({ count: 3, allowed: false });

    // A refund gives one slot back; the window then fills again.
    await refundAttempt(ctx, racing);
    expect(await reserveAttempt(ctx, racing)).toMatchObject({ allowed: true, count: 3 });
    expect((await reserveAttempt(ctx, racing)).allowed).toBe(false);

    // A new window starts at one.
    const later = new Date(now.getTime() + rule.windowMs + 1);
    expect(await reserveAttempt(ctx, { ...racing, now: later })).toMatchObject({ allowed: true, count: 1 });
  });
});

describe("the client an address stands for", () => {
  it("is an IPv6 address's /64 network, however it is written, and an IPv4 address as it is", () => {
    for (const address of [
      "2001:db8:4c:e1::1",
      "2001:db8:4c:e1:ffff:ffff:ffff:ffff",
      "2001:0DB8:004C:00E1:0:0:0:99",
      " 2001:db8:4c:e1::7 ",
    ])
      expect(clientAddressGroup(address), address).toBe("2001:db8:4c:e1::/64");
    expect(clientAddressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressGroup("2001:db8:4c:e2::1")).not.toBe(clientAddressGroup("2001:db8:4c:e1::1"));
    expect(clientAddressGroup("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientAddressGroup("0:0:0:0:0:ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientAddressGroup("203.0.113.5")).toBe("203.0.113.5");
    expect(clientAddressGroup("local")).toBe("local");
    expect(clientAddressGroup("not:an:address")).toBe("not:an:address");
  });
});
