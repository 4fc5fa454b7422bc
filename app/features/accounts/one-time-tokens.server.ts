/**
 * One-time links mailed to a user: password reset and email verification.
 * A token is 32 random bytes; only its SHA-256 is stored, so a copy of the
 * database (or the outbox, which shows mail redacted) hands out no live link.
 * Using a token claims it with one conditional UPDATE, so of two concurrent
 * uses only one succeeds; it also fails once the token has expired.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { oneTimeTokens, type OneTimeTokenPurpose } from "../../../db/schema";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { sendMail } from "~/lib/mailer.server";

type Ctx = Pick<AppLoadContext, "db">;

/** Longer strings are never tokens (a token is 43 characters); refused before hashing. */
const MAX_TOKEN_LENGTH = 200;

/**
 * Create a token for the user; returns the token itself (for the link) — only its hash is stored.
 * `replaceEarlier`: the user's unused tokens of this purpose stop working, in the same batch.
 */
export async function createOneTimeToken(
  ctx: Ctx,
  {
    userId,
    purpose,
    ttlMs,
    now = new Date(),
    replaceEarlier = false,
  }: { userId: string; purpose: OneTimeTokenPurpose; ttlMs: number; now?: Date; replaceEarlier?: boolean },
): Promise<string> {
  const token = randomToken(32);
  const insert = ctx.db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: await sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  if (replaceEarlier) await ctx.db.batch([revokeTokensQuery(ctx, userId, purpose, now), insert]);
  else await insert;
  return token;
}

/**
 * Create a token for the user and mail them its link: APP_ORIGIN, `path`, then the token (never the
 * request's Host). The token is one of the mail's secrets, so staff reading the outbox cannot use the
 * link. The mail's kind is the token's purpose; its text greets the user, then says `lines(link)`.
 */
export async function mailOneTimeLink(
  ctx: Pick<AppLoadContext, "db" | "env">,
  user: { id: string; email: string; fullName: string },
  {
    purpose,
    ttlMs,
    now,
    replaceEarlier,
    path,
    subject,
    lines,
  }: {
    purpose: OneTimeTokenPurpose;
    ttlMs: number;
    now: Date;
    replaceEarlier?: boolean;
    path: string;
    subject: string;
    lines: (link: string) => string[];
  },
): Promise<string> {
  const token = await createOneTimeToken(ctx, { userId: user.id, purpose, ttlMs, now, replaceEarlier });
  const link = new URL(`${path}${token}`, ctx.env.APP_ORIGIN).toString();
  await sendMail(ctx, {
    to: user.email,
    kind: purpose,
    secrets: [token],
    subject,
    text: [`Hello ${user.fullName},`, "", ...lines(link)].join("\n"),
  });
  return token;
}

async function usableWhere(purpose: OneTimeTokenPurpose, token: string, now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, await sha256(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

/** The token's row while it can still be used (unused, unexpired, of this purpose), else null. */
export async function findUsableToken(ctx: Ctx, purpose: OneTimeTokenPurpose, token: string, now = new Date()) {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return (await ctx.db.query.oneTimeTokens.findFirst({ where: await usableWhere(purpose, token, now) })) ?? null;
}

/**
 * Use the token: mark it used if it still can be, in one statement. Returns
 * its user, or null when it is unknown, expired, already used or of another
 * purpose (or of another user than `userId`, when given: the token stays usable).
 */
export async function claimToken(
  ctx: Ctx,
  purpose: OneTimeTokenPurpose,
  token: string,
  { now = new Date(), userId }: { now?: Date; userId?: string } = {},
): Promise<{ userId: string } | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const where = await usableWhere(purpose, token, now);
  const [claimed] = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(userId ? and(where, eq(oneTimeTokens.userId, userId)) : where)
    .returning({ userId: oneTimeTokens.userId });
  return claimed ?? null;
}

/**
 * Undo a claim whose change could not be saved (the database refused the write that follows it),
 * so the link still works: only the claim made at `claimedAt` is released, never a later use.
 */
export async function releaseToken(ctx: Ctx, purpose: OneTimeTokenPurpose, token: string, claimedAt: Date) {
  await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: null })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, await sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.usedAt, claimedAt),
      ),
    );
}

/** The statement that ends every unused token of a user for a purpose (for a D1 batch). */
export function revokeTokensQuery(ctx: Ctx, userId: string, purpose: OneTimeTokenPurpose, now = new Date()) {
  return ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
