/**
 * Google sign-in, two ways, one rule for who the user is:
 *  - the OAuth code flow (remix-auth-google) from the "Sign in with Google" button;
 *  - the one-tap / API credential: POST /api/auth/google {token} with a Google ID token.
 * Either way the ID token's signature (JWKS), issuer, audience and expiry are
 * verified with jose, and `sub` is the Google account id. Google's endpoints
 * are configuration (GOOGLE_*_URL), so tests use a local OpenID Connect server.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from "jose";
import { GoogleStrategy } from "remix-auth-google";
import { users } from "../../../db/schema";
import { isWellFormedJwt, loadAuthUser, type AuthUser } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { logError } from "~/lib/log.server";
import { destroyUserSessions } from "~/lib/session.server";
import { sendVerificationEmail } from "./email-verification.server";

type Ctx = Pick<AppLoadContext, "db" | "env">;

import { GOOGLE_LOGIN_FAILED } from "./messages";

export { GOOGLE_LOGIN_FAILED };

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name: string };

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function googleEnabled(ctx: Ctx) {
  return Boolean(ctx.env.GOOGLE_CLIENT_ID);
}

/** Verify a Google ID token and return who it names. Throws a 401 'Google login failed' otherwise. */
export async function verifyGoogleIdToken(ctx: Ctx, idToken: string, now = new Date()): Promise<GoogleIdentity> {
  if (!googleEnabled(ctx)) throw new HttpError(400, "Google sign-in is not configured");
  if (!isWellFormedJwt(idToken)) throw new HttpError(401, GOOGLE_LOGIN_FAILED);
  let jwks = jwksByUrl.get(ctx.env.GOOGLE_JWKS_URL);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(ctx.env.GOOGLE_JWKS_URL));
    jwksByUrl.set(ctx.env.GOOGLE_JWKS_URL, jwks);
  }
  // Google issues both forms of its issuer.
  const issuers = [ctx.env.GOOGLE_ISSUER];
  if (ctx.env.GOOGLE_ISSUER === "https://accounts.google.com") issuers.push("accounts.google.com");
  try {
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: issuers,
      audience: ctx.env.GOOGLE_CLIENT_ID,
      currentDate: now,
      algorithms: ["RS256"],
    });
    if (typeof payload.sub !== "string" || !payload.sub || typeof payload.email !== "string") {
      throw new HttpError(401, GOOGLE_LOGIN_FAILED);
    }
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
      name:
        typeof payload.name === "string" && payload.name.trim()
          ? payload.name.trim().slice(0, 100)
          : payload.email.split("@")[0]!,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw new HttpError(401, GOOGLE_LOGIN_FAILED);
    }
    throw error;
  }
}

/**
 * The account for a Google identity: the one already linked to this Google
 * account; else the account with the same email, linked only when Google says
 * the email is verified; else a new account (no password until the user sets
 * one through forgot-password), verified only when Google says so.
 */
export async function userForGoogleIdentity(ctx: Ctx, identity: GoogleIdentity, now = new Date()): Promise<AuthUser> {
  const linked = await ctx.db.query.users.findFirst({ where: eq(users.googleSub, identity.sub) });
  if (linked) {
    if (identity.emailVerified && !linked.emailVerified && linked.email === identity.email) {
      await ctx.db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, linked.id));
    }
    return (await loadAuthUser(ctx, linked.id))!;
  }

  const sameEmail = await ctx.db.query.users.findFirst({ where: eq(users.email, identity.email) });
  if (sameEmail) {
    if (!identity.emailVerified) {
      throw new HttpError(409, "This email belongs to an existing account. Log in with your password.");
    }
    if (sameEmail.googleSub && sameEmail.googleSub !== identity.sub) throw new HttpError(409, GOOGLE_LOGIN_FAILED);
    // An unverified account's password was chosen by someone who never proved the email: Google has
    // now proved it belongs to this person, so that password (and its sessions and tokens) ends.
    const claimedByOwner = !sameEmail.emailVerified;
    await ctx.db
      .update(users)
      .set({
        googleSub: identity.sub,
        emailVerified: true,
        updatedAt: now,
        ...(claimedByOwner ? { passwordHash: null, credentialsValidAfter: now } : {}),
      })
      .where(eq(users.id, sameEmail.id));
    if (claimedByOwner) await destroyUserSessions(ctx, sameEmail.id);
    return (await loadAuthUser(ctx, sameEmail.id))!;
  }

  const [created] = await ctx.db
    .insert(users)
    .values({
      email: identity.email,
      fullName: identity.name,
      googleSub: identity.sub,
      emailVerified: identity.emailVerified,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) throw new HttpError(409, GOOGLE_LOGIN_FAILED);
  const user = (await loadAuthUser(ctx, created.id))!;
  if (!user.emailVerified) {
    try {
      await sendVerificationEmail(ctx, user, now);
    } catch (error) {
      logError(error, { where: "Google sign-in: mailing the verification link" });
    }
  }
  return user;
}

/** remix-auth-google's strategy, pointed at the configured endpoints. */
class ConfiguredGoogleStrategy extends GoogleStrategy<AuthUser> {
  constructor(ctx: Ctx, callbackURL: string) {
    super(
      {
        clientID: ctx.env.GOOGLE_CLIENT_ID,
        clientSecret: ctx.env.GOOGLE_CLIENT_SECRET,
        callbackURL,
        prompt: "select_account",
      },
      async ({ extraParams }) => {
        const idToken = (extraParams as { id_token?: unknown }).id_token;
        if (typeof idToken !== "string") throw new HttpError(401, GOOGLE_LOGIN_FAILED);
        return userForGoogleIdentity(ctx, await verifyGoogleIdToken(ctx, idToken));
      },
    );
    this.authorizationURL = ctx.env.GOOGLE_AUTH_URL;
    this.tokenURL = ctx.env.GOOGLE_TOKEN_URL;
  }

  // The identity comes from the verified ID token, so the userinfo call is not needed.
  override async userProfile() {
    return { provider: "google" } as Awaited<ReturnType<GoogleStrategy<AuthUser>["userProfile"]>>;
  }
}

/** The callback is on APP_ORIGIN, never on the request's Host (a forged Host must not become Google's redirect). */
export function googleStrategy(ctx: Ctx) {
  return new ConfiguredGoogleStrategy(ctx, new URL("/auth/google/callback", ctx.env.APP_ORIGIN).toString());
}
