import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ErrorList, ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  addedMessage,
  addRole,
  ALREADY_HAS_ROLE,
  listRoles,
  removeRole,
  roleHolderStatuses,
  type RoleHolderStatus,
} from "~/features/accounts/roles.server";
import { RoleChangeSchema } from "~/features/accounts/schema";
import type { AuthUser } from "~/lib/auth.server";
import { grantNeedsConfirmation, isOwnAdminGrant, type AssignableRole } from "~/lib/permissions";
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

/** The headings of the two lists. */
const LIST_HEADINGS: Record<AssignableRole, string> = { admin: "Admins", teacher: "Teachers" };

/** Why a granted role is not in use yet (a role needs a verified email), or null when it is. */
const WAITING: Record<RoleHolderStatus, { label: string; added: string } | null> = {
  active: null,
  unverified: { label: "waits for email verification", added: "The role starts once they verify their email." },
  unregistered: {
    label: "not registered yet; then waits for email verification",
    added: "The role starts once they register and verify their email.",
  },
};

type RoleReply = {
  /** "confirm": an admin grant waits for its second submit (the page asks first). */
  intent: "add" | "remove" | "confirm";
  role: string;
  /** The email an admin grant waits for, with "confirm". */
  email?: string;
  result: SubmissionResult<string[]>;
  /** What was done (role=status), or a refused removal (role=alert: its form has no field to name). */
  message?: string | null;
  ok: boolean;
};

/**
 * The page's add and remove forms, through the same schema as POST /api/roles/add and /remove: a
 * refusal naming the email answers it next to the email field (Conform reply, the error summary).
 * An admin grant takes two submits: the first answers with a question, the second carries confirm=1,
 * so a slip of the role choice never makes an admin (a plain form post, so it works without JavaScript).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  const role = String(form.get("role") ?? "");
  const reply = (fields: Omit<RoleReply, "intent" | "role">, status = 200, answered: RoleReply["intent"] = intent) =>
    Response.json({ intent: answered, role, ...fields } satisfies RoleReply, { status });
  const submission = parseWithZod(form, { schema: RoleChangeSchema });
  if (submission.status !== "success") return reply({ ok: false, result: submission.reply() }, 400);
  const input = submission.value;
  const done = (message: string | null) => reply({ ok: true, message, result: submission.reply({ resetForm: true }) });
  try {
    if (intent === "remove") {
      await removeRole(context, actor, input);
      return done(input.email ? `Removed ${input.email}.` : null);
    }
    if (grantNeedsConfirmation(input.role) && input.email && form.get("confirm") !== "1") {
      const { admin } = await listRoles(context);
      if (admin.includes(input.email)) return done(`${ALREADY_HAS_ROLE.admin}: ${input.email}.`);
      return reply({ ok: true, email: input.email, result: submission.reply() }, 200, "confirm");
    }
    const { added } = await addRole(context, actor, input);
    if (!input.email) return done(null);
    if (!added) return done(`${ALREADY_HAS_ROLE[input.role]}: ${input.email}.`);
    const waiting = WAITING[(await roleHolderStatuses(context, [input.email]))[input.email] ?? "unregistered"];
    return done(`${addedMessage(input)}${waiting ? ` ${waiting.added}` : ""}`);
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

/** The roles an add form offers, with what each may do; neither is chosen until the admin chooses. */
const ROLE_CHOICES: Array<{ role: AssignableRole; label: string; hint: string }> = [
  { role: "teacher", label: "Teacher", hint: "manages services and quizzes" },
  { role: "admin", label: "Admin", hint: "manages everything, including roles" },
];

/**
 * Add an email to a role chosen in the form; its errors (a malformed email, no role chosen) show next
 * to their field and in the error summary.
 */
function AddRoleForm({ lastResult, busy }: { lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useForm({
    id: "role-add",
    lastResult,
    constraint: getZodConstraint(RoleChangeSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoleChangeSchema }),
  });
  const roleErrorId = `${fields.role.id}-error`;
  return (
    <SubmitOnceForm method="post" className="form role-add" {...getFormProps(form)}>
      <h2 id="role-add-title">Add someone to a role</h2>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="add" />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", required: true }}
        errors={fields.email.errors}
      />
      <fieldset className="role-add__choices">
        <legend>Role</legend>
        {ROLE_CHOICES.map((choice, index) => {
          const { key: _key, ...radio } = getInputProps(fields.role, { type: "radio", value: choice.role });
          return (
            <label key={`${choice.role}-${fields.role.key ?? ""}`} className="role-add__choice">
              {/* The error summary links to the role field's id: the first choice carries it. */}
              <input {...radio} id={index === 0 ? fields.role.id : `${fields.role.id}-${choice.role}`} /> {choice.label}{" "}
              <span className="field__hint">({choice.hint})</span>
            </label>
          );
        })}
        <ErrorList id={roleErrorId} errors={fields.role.errors} />
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        Add to role
      </button>
    </SubmitOnceForm>
  );
}

/** The question an admin grant waits on: yes posts it again with confirm=1; no comes back to the page. */
function ConfirmAdminGrant({ email, busy }: { email: string; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // autofocus in the server's HTML opens the page at the question without JavaScript; React only
  // autofocuses form controls, so with it the heading is focused when the question appears.
  useEffect(() => heading.current?.focus(), [email]);
  return (
    <section className="card role-confirm" aria-labelledby="role-confirm-title">
      <h2 id="role-confirm-title" ref={heading} tabIndex={-1} autoFocus>
        Make {email} an admin?
      </h2>
      <p>
        An admin manages everything: roles (including yours), the inbox, invoices, the trash and every article,
        testimonial and quiz.
      </p>
      <SubmitOnceForm method="post" className="role-confirm__actions">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="role" value="admin" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="button button--primary" disabled={busy}>
          Yes, make {email} an admin
        </button>
        <Link to="/admin/roles" className="button button--ghost">
          No, cancel
        </Link>
      </SubmitOnceForm>
    </section>
  );
}

export default function RolesManager() {
  const { roles, statuses, me } = useLoaderData<typeof loader>();
  const result = useActionData<RoleReply>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const confirming = result?.intent === "confirm" && result.email ? result.email : null;
  return (
    <section aria-labelledby="roles-title" className="roles">
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
      {confirming ? <ConfirmAdminGrant email={confirming} busy={busy} /> : null}
      <section className="card" aria-labelledby="role-add-title">
        <AddRoleForm busy={busy} lastResult={result?.intent === "add" ? result.result : undefined} />
      </section>
      <div className="grid roles__lists">
        {(["admin", "teacher"] as const).map((role) => (
          <section key={role} className="card" aria-labelledby={`role-${role}`}>
            <h2 id={`role-${role}`}>{LIST_HEADINGS[role]}</h2>
            {roles[role].length === 0 ? <p>No {role}s yet.</p> : null}
            <ul className="role-list">
              {roles[role].map((email) => (
                <li key={email}>
                  <span className="role-list__who">
                    <span className="role-list__email">{email}</span>
                    {WAITING[statuses[email] ?? "unregistered"] ? (
                      <span className="field__hint"> ({WAITING[statuses[email] ?? "unregistered"]!.label})</span>
                    ) : null}
                  </span>
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
          </section>
        ))}
      </div>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
