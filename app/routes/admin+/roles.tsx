import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
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
import { isOwnAdminGrant, type AssignableRole } from "~/lib/permissions";
import { requirePermission } from "~/lib/permissions.server";
import { formErrorReply, HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

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
/** The headings of the two lists. */
const LIST_HEADINGS: Record<AssignableRole, string> = { admin: "Admins", teacher: "Teachers" };

const WAITING: Record<RoleHolderStatus, { label: string; added: string } | null> = {
  active: null,
  unverified: { label: "waits for email verification", added: "The role starts once they verify their email." },
  unregistered: {
    label: "not registered yet; then waits for email verification",
    added: "The role starts once they register and verify their email.",
  },
};

type RoleReply = {
  intent: "add" | "remove";
  role: string;
  result: SubmissionResult<string[]>;
  /** What was done (role=status), or a refused removal (role=alert: its form has no field to name). */
  message?: string | null;
  ok: boolean;
};

/**
 * The page's add and remove forms, through the same schema as POST /api/roles/add and /remove: a
 * refusal naming the email answers it next to the email field (Conform reply, the error summary).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  const role = String(form.get("role") ?? "");
  const reply = (fields: Omit<RoleReply, "intent" | "role">, status = 200) =>
    Response.json({ intent, role, ...fields } satisfies RoleReply, { status });
  const submission = parseWithZod(form, { schema: RoleChangeSchema });
  if (submission.status !== "success") return reply({ ok: false, result: submission.reply() }, 400);
  const input = submission.value;
  const done = (message: string | null) => reply({ ok: true, message, result: submission.reply({ resetForm: true }) });
  try {
    if (intent === "remove") {
      await removeRole(context, actor, input);
      return done(input.email ? `Removed ${input.email}.` : null);
    }
    const { added } = await addRole(context, actor, input);
    if (!input.email) return done(null);
    if (!added) return done(`${ALREADY_HAS_ROLE[input.role]}: ${input.email}.`);
    const waiting = WAITING[(await roleHolderStatuses(context, [input.email]))[input.email] ?? "unregistered"];
    return done(`Added ${input.email}.${waiting ? ` ${waiting.added}` : ""}`);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply(
      {
        ok: false,
        message: intent === "remove" ? error.message : null,
        result: submission.reply(formErrorReply(error, "The role could not be changed")),
      },
      error.status,
    );
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Roles" }));

/** Add an email to a role; its errors (a malformed email) show next to the field and in the error summary. */
function AddRoleForm({
  role,
  lastResult,
  busy,
}: {
  role: Role;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `role-add-${role}`,
    lastResult,
    constraint: getZodConstraint(RoleChangeSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoleChangeSchema }),
  });
  return (
    <SubmitOnceForm method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={[...(form.errors ?? []), ...(fields.role.errors ?? [])]} />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="role" value={role} />
      <Field
        label={`Add ${role} by email`}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        errors={fields.email.errors}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Add {role}
      </button>
    </SubmitOnceForm>
  );
}

type Role = "admin" | "teacher";

export default function RolesManager() {
  const { roles, statuses, me } = useLoaderData<typeof loader>();
  const result = useActionData<RoleReply>();
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
            <h2 id={`role-${role}`}>{LIST_HEADINGS[role]}</h2>
            {roles[role].length === 0 ? <p>No {role}s yet.</p> : null}
            <ul className="role-list">
              {roles[role].map((email) => (
                <li key={email}>
                  <span>{email}</span>
                  {WAITING[statuses[email] ?? "unregistered"] ? (
                    <span className="field__hint"> ({WAITING[statuses[email] ?? "unregistered"]!.label})</span>
                  ) : null}
                  {isOwnAdminGrant(role, email, me) ? (
                    <span className="field__hint"> (you)</span>
                  ) : (
                    <SubmitOnceForm method="post" className="inline-form">
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
                    </SubmitOnceForm>
                  )}
                </li>
              ))}
            </ul>
            <AddRoleForm
              role={role}
              busy={busy}
              lastResult={result?.intent === "add" && result.role === role ? result.result : undefined}
            />
          </section>
        ))}
      </div>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
