import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  addRole,
  ALREADY_HAS_ROLE,
  listRoles,
  removeRole,
  roleHolderStatuses,
  type RoleHolderStatus,
} from "~/features/accounts/roles.server";
import { RoleChangeSchema } from "~/features/accounts/schema";
import type { AuthUser } from "~/lib/auth.server";
import { requirePermission } from "~/lib/permissions.server";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";

const ACCESS_DENIED = "⛔ Access denied";

const requireAdmin = (request: Request, context: LoaderFunctionArgs["context"]): Promise<AuthUser> =>
  requirePermission(request, context, "role:manage", ACCESS_DENIED);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(request, context);
  const roles = await listRoles(context);
  const statuses = await roleHolderStatuses(context, [...new Set([...roles.admin, ...roles.teacher])]);
  return { roles, statuses, me: user.email };
}

/** Why a granted role is not in use yet (a role needs a verified email), or null when it is. */
const WAITING: Record<RoleHolderStatus, { label: string; added: string } | null> = {
  active: null,
  unverified: { label: "waits for email verification", added: "The role starts once they verify their email." },
  unregistered: {
    label: "not registered yet; then waits for email verification",
    added: "The role starts once they register and verify their email.",
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData());
  try {
    const input = await parseApiPayload(RoleChangeSchema, form);
    if (form.intent === "remove") {
      await removeRole(context, actor, input);
      return { ok: true as const, message: input.email ? `Removed ${input.email}.` : null };
    }
    const { added } = await addRole(context, actor, input);
    if (!input.email) return { ok: true as const, message: null };
    if (!added) return { ok: true as const, message: `${ALREADY_HAS_ROLE[input.role]}: ${input.email}.` };
    const waiting = WAITING[(await roleHolderStatuses(context, [input.email]))[input.email] ?? "unregistered"];
    return { ok: true as const, message: `Added ${input.email}.${waiting ? ` ${waiting.added}` : ""}` };
  } catch (error) {
    if (error instanceof HttpError)
      return Response.json({ ok: false, message: error.message, role: form.role }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Manage Roles" }),
  { name: "robots", content: "noindex" },
];

export default function RolesManager() {
  const { roles, statuses, me } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok: boolean; message: string | null; role?: string }>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title">Manage Roles</h1>
      <p>
        Admins manage everything; teachers manage services and quizzes. Everyone else is a client. Changes apply on the
        person's next page load. A role is used only by an account that has verified its email.
      </p>
      {result?.message ? (
        <p className={result.ok ? "alert alert--success" : "alert alert--error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      <div className="grid">
        {(["admin", "teacher"] as const).map((role) => (
          <section key={role} className="card" aria-labelledby={`role-${role}`}>
            <h2 id={`role-${role}`}>{role === "admin" ? "Admins" : "Teachers"}</h2>
            {roles[role].length === 0 ? <p>No {role}s yet.</p> : null}
            <ul className="role-list">
              {roles[role].map((email) => (
                <li key={email}>
                  <span>{email}</span>
                  {WAITING[statuses[email] ?? "unregistered"] ? (
                    <span className="field__hint"> ({WAITING[statuses[email] ?? "unregistered"]!.label})</span>
                  ) : null}
                  {role === "admin" && email === me ? (
                    <span className="field__hint"> (you)</span>
                  ) : (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="role" value={role} />
                      <input type="hidden" name="email" value={email} />
                      <button
                        type="submit"
                        className="button button--ghost"
                        disabled={busy}
                        aria-label={`Remove ${email} from ${role}s`}
                      >
                        Remove
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="role" value={role} />
              <div className="field">
                <label htmlFor={`add-${role}`}>Add {role} by email</label>
                <input id={`add-${role}`} name="email" type="email" autoComplete="off" />
              </div>
              <button type="submit" className="button button--primary" disabled={busy}>
                Add {role}
              </button>
            </Form>
          </section>
        ))}
      </div>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
