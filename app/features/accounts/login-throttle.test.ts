// The failed-login throttle under parallel requests (docs/decisions/072-atomic-throttle.md):
// a slot is reserved in one conditional D1 statement before the password is checked, so N parallel
// wrong attempts check at most the limit, whatever their interleaving.
import { like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rateLimits } from "../../../db/schema";
import { createTestUser, postJson, testContext } from "../../../tests/helpers";
import { HttpError } from "~/lib/http.server";
import { INVALID_CREDENTIALS_MESSAGE, LIMITS, reserveSignInAttempt } from "./accounts.server";

// Several password hashes or checks per test: on a loaded machine they take long, and a test cut off
// by its timeout leaves requests running, which breaks the pool's storage isolation for the whole run.
vi.setConfig({ testTimeout: 120_000 });

const PARALLEL = 25;

async function fire(requests: Array<{ email: string; password: string; ip: string }>) {
  const responses = await Promise.all(
    requests.map(({ email, password, ip }) =>
      postJson("/api/auth/login", { email, password }, { "CF-Connecting-IP": ip }),
    ),
  );
  const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, ...((await r.json()) as object) })));
  const count = (status: number) => bodies.filter((body) => body.status === status).length;
  return {
    checked: count(401),
    locked: count(429),
    other: bodies.filter((b) => ![401, 429].includes(b.status)),
    bodies,
  };
}

/**
 * The next two run at the function level (the reservation itself, no password check): on workerd,
 * twenty scrypt checks in a row block the test runtime long enough to upset its storage isolation
 * on a loaded machine, and the HTTP path is already proven by the first test.
 */
const requestFrom = (ip: string) =>
  new Request("http://127.0.0.1/api/auth/login", { method: "POST", headers: { "CF-Connecting-IP": ip } });

/** PARALLEL reservations at once (the i-th from `attempt(i)`): each "reserved", or the refusal's status. */
const reserveAll = (attempt: (i: number) => { ip: string; email: string }) => {
  const ctx = testContext();
  return Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => {
      const { ip, email } = attempt(i);
      return reserveSignInAttempt(ctx, requestFrom(ip), email).then(
        () => "reserved",
        (error: unknown) => (error instanceof HttpError ? error.status : error),
      );
    }),
  );
};

const counter = async (name: string) =>
  (
    await testContext()
      .db.select()
      .from(rateLimits)
      .where(like(rateLimits.key, `${name}:%`))
  ).map((row) => row.count);

describe("the failed-login throttle under parallel requests", () => {
  it(`${PARALLEL} parallel wrong passwords for one account from one address: at most ${LIMITS.loginFailuresPerEmail.limit} are checked`, async () => {
    const user = await createTestUser();
    const result = await fire(
      Array.from({ length: PARALLEL }, (_, i) => ({
        email: user.email,
        password: `wrong guess ${i}`,
        ip: "203.0.113.1",
      })),
    );
    expect(result.other).toEqual([]);
    expect(result.checked).toBe(LIMITS.loginFailuresPerEmail.limit);
    expect(result.locked).toBe(PARALLEL - LIMITS.loginFailuresPerEmail.limit);
    expect(result.bodies.filter((body) => body.status === 401)).toEqual(
      Array(LIMITS.loginFailuresPerEmail.limit).fill({ status: 401, message: INVALID_CREDENTIALS_MESSAGE }),
    );
    expect(await counter(LIMITS.loginFailuresPerEmail.name)).toEqual([LIMITS.loginFailuresPerEmail.limit]);
    // Locked even for the right password.
    expect((await postJson("/api/auth/login", { email: user.email, password: user.password })).status).toBe(429);
  });

  it(`${PARALLEL} parallel sign-in attempts for one account from ${PARALLEL} addresses: the account's limit holds`, async () => {
    const outcomes = await reserveAll((i) => ({ ip: `203.0.113.${100 + i}`, email: "one.account@example.com" }));
    expect(outcomes.filter((outcome) => outcome === "reserved")).toHaveLength(LIMITS.loginFailuresPerEmail.limit);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(PARALLEL - LIMITS.loginFailuresPerEmail.limit);
    // An address is charged only when the account had room.
    expect((await counter(LIMITS.loginFailuresPerIp.name)).reduce((sum, count) => sum + count, 0)).toBe(
      LIMITS.loginFailuresPerEmail.limit,
    );
  });

  it(`${PARALLEL} parallel sign-in attempts for ${PARALLEL} accounts from one address: the address's limit holds`, async () => {
    const outcomes = await reserveAll((i) => ({ ip: "203.0.113.7", email: `spray-${i}@example.com` }));
    expect(outcomes.filter((outcome) => outcome === "reserved")).toHaveLength(LIMITS.loginFailuresPerIp.limit);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(PARALLEL - LIMITS.loginFailuresPerIp.limit);
    // The refused attempts were refunded on their accounts: only the reserved ones count.
    expect((await counter(LIMITS.loginFailuresPerEmail.name)).reduce((sum, count) => sum + count, 0)).toBe(
      LIMITS.loginFailuresPerIp.limit,
    );
  });

  it("a successful login clears the account's failures and gives the address its slot back", async () => {
    const user = await createTestUser();
    const ip = "203.0.113.9";
    for (let i = 0; i < LIMITS.loginFailuresPerEmail.limit - 1; i++) {
      expect(
        (await postJson("/api/auth/login", { email: user.email, password: "nope nope" }, { "CF-Connecting-IP": ip }))
          .status,
      ).toBe(401);
    }
    expect(await counter(LIMITS.loginFailuresPerIp.name)).toEqual([LIMITS.loginFailuresPerEmail.limit - 1]);
    const ok = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      { "CF-Connecting-IP": ip },
    );
    expect(ok.status).toBe(200);
    expect(await counter(LIMITS.loginFailuresPerEmail.name)).toEqual([]);
    // The failures stay counted against the address; the successful attempt does not.
    expect(await counter(LIMITS.loginFailuresPerIp.name)).toEqual([LIMITS.loginFailuresPerEmail.limit - 1]);
  });
});
