/**
 * Fixed-window rate limits stored in D1, so they hold across requests,
 * isolates and restarts. One atomic upsert per hit.
 *
 *   const limit = await hitRateLimit(ctx, { name: "login-ip", subject: ipKey, limit: 20, windowMs: 15 * 60_000 });
 *   if (!limit.allowed) return tooManyAttempts(limit);
 */
import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { sha256 } from "./crypto.server";
import type { Db } from "./db.server";
import type { AppEnv } from "./env.server";

export type RateLimitContext = { db: Db; env: AppEnv };
export type RateLimitRule = { name: string; subject: string; limit: number; windowMs: number; now?: Date };
export type RateLimitState = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

function effectiveLimit(env: AppEnv, limit: number) {
  return Math.ceil(limit * env.RATE_LIMIT_MULTIPLIER);
}

function keyFor(rule: RateLimitRule) {
  return `${rule.name}:${rule.subject}`;
}

/** Count one event against the rule and say whether it is still within the limit. */
export async function hitRateLimit({ db, env }: RateLimitContext, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await rateLimitHitQuery(db, rule);
  return rateLimitStateOf(env, rule, row!);
}

/**
 * The upsert behind `hitRateLimit`, not yet run: for callers that put the hit
 * and their own write in one D1 batch (one round trip, one transaction). Read
 * its returned row with `rateLimitStateOf`.
 */
export function rateLimitHitQuery(db: Db, rule: RateLimitRule) {
  return hitUpsert(db, rule)
    .onConflictDoUpdate(hitUpdate(rule))
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/** The first hit of a window: a new row counting one. */
function hitUpsert(db: Db, rule: RateLimitRule) {
  const now = (rule.now ?? new Date()).getTime();
  return db.insert(rateLimits).values({ key: keyFor(rule), count: 1, windowStart: new Date(now) });
}

/** A later hit: an expired window starts again at one, a current one counts one more. */
function hitUpdate(rule: RateLimitRule) {
  const now = (rule.now ?? new Date()).getTime();
  const windowStartsAfter = now - rule.windowMs;
  return {
    target: rateLimits.key,
    set: {
      count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter} THEN 1 ELSE ${rateLimits.count} + 1 END`,
      windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartsAfter} THEN ${now} ELSE ${rateLimits.windowStart} END`,
    },
  };
}

/** The state after a hit, from the row `rateLimitHitQuery` returned. */
export function rateLimitStateOf(
  env: AppEnv,
  rule: RateLimitRule,
  row: { count: number; windowStart: Date },
): RateLimitState {
  const now = (rule.now ?? new Date()).getTime();
  return stateOf(env, rule, row.count, row.windowStart.getTime(), now);
}

/** The limit actually enforced (RATE_LIMIT_MULTIPLIER applied), e.g. for a SQL condition. */
export function effectiveRateLimit(env: AppEnv, rule: Pick<RateLimitRule, "limit">) {
  return effectiveLimit(env, rule.limit);
}

/** The stored key of a rule (purpose and subject), e.g. for a SQL condition. */
export function rateLimitKey(rule: Pick<RateLimitRule, "name" | "subject">) {
  return keyFor(rule as RateLimitRule);
}

/** The rule's state without counting (e.g. before checking a password). */
export async function peekRateLimit({ db, env }: RateLimitContext, rule: RateLimitRule): Promise<RateLimitState> {
  const now = (rule.now ?? new Date()).getTime();
  const row = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, keyFor(rule)) });
  if (!row || row.windowStart.getTime() <= now - rule.windowMs) return stateOf(env, rule, 0, now, now);
  // A peek asks "may one more happen?", so compare as if this were the next hit.
  const state = stateOf(env, rule, row.count + 1, row.windowStart.getTime(), now);
  return { ...state, count: row.count };
}

/**
 * Reserve one attempt against the rule before doing the thing it limits (checking a password or a
 * 2FA code): one conditional upsert counts it only while the window still has room, so however many
 * requests race, at most `limit` are allowed per window (docs/decisions/072-atomic-throttle.md).
 * A refused reservation counts nothing. After a success, `refundAttempt` (give this slot back) or
 * `resetRateLimit` (forget every failure); after a failure, keep the slot: it was the failure's count.
 */
export async function reserveAttempt({ db, env }: RateLimitContext, rule: RateLimitRule): Promise<RateLimitState> {
  const now = (rule.now ?? new Date()).getTime();
  const windowStartsAfter = now - rule.windowMs;
  const limit = effectiveLimit(env, rule.limit);
  const [row] = await hitUpsert(db, rule)
    .onConflictDoUpdate({
      ...hitUpdate(rule),
      // The whole check: an expired window starts again; a current one grows only below the limit.
      setWhere: sql`${rateLimits.windowStart} <= ${windowStartsAfter} OR ${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row) return stateOf(env, rule, row.count, row.windowStart.getTime(), now);
  // Refused: read the window only to say when it opens again.
  const current = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, keyFor(rule)) });
  return {
    ...stateOf(env, rule, limit + 1, current?.windowStart.getTime() ?? now, now),
    count: current?.count ?? limit,
  };
}

/** Give back one attempt reserved with `reserveAttempt` (it succeeded, so it is no failure). */
export async function refundAttempt({ db }: RateLimitContext, rule: Pick<RateLimitRule, "name" | "subject">) {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keyFor(rule as RateLimitRule)));
}

/** Forget the rule's count (e.g. failed logins after a successful one). */
export async function resetRateLimit({ db }: RateLimitContext, rule: Pick<RateLimitRule, "name" | "subject">) {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyFor(rule as RateLimitRule)));
}

function stateOf(env: AppEnv, rule: RateLimitRule, count: number, windowStart: number, now: number): RateLimitState {
  const limit = effectiveLimit(env, rule.limit);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: count <= limit, count, limit, retryAfterSeconds };
}

/** 'Too many attempts, try again in N minutes.' */
export function tooManyAttemptsMessage(state: Pick<RateLimitState, "retryAfterSeconds">) {
  const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * A stable, non-reversible key for the client's IP address (Cloudflare sets
 * CF-Connecting-IP; locally there is none and every request shares one key).
 * An IPv6 client is its /64 network (`clientAddressGroup`).
 */
export async function clientIpKey(request: Request, env: AppEnv): Promise<string> {
  const ip = clientAddressGroup(request.headers.get("CF-Connecting-IP") ?? "local");
  return (await sha256(`${env.JWT_SECRET}:${ip}`)).slice(0, 32);
}

/**
 * The client an address stands for, in one spelling. An IPv6 host is given a whole /64 network and may
 * send from any of its 2^64 addresses, so a per-address limit would not hold: IPv6 counts by its first
 * four groups ("2001:db8:4c:e1::/64"); an IPv4-mapped address is that IPv4 address. Anything else is
 * kept as it is.
 */
export function clientAddressGroup(address: string): string {
  const ip = address.trim().toLowerCase();
  if (!ip.includes(":")) return ip;
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1]!;
  const halves = ip.split("::");
  if (halves.length > 2) return ip;
  const groups = (half: string | undefined) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // A trailing IPv4 part (::1.2.3.4) takes two groups; only the first four groups matter here.
  const tailLength = tail.reduce((length, group) => length + (group.includes(".") ? 2 : 1), 0);
  const all =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tailLength)).fill("0"), ...tail]
      : head;
  const prefix = all.slice(0, 4);
  if (prefix.length < 4 || !prefix.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return ip;
  return `${prefix.map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}
