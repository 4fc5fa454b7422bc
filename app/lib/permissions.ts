/**
 * Who may do what: the one table of the product's permissions
 * (docs/product.md#roles). Page guards, API routes, feature functions, menus
 * and buttons all ask `can(user, action, resource?)`; server code that must
 * refuse calls `assertCan(...)` from permissions.server.ts, which throws the one
 * typed 403 (an HttpError, so pages and `apiRoute` answer it alike).
 *
 * The table is also the documentation: `docs/permissions.md` is generated from
 * it by `describePermissions()` and a test fails when the two differ.
 *
 * This module is shared by the server and the browser bundle (menus and
 * buttons), so it imports nothing but types.
 */
import type { AssignableRole, Role } from "../../db/schema";

export type { AssignableRole, Role };

/** The least a permission check needs to know about the person asking. */
export type Actor = { id: string; role: Role };

/** What a rule about someone's own thing needs to know about that thing. */
export type Owned = { ownerId: string | null | undefined };

type Rule = {
  /** One line for the generated matrix. */
  description: string;
  /** Roles that may always do it. */
  roles: readonly Role[];
  /** Roles that may do it to what they own (`resource.ownerId === actor.id`). */
  ownerRoles?: readonly Role[];
};

const everyone: readonly Role[] = ["client", "teacher", "admin"];
const staff: readonly Role[] = ["teacher", "admin"];
const admin: readonly Role[] = ["admin"];

/**
 * The permissions table. Keys read `<area>:<verb>`. A visitor (no account)
 * may do none of these: public pages and the consultation and teacher
 * application forms need no permission.
 */
export const PERMISSIONS = {
  "article:submit": { description: "Submit an article for review", roles: everyone },
  "article:moderate": {
    description: "Publish directly, approve, reject, edit and delete any article; see unpublished ones",
    roles: admin,
  },
  "testimonial:submit": { description: "Submit a testimonial for review", roles: everyone },
  "testimonial:moderate": {
    description: "Publish directly, approve, reject, edit and delete any testimonial; see unpublished ones",
    roles: admin,
  },
  "service:enroll": { description: "Enrol in a service", roles: everyone },
  "service:manage": {
    description: "Create, edit and delete services and sub-services (files, videos)",
    roles: staff,
  },
  "quiz:take": { description: "Take a quiz and read one's own results", roles: everyone },
  "quiz:create": { description: "Create quizzes; open the quiz management pages", roles: staff },
  "quiz:manage": {
    description: "Edit and delete a quiz, read its results, CSV and analysis",
    roles: admin,
    ownerRoles: ["teacher"],
  },
  "result:read": {
    description: "Read one attempt's result (the taker's own, or staff who may manage the quiz)",
    roles: admin,
    ownerRoles: everyone,
  },
  "staff-area:enter": { description: "Open the staff area (/admin)", roles: staff },
  "faculty:manage": { description: "Manage founders", roles: admin },
  "site-images:manage": {
    description: "Manage the gallery and accolade images (upload, caption, alt text, order, publish)",
    roles: admin,
  },
  "teacher:manage": {
    description: "Manage teachers and teacher applications (read CVs, approve, reject)",
    roles: admin,
  },
  "role:manage": { description: "Grant and remove the admin and teacher roles", roles: admin },
  "consultation:read": {
    description: "Read and update consultation requests (inbox, CSV)",
    roles: admin,
  },
  "outbox:read": { description: "Read the mail outbox", roles: admin },
  "trash:manage": {
    description: "Open the trash: restore deleted items or delete them forever",
    roles: admin,
  },
  "trash:undo": {
    description: "Undo a delete: restore from the trash an item one moved there oneself (the notice's Undo)",
    roles: admin,
    ownerRoles: staff,
  },
  "activity:read": { description: "Read the activity log of staff changes", roles: admin },
  "settings:manage": { description: "Change site-wide security settings", roles: admin },
  "invoice:manage": {
    description: "Create, issue and void invoices; confirm or reject reported payments; read receivables",
    roles: admin,
  },
  "invoice:read-own": {
    description: "See one's own issued invoices (as their client) and report a payment on them",
    roles: everyone,
  },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;

/** The 403 message of pages and the API (docs/product.md#messages). */
export const FORBIDDEN_MESSAGE = "❌ Forbidden: Insufficient Permissions";

/** May `actor` do `action` (to `resource`, for rules about one's own things)? A visitor may do nothing here. */
export function can(actor: Actor | null | undefined, action: Action, resource?: Owned): boolean {
  if (!actor) return false;
  const rule: Rule = PERMISSIONS[action];
  if (rule.roles.includes(actor.role)) return true;
  if (!rule.ownerRoles?.includes(actor.role)) return false;
  return Boolean(resource && resource.ownerId && resource.ownerId === actor.id);
}

/** The roles staff grant by email (the roles page's two lists), the most powerful first. */
const GRANTED_ROLES = ["admin", "teacher"] as const satisfies readonly AssignableRole[];

/** Whether a role is one of those grants, more than the client role every account has. */
export const isGrantedRole = (role: Role): role is AssignableRole => role !== "client";

/** The role a person's grants give them: the most powerful one; client when they have none. */
export function strongestRole(granted: Iterable<Role>): Role {
  const held = new Set(granted);
  return GRANTED_ROLES.find((role) => held.has(role)) ?? "client";
}

/** An admin set in the ADMIN_EMAILS configuration: not on the roles list, and removed only there. */
export const isConfiguredAdmin = (role: AssignableRole, email: string, configuredAdmins: readonly string[]) =>
  role === "admin" && configuredAdmins.includes(email);

/** A grant the roles page asks about before making it: an admin may do everything, roles included. */
export const grantNeedsConfirmation = (role: AssignableRole) => role === "admin";

/** The actor's own admin grant: the one removal the roles page never offers (it shows "you"). */
export const isOwnAdminGrant = (role: AssignableRole, email: string, actorEmail: string) =>
  role === "admin" && email === actorEmail.toLowerCase();

/**
 * Why a role may not be removed from an email (docs/product.md#roles), or null when it may: nobody
 * removes their own admin role, and a configured admin is removed in the configuration.
 */
export function roleRemovalRefusal(
  input: { role: AssignableRole; email: string },
  actorEmail: string,
  configuredAdmins: readonly string[],
): string | null {
  if (isOwnAdminGrant(input.role, input.email, actorEmail)) return "You cannot remove your own admin role.";
  if (isConfiguredAdmin(input.role, input.email, configuredAdmins))
    return "This admin is set in the ADMIN_EMAILS configuration and can only be removed there.";
  return null;
}

/** Where a signed-in user's own area is: the staff area for those who may enter it, else the dashboard. */
export const homePathFor = (actor: Actor) => (can(actor, "staff-area:enter") ? "/admin" : "/dashboard");

const ROLES: readonly Role[] = ["client", "teacher", "admin"];

/** The Markdown matrix of docs/permissions.md, generated from the table. */
export function describePermissions(): string {
  const mark = (rule: Rule, role: Role) =>
    rule.roles.includes(role) ? "yes" : rule.ownerRoles?.includes(role) ? "own" : "no";
  const header = ["Action", "What it allows", "Client", "Teacher", "Admin"];
  const body = (Object.entries(PERMISSIONS) as [Action, Rule][]).map(([action, rule]) => [
    `\`${action}\``,
    rule.description,
    ...ROLES.map((role) => mark(rule, role)),
  ]);
  // Padded as Prettier pads a Markdown table, so the formatter leaves the generated file alone.
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const table = [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)];
  return [
    "# Permissions",
    "",
    "<!-- Generated from app/lib/permissions.ts by app/lib/permissions.node.test.ts: edit the table there, then run",
    "     `UPDATE_PERMISSIONS_DOC=1 npx vitest run app/lib/permissions.node.test.ts`. -->",
    "",
    "Who may do what (docs/product.md#roles). A visitor without an account may read every public page and",
    "send a consultation request or a teacher application, and nothing below. `own` means: only to what",
    "that person created (their quiz) or is about (their own result).",
    "",
    ...table,
    "",
  ].join("\n");
}
