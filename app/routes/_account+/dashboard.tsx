import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import {
  ErrorSummary,
  Field,
  FormMessage,
  FormToken,
  Notices,
  SubmitOnceForm,
  useFormKey,
  VALIDATE_ON_SUBMIT,
} from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { EnrolSchema, QuickServiceSchema } from "~/features/services/schema";
import { createQuickService, enrolInService, listEnrolments, listServices } from "~/features/services/services.server";
import { resendVerificationEmail } from "~/features/accounts/email-verification.server";
import { grantedRoleForEmail } from "~/lib/auth.server";
import { can, isGrantedRole } from "~/lib/permissions";
import { permitPage, requireSignedIn } from "~/lib/permissions.server";
import { newFormToken, onceForm } from "~/lib/form-token.server";
import { formErrorReply, HttpError, parseApiPayload } from "~/lib/http.server";
import { shortDate } from "~/lib/media";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request, context);
  const [all, mine, grantedRole] = await Promise.all([
    listServices(context.db),
    listEnrolments(context, user.id),
    grantedRoleForEmail(context, user.email),
  ]);
  const enrolled = new Set(mine.map((service) => service.id));
  return {
    formToken: newFormToken(),
    verification: user.emailVerified
      ? null
      : { email: user.email, waitingRole: isGrantedRole(grantedRole) ? grantedRole : null },
    canCreate: can(user, "service:manage"),
    enrolments: mine,
    services: all.map(({ id, title, path, levels }) => ({ id, title, path, levels, enrolled: enrolled.has(id) })),
  };
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSignedIn(request, context);
  const form = await request.formData();
  try {
    if (form.get("intent") === "resend-verification") {
      await resendVerificationEmail(context, request, user);
      return redirect(`/dashboard?${new URLSearchParams({ done: "verification-sent", title: user.email })}`);
    }
    if (form.get("intent") === "enrol") {
      const { serviceId } = await parseApiPayload(EnrolSchema, Object.fromEntries(form));
      const { service, alreadyEnrolled } = await enrolInService(context, user, serviceId);
      return redirect(
        `/dashboard?${new URLSearchParams({ done: alreadyEnrolled ? "already" : "enrolled", title: service.title })}`,
      );
    }
    // Creating a service is staff work: the permission guard (and with it the staff two-factor rule).
    permitPage(user, "service:manage");
    // Once per form token: a double click or a resend creates one service.
    return await onceForm(context, form, async () => {
      const submission = parseWithZod(form, { schema: QuickServiceSchema });
      if (submission.status !== "success") return Response.json({ result: submission.reply() }, { status: 400 });
      try {
        const service = await createQuickService(context, user, submission.value);
        return redirect(
          `/dashboard?${new URLSearchParams({ done: "created", title: service.title, path: service.path })}`,
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return Response.json(
          { result: submission.reply(formErrorReply(error, "Service creation failed")) },
          { status: error.status },
        );
      }
    });
  } catch (error) {
    if (error instanceof HttpError)
      return Response.json({ message: error.message || "Enrollment failed" }, { status: error.status });
    throw error;
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Dashboard" }));

function QuickServiceForm({ lastResult, formToken }: { lastResult?: SubmissionResult<string[]>; formToken: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "quick-service",
    lastResult,
    constraint: getZodConstraint(QuickServiceSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuickServiceSchema }),
  });
  return (
    <SubmitOnceForm method="post" className="form card" {...getFormProps(form)}>
      <h2>Create a service</h2>
      <p className="field__hint">
        Only the title is needed; set its levels, icon and videos later in{" "}
        <Link to="/admin/services">Manage Services</Link>.
      </p>
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="create" />
      <FormToken value={formToken} />
      <Field
        label="Service title"
        inputProps={getInputProps(fields.title, { type: "text" })}
        errors={fields.title.errors}
      />
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        Create service
      </button>
    </SubmitOnceForm>
  );
}

const DONE: Record<string, (title: string) => string> = {
  enrolled: (title) => `You are enrolled in ${title}.`,
  already: (title) => `You were already enrolled in ${title}.`,
  created: (title) => `Service “${title}” created.`,
  "verification-sent": (email) => `We sent a new verification link to ${email}.`,
};

/** An unverified account: what it cannot do yet, and a resend button (a plain form POST). */
function VerifyEmailBanner({ email, waitingRole }: { email: string; waitingRole: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend-verification";
  return (
    <section className="alert alert--warning" aria-labelledby="verify-title">
      <h2 id="verify-title">Confirm your email</h2>
      <p>
        We sent a link to <strong>{email}</strong>. Open it to confirm that this address is yours.
        {waitingRole
          ? ` Your ${waitingRole} role starts once you have confirmed it; until then you use the site as a client.`
          : null}
      </p>
      <SubmitOnceForm method="post" className="inline-form">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? "Sending…" : "Send the link again"}
        </button>
      </SubmitOnceForm>
    </section>
  );
}

export default function Dashboard() {
  const { formToken, verification, canCreate, enrolments, services } = useLoaderData<typeof loader>();
  const formKey = useFormKey();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const done = DONE[params.get("done") ?? ""]?.(params.get("title") ?? "");
  const enrolling = navigation.state === "submitting" ? navigation.formData?.get("serviceId") : null;
  return (
    <div className="page">
      <h1>Dashboard</h1>
      <Notices
        success={
          done ? (
            <>
              {done}{" "}
              {params.get("done") === "created" ? (
                <Link to={`/services/${params.get("path") ?? ""}`}>Open it</Link>
              ) : null}
            </>
          ) : null
        }
        error={actionData?.message}
      />
      {verification ? <VerifyEmailBanner {...verification} /> : null}
      <p>
        <Link to="/account/security">Account security</Link>: two-factor sign-in and recovery codes.
      </p>
      <section aria-labelledby="my-enrolments">
        <h2 id="my-enrolments">My enrolments</h2>
        {enrolments.length === 0 ? (
          <p>You are not enrolled in any service yet.</p>
        ) : (
          <ul>
            {enrolments.map((service) => (
              <li key={service.id}>
                <Link to={`/services/${service.path}`}>{service.title}</Link>{" "}
                <span className="field__hint">since {shortDate(service.enrolledAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="enrol-title">
        <h2 id="enrol-title">Enrol in a service</h2>
        {services.length === 0 ? (
          <p>No services yet.</p>
        ) : (
          <DataTable>
            {services.map((service) => (
              <tr key={service.id}>
                <th scope="row">
                  <Link to={`/services/${service.path}`}>{service.title}</Link>
                </th>
                <td>{service.levels}</td>
                <td>
                  {service.enrolled ? (
                    <span>Enrolled</span>
                  ) : (
                    <SubmitOnceForm method="post" className="inline-form">
                      <input type="hidden" name="intent" value="enrol" />
                      <input type="hidden" name="serviceId" value={service.id} />
                      <button
                        type="submit"
                        className="button button--primary"
                        disabled={enrolling === service.id}
                        aria-label={`Enrol in ${service.title}`}
                      >
                        {enrolling === service.id ? "Enrolling…" : "Enrol"}
                      </button>
                    </SubmitOnceForm>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {canCreate ? <QuickServiceForm key={formKey} formToken={formToken} lastResult={actionData?.result} /> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
