/**
 * Browser sessions, stored in D1. The cookie carries only a random session id
 * (256 bits), signed with SESSION_SECRET (a list, so secrets rotate). The
 * table stores the SHA-256 of the id, so a copy of the database does not hand
 * out live sessions. Idle timeout 7 days, absolute timeout 30 days.
 */
import type { Session } from "@remix-run/cloudflare";
import { and, eq, ne } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { cookieHeaderFor } from "./cookies";
import { createCookie, createSessionStorage } from "./signed-cookies.server";
import { randomToken, sha256 } from "./crypto.server";
import type { Db } from "./db.server";
import type { AppEnv } from "./env.server";

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 3600_000;

export type SessionData = { userId: string };
export type SessionContext = { db: Db; env: AppEnv; now?: () => Date };

export const sessionCookieName = (env: AppEnv) => siteCookieName(env, "session");

/** `__Host-{name}` in production; plain `name` over local HTTP (`__Host-` needs Secure). */
const siteCookieName = (env: AppEnv, name: string) => (env.isLocal ? name : `__Host-${name}`);

/**
 * A signed, HttpOnly, SameSite=Lax cookie of this site (`__Host-` and Secure in production, plain
 * `name` over local HTTP) that lives `maxAgeSeconds`: the session's, and the short-lived ones of the
 * sign-in steps (the two-factor step, a sign-in link's confirmation).
 */
export function siteCookie(env: AppEnv, name: string, maxAgeSeconds: number) {
  return createCookie(siteCookieName(env, name), {
    httpOnly: true,
    sameSite: "lax",
    secure: !env.isLocal,
    path: "/",
    secrets: env.SESSION_SECRET,
    maxAge: maxAgeSeconds,
  });
}

const storages = new WeakMap<Db, ReturnType<typeof buildStorage>>();

export function sessionStorage(ctx: SessionContext) {
  let storage = storages.get(ctx.db);
  if (!storage) {
    storage = buildStorage(ctx);
    storages.set(ctx.db, storage);
  }
  return storage;
}

function buildStorage({ db, env, now = () => new Date() }: SessionContext) {
  const cookie = siteCookie(env, "session", SESSION_ABSOLUTE_MS / 1000);
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data) {
      if (!data.userId) throw new Error("a session needs a user");
      const id = randomToken(32);
      const at = now();
      await db.insert(sessions).values({
        id: await sha256(id),
        userId: data.userId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      });
      return id;
    },
    async readData(id) {
      const hash = await sha256(id);
      const row = await db.query.sessions.findFirst({ where: eq(sessions.id, hash) });
      if (!row) return null;
      const at = now().getTime();
      if (row.expiresAt.getTime() <= at || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= at) {
        await db.delete(sessions).where(eq(sessions.id, hash));
        return null;
      }
      if (at - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(sessions.id, hash));
      }
      return { userId: row.userId };
    },
    async updateData() {
      // The only session datum (the user) never changes; a new login makes a new session.
    },
    async deleteData(id) {
      await db.delete(sessions).where(eq(sessions.id, await sha256(id)));
    },
  });
}

/** Start a session for the user; returns the Set-Cookie value. */
export async function createUserSession(ctx: SessionContext, userId: string): Promise<string> {
  const storage = sessionStorage(ctx);
  const session = await storage.getSession();
  session.set("userId", userId);
  return storage.commitSession(session);
}

/** The request's session; a malformed or forged cookie counts as no session (never an error). */
export async function readSession(ctx: SessionContext, request: Request): Promise<Session<SessionData>> {
  const storage = sessionStorage(ctx);
  try {
    return await storage.getSession(cookieHeaderFor(request, sessionCookieName(ctx.env)));
  } catch {
    return storage.getSession();
  }
}

/** End the request's session (if any); returns the Set-Cookie value that clears the cookie. */
export async function destroyRequestSession(ctx: SessionContext, request: Request): Promise<string> {
  return sessionStorage(ctx).destroySession(await readSession(ctx, request));
}

/** End every session of a user (password reset, an admin's action). */
export async function destroyUserSessions({ db }: { db: Db }, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The statements that end every sign-in of a user but the request's own session (kept when given):
 * the other sessions are deleted and the credentials version moves on, which revokes every API token
 * issued before (auth.server.ts `cv`). Batched with the change that calls for it.
 */
export async function endOtherSignInsStatements(ctx: SessionContext, userId: string, keep?: Request, now = new Date()) {
  const kept = keep ? (await readSession(ctx, keep)).id : "";
  const keptHash = kept ? await sha256(kept) : null;
  return [
    ctx.db.update(users).set({ credentialsValidAfter: now }).where(eq(users.id, userId)),
    ctx.db
      .delete(sessions)
      .where(keptHash ? and(eq(sessions.userId, userId), ne(sessions.id, keptHash)) : eq(sessions.userId, userId)),
  ] as const;
}

/** End every sign-in of the user but the request's own session ("sign out everywhere else"). */
export async function endOtherSignIns(ctx: SessionContext, userId: string, keep?: Request, now = new Date()) {
  await ctx.db.batch(await endOtherSignInsStatements(ctx, userId, keep, now));
}

/** Logout: the account's tokens are revoked (the session itself is destroyed by the caller, keeping the others). */
export async function endSignInsOfLogout(ctx: SessionContext, request: Request, now = new Date()) {
  const userId = (await readSession(ctx, request)).get("userId");
  if (userId) await ctx.db.update(users).set({ credentialsValidAfter: now }).where(eq(users.id, userId));
}
