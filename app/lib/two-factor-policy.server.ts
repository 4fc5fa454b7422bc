/**
 * The site's "staff must use two-factor" rule, as the guards enforce it. The
 * setting is changed by the accounts feature (two-factor.server.ts); this
 * module only reads it, so the page and API guards in app/lib can ask.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull } from "drizzle-orm";
import { siteSettings, userTwoFactor, type Role } from "../../db/schema";
import { can } from "./permissions";

type Ctx = Pick<AppLoadContext, "db">;

export const SITE_SETTINGS_ID = "site";
export const TWO_FACTOR_SETUP_PATH = "/account/security";
export const STAFF_TWO_FACTOR_REQUIRED_MESSAGE =
  "Two-factor sign-in is required for staff accounts: set it up at /account/security first.";

export async function staffTwoFactorRequired(ctx: Ctx): Promise<boolean> {
  const row = await ctx.db.query.siteSettings.findFirst({ where: eq(siteSettings.id, SITE_SETTINGS_ID) });
  return row?.staffTwoFactorRequired ?? false;
}

export async function hasTwoFactor(ctx: Ctx, userId: string): Promise<boolean> {
  const row = await ctx.db.query.userTwoFactor.findFirst({
    where: and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)),
    columns: { userId: true },
  });
  return Boolean(row);
}

/** True when the user is staff, the site requires two-factor for staff, and the user has not set it up. */
export async function blockedUntilTwoFactor(ctx: Ctx, user: { id: string; role: Role }): Promise<boolean> {
  // Staff: those who may enter the staff area (the permissions table).
  if (!can(user, "staff-area:enter")) return false;
  if (!(await staffTwoFactorRequired(ctx))) return false;
  return !(await hasTwoFactor(ctx, user.id));
}
