import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { QRCodeSVG } from "qrcode.react";
import type { ReactNode } from "react";
import { z } from "zod";
import { ErrorSummary, Field, FormMessage, Notices, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  setStaffTwoFactorRequired,
  staffTwoFactorRequired,
  twoFactorStatus,
} from "~/features/accounts/two-factor.server";
import {
  DisableTwoFactorSchema,
  StaffTwoFactorSettingSchema,
  TwoFactorCodeSchema,
} from "~/features/accounts/two-factor-schema";
import { safeRedirectPath } from "~/lib/auth.server";
import { formAction } from "~/lib/form-action.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { shortDate } from "~/lib/media";
import { can } from "~/lib/permissions";
import { assertCan, requireSignedInForSetup } from "~/lib/permissions.server";
import { endOtherSignIns } from "~/lib/session.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, blocked } = await requireSignedInForSetup(request, context);
  const url = new URL(request.url);
  const [status, staffRequired] = await Promise.all([twoFactorStatus(context, user), staffTwoFactorRequired(context)]);
  const isStaff = can(user, "staff-area:enter");
  return Response.json(
    {
      status: {
        enabled: status.enabled,
        enabledAt: status.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: status.recoveryCodesLeft,
        pendingSetup: status.pendingSetup,
      },
      blocked,
      // Staff without two-factor are asked at every sign-in; `next` is where they were going.
      prompt: isStaff && !status.enabled && url.searchParams.get("prompt") === "1",
      next: safeRedirectPath(url.searchParams.get("next")),
      done: url.searchParams.get("done"),
      // A blocked admin is not offered the setting (the action refuses them too).
      canManageSettings: can(user, "settings:manage") && !blocked,
      staffRequired,
    },
    { headers: NO_STORE },
  );
}

type Intent = "start" | "confirm" | "disable" | "staff-setting" | "sign-out-everywhere";
type ActionData = { intent: Intent; result: SubmissionResult<string[]>; recoveryCodes?: string[] };

/** One form of the page: the shared page-action path, private, never echoing the password. */
function handle<S extends z.ZodType>(
  intent: Intent,
  form: FormData,
  schema: S,
  fallback: string,
  run: (value: z.output<S>) => Promise<string | { stay: { recoveryCodes: string[] } }>,
) {
  // A refused one-time code may come back (it is spent or wrong anyway).
  return formAction(form, { intent, schema, fallback, run, hideFields: ["password"], headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, blocked } = await requireSignedInForSetup(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "start") {
    return handle("start", form, z.object({}), "Setup failed", async () => {
      await beginTwoFactorSetup(context, user);
      return "/account/security#setup";
    });
  }
  if (intent === "confirm") {
    return handle("confirm", form, TwoFactorCodeSchema, "Setup failed", async ({ code }) => ({
      stay: { recoveryCodes: await confirmTwoFactorSetup(context, user, code, new Date(), request) },
    }));
  }
  if (intent === "disable") {
    return handle("disable", form, DisableTwoFactorSchema, "Could not turn it off", async (value) => {
      await disableTwoFactor(context, request, user, value);
      return "/account/security?done=disabled";
    });
  }
  if (intent === "staff-setting") {
    return handle("staff-setting", form, StaffTwoFactorSettingSchema, "Could not save", async (value) => {
      // Staff the rule blocks reach this page only to set two-factor up: never to switch the rule off.
      assertCan(blocked ? null : user, "settings:manage");
      await setStaffTwoFactorRequired(context, request, user, {
        required: value.staffTwoFactorRequired,
        code: value.code,
      });
      return `/account/security?done=${value.staffTwoFactorRequired ? "required" : "optional"}`;
    });
  }
  if (intent === "sign-out-everywhere") {
    return handle("sign-out-everywhere", form, z.object({}), "Could not sign out", async () => {
      await endOtherSignIns(context, user.id, request);
      return "/account/security?done=signed-out";
    });
  }
  return Response.json({ message: "Unknown action" }, { status: 400 });
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Account security" }));

const DONE: Record<string, string> = {
  disabled: "Two-factor sign-in is off.",
  required: "Staff must now use two-factor sign-in.",
  optional: "Two-factor sign-in is now optional for staff.",
  "signed-out": "Every other browser and app is signed out.",
};

type LoaderData = {
  status: {
    enabled: boolean;
    enabledAt: string | null;
    recoveryCodesLeft: number;
    pendingSetup: { secret: string; uri: string } | null;
  };
  blocked: boolean;
  prompt: boolean;
  next: string;
  done: string | null;
  canManageSettings: boolean;
  staffRequired: boolean;
};

/** One of the page's forms: a POST naming its intent, with its error summary and message first. */
function IntentForm<F extends Record<string, unknown>>({
  form,
  intent,
  className,
  children,
}: {
  form: FormMetadata<F, string[]>;
  intent: Intent;
  className?: string;
  children: ReactNode;
}) {
  return (
    <SubmitOnceForm method="post" className={className} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {children}
    </SubmitOnceForm>
  );
}

/** The "Authentication code" field of the confirm and turn-off forms. */
function CodeField<F extends Record<string, unknown>>({
  field,
  inputMode,
}: {
  field: FieldMetadata<string, F, string[]>;
  inputMode: "text" | "numeric";
}) {
  return (
    <Field
      label="Authentication code"
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete: "one-time-code", inputMode }}
      errors={field.errors}
    />
  );
}

export default function AccountSecurity() {
  const data = useLoaderData<LoaderData>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const recoveryCodes = actionData?.intent === "confirm" ? actionData.recoveryCodes : undefined;
  const { status } = data;

  const [confirmForm, confirmFields] = useForm({
    id: "confirm-two-factor",
    lastResult: resultFor("confirm"),
    // Checked by the server only: a code is right or wrong there, and client-side checks kept the
    // retry after a wrong code from submitting.
    constraint: getZodConstraint(TwoFactorCodeSchema),
    defaultValue: { code: "" },
  });
  const [disableForm, disableFields] = useForm({
    id: "disable-two-factor",
    lastResult: resultFor("disable"),
    constraint: getZodConstraint(DisableTwoFactorSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisableTwoFactorSchema }),
  });
  const [settingForm, settingFields] = useForm({
    id: "staff-two-factor",
    lastResult: resultFor("staff-setting"),
    constraint: getZodConstraint(StaffTwoFactorSettingSchema),
    defaultValue: { code: "" },
  });
  const [signOutForm] = useForm({ id: "sign-out-everywhere", lastResult: resultFor("sign-out-everywhere") });
  const [startForm] = useForm({ id: "start-two-factor", lastResult: resultFor("start") });

  return (
    <div className="page">
      <h1>Account security</h1>
      <Notices success={data.done ? DONE[data.done] : null} />
      {data.blocked ? (
        <p className="alert alert--error" role="alert">
          The firm requires two-factor sign-in for staff accounts. Set it up below to reach the staff pages again.
        </p>
      ) : data.prompt ? (
        <p className="alert" role="status">
          Staff accounts should use two-factor sign-in. Set it up now, or{" "}
          <Link to={data.next}>continue without it</Link>.
        </p>
      ) : null}

      <section aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Two-factor sign-in</h2>
        {recoveryCodes ? (
          <div id="recovery-codes">
            <p className="alert alert--success" role="status">
              Two-factor sign-in is on.
            </p>
            <h3>Recovery codes</h3>
            <p>
              Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this
              once.
            </p>
            <ul className="recovery-codes" aria-label="Recovery codes">
              {recoveryCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <p>
              <Link to="/account/security">Done</Link>
            </p>
          </div>
        ) : status.enabled ? (
          <>
            <p>
              Two-factor sign-in is <strong>on</strong>
              {status.enabledAt ? ` since ${shortDate(status.enabledAt)}` : ""}. {status.recoveryCodesLeft} of 10
              recovery codes left.
            </p>
            <h3>Turn it off</h3>
            <IntentForm form={disableForm} intent="disable" className="form">
              <Field
                label="Password"
                hint={
                  <>
                    Signed up with Google and never set a password? Set one with{" "}
                    <Link to="/forgot-password">Forgot password</Link> first.
                  </>
                }
                inputProps={{
                  ...getInputProps(disableFields.password, { type: "password" }),
                  autoComplete: "current-password",
                }}
                errors={disableFields.password.errors}
              />
              <CodeField field={disableFields.code} inputMode="text" />
              <button type="submit" className="button button--ghost" disabled={busy}>
                Turn off two-factor sign-in
              </button>
            </IntentForm>
          </>
        ) : status.pendingSetup ? (
          <div id="setup">
            <p>
              Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …), or
              type the secret key into it. Then enter the 6-digit code it shows.
            </p>
            <div className="two-factor-setup">
              <QRCodeSVG
                value={status.pendingSetup.uri}
                size={192}
                marginSize={2}
                title="QR code for your authenticator app"
              />
              <dl>
                <dt>Secret key</dt>
                <dd>
                  <code data-testid="totp-secret">{status.pendingSetup.secret}</code>
                </dd>
              </dl>
            </div>
            <IntentForm form={confirmForm} intent="confirm" className="form">
              <CodeField field={confirmFields.code} inputMode="numeric" />
              <button type="submit" className="button button--primary" disabled={busy}>
                Turn on two-factor sign-in
              </button>
            </IntentForm>
          </div>
        ) : (
          <>
            <p>
              Two-factor sign-in is <strong>off</strong>. With it on, signing in needs your password and a code from an
              authenticator app on your phone.
            </p>
            <IntentForm form={startForm} intent="start">
              <button type="submit" className="button button--primary" disabled={busy}>
                Set up two-factor sign-in
              </button>
            </IntentForm>
          </>
        )}
      </section>

      {data.canManageSettings ? (
        <section aria-labelledby="staff-two-factor-title">
          <h2 id="staff-two-factor-title">Two-factor sign-in for staff</h2>
          <p>
            Now <strong>{data.staffRequired ? "required" : "optional"}</strong> for teachers and admins. When required,
            staff without it can open only this page until they set it up.
          </p>
          <IntentForm form={settingForm} intent="staff-setting" className="form">
            <input type="hidden" name="staffTwoFactorRequired" value={data.staffRequired ? "off" : "on"} />
            <CodeField field={settingFields.code} inputMode="text" />
            <button type="submit" className="button button--ghost" disabled={busy}>
              {data.staffRequired ? "Make it optional for staff" : "Require two-factor sign-in for staff"}
            </button>
          </IntentForm>
        </section>
      ) : null}

      <section aria-labelledby="sign-out-everywhere-title">
        <h2 id="sign-out-everywhere-title">Signed in elsewhere</h2>
        <p>Ends every other browser session and every app token of this account. This browser stays signed in.</p>
        <IntentForm form={signOutForm} intent="sign-out-everywhere">
          <button type="submit" className="button button--ghost" disabled={busy}>
            Sign out everywhere else
          </button>
        </IntentForm>
      </section>
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
