/**
 * The roles manager: lists of emails per role (docs/product.md#staff-pages). ADMIN_EMAILS
 * (configuration) are always admins and cannot be removed here. A change
 * applies on the user's next request, since roles are read per request.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray } from "drizzle-orm";
import { roleAssignments, users, type AssignableRole } from "../../../db/schema";
import type { AuthUser } from "~/lib/auth.server";
import { auditStatement } from "~/lib/audit.server";
import { insertOnlyIf, runRawBatch, type RawStatement } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { isConfiguredAdmin, roleRemovalRefusal } from "~/lib/permissions";

type Ctx = Pick<AppLoadContext, "db" | "env">;

export type RolesList = { admin: string[]; teacher: string[] };

export async function listRoles(ctx: Ctx): Promise<RolesList> {
  const rows = await ctx.db.select().from(roleAssignments).orderBy(asc(roleAssignments.email));
  const lists: Record<AssignableRole, Set<string>> = { admin: new Set(ctx.env.ADMIN_EMAILS), teacher: new Set() };
  for (const row of rows) lists[row.role].add(row.email);
  return { admin: [...lists.admin].sort(), teacher: [...lists.teacher].sort() };
}

/**
 * Whether a role granted to each email is in use: "active" (a verified account), "unverified"
 * (an account that has not confirmed the email yet: it acts as a client) or "unregistered".
 */
export type RoleHolderStatus = "active" | "unverified" | "unregistered";

export async function roleHolderStatuses(ctx: Ctx, emails: string[]): Promise<Record<string, RoleHolderStatus>> {
  const statuses: Record<string, RoleHolderStatus> = {};
  for (const email of emails) statuses[email] = "unregistered";
  // D1 binds at most 100 parameters per statement.
  for (let start = 0; start < emails.length; start += 90) {
    const rows = await ctx.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(inArray(users.email, emails.slice(start, start + 90)));
    for (const row of rows) statuses[row.email] = row.emailVerified ? "active" : "unverified";
  }
  return statuses;
}

/** What /admin/roles and POST /api/roles/add say when the email already has the role. */
export const ALREADY_HAS_ROLE: Record<AssignableRole, string> = {
  admin: "Already an admin",
  teacher: "Already a teacher",
};

/** What /admin/roles and POST /api/roles/add say after a grant: the role is named, so a slip shows at once. */
export const addedMessage = (input: { role: AssignableRole; email: string }) =>
  `Added ${input.email} as ${input.role}.`;

/** The grant of a role to an email, for an insert's condition (params: role, email). */
const ROLE_ROW = "select 1 from role_assignments where role = ? and email = ?";

/** The audit row of a role's grant or removal. */
function roleAudit(
  ctx: Ctx,
  actor: AuthUser,
  input: { role: AssignableRole; email: string },
  change: "grant" | "remove",
) {
  return auditStatement(ctx, actor, {
    kind: "role",
    id: `${input.role}:${input.email}`,
    action: `role-${change}`,
    summary: `${input.email}: ${change === "grant" ? "granted" : "removed"} ${input.role}`,
  }).toSQL();
}

/**
 * A role's grant and its audit row, for a D1 batch: both are written only when the email does not
 * have the role yet and `when` (a condition of the caller's batch, if any) holds as they run. The
 * first statement's `meta.changes` says whether the role was granted.
 */
export function roleGrantStatements(
  ctx: Ctx,
  actor: AuthUser,
  input: { role: AssignableRole; email: string },
  when?: RawStatement,
): RawStatement[] {
  const condition = {
    sql: `not exists (${ROLE_ROW})${when ? ` and (${when.sql})` : ""}`,
    params: [input.role, input.email, ...(when?.params ?? [])],
  };
  return [
    insertOnlyIf(roleAudit(ctx, actor, input, "grant"), condition),
    insertOnlyIf(
      ctx.db.insert(roleAssignments).values({ role: input.role, email: input.email, createdBy: actor.id }).toSQL(),
      condition,
    ),
  ];
}

/**
 * Add an email to a role. An empty email is ignored (docs/product.md#validation). `added` is
 * false when nothing changed: the email was empty or already had the role (on the list, or an
 * admin set in ADMIN_EMAILS).
 */
export async function addRole(
  ctx: Ctx,
  actor: AuthUser,
  input: { role: AssignableRole; email: string },
): Promise<{ roles: RolesList; added: boolean }> {
  let added = false;
  if (input.email && !isConfiguredAdmin(input.role, input.email, ctx.env.ADMIN_EMAILS)) {
    // The grant and its audit row in one batch: both only when the grant is new.
    const [audited] = await runRawBatch(ctx.db, roleGrantStatements(ctx, actor, input));
    added = Boolean(audited?.meta.changes);
  }
  return { roles: await listRoles(ctx), added };
}

export async function removeRole(ctx: Ctx, actor: AuthUser, input: { role: AssignableRole; email: string }) {
  if (!input.email) return listRoles(ctx);
  const refusal = roleRemovalRefusal(input, actor.email, ctx.env.ADMIN_EMAILS);
  if (refusal) throw new HttpError(400, refusal);
  // The removal and its audit row in one batch: the audit row only while the grant exists.
  await runRawBatch(ctx.db, [
    insertOnlyIf(roleAudit(ctx, actor, input, "remove"), {
      sql: `exists (${ROLE_ROW})`,
      params: [input.role, input.email],
    }),
    ctx.db
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.role, input.role), eq(roleAssignments.email, input.email)))
      .toSQL(),
  ]);
  return listRoles(ctx);
}
