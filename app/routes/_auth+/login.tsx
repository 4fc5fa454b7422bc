import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { useRef } from "react";
import { AuthorizationError } from "remix-auth";
import type { z } from "zod";
import { ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { useNonce } from "~/components/nonce";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { registerUser, signInAndRedirect } from "~/features/accounts/accounts.server";
import { finishSignIn, PENDING_EXPIRED_MESSAGE } from "~/features/accounts/two-factor.server";
import { createAuthenticator } from "~/features/accounts/authenticator.server";
import { GOOGLE_LOGIN_FAILED, googleEnabled } from "~/features/accounts/google.server";
import { LOGIN_CONSTRAINT, REGISTER_CONSTRAINT } from "~/features/accounts/constraints";
import { LoginSchema, RegisterSchema } from "~/features/accounts/schema";
import { sessionFromTokenParam, tokenErrorOf } from "~/features/accounts/token-login.server";
import { getSignedInIdentity } from "~/lib/permissions.server";
import { formErrorReply, HttpError } from "~/lib/http.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tokenOutcome = await sessionFromTokenParam(context, request);
  if (tokenOutcome) throw tokenOutcome;
  if (await getSignedInIdentity(request, context)) throw redirect("/");
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return {
    tokenError: tokenErrorOf(request),
    signInError:
      error === "google"
        ? GOOGLE_LOGIN_FAILED
        : error === "google-limited"
          ? "Too many attempts, try again later."
          : error === "expired"
            ? PENDING_EXPIRED_MESSAGE
            : null,
    google: googleEnabled(context)
      ? {
          clientId: context.env.GOOGLE_CLIENT_ID,
          // One-tap talks to Google itself; offer it only against Google's real endpoints.
          oneTap: new URL(context.env.GOOGLE_AUTH_URL).hostname === "accounts.google.com",
        }
      : null,
  };
}

const FALLBACK = { login: "Login failed", register: "Registration failed" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const intent = formData.get("intent") === "register" ? "register" : "login";
  const schema = intent === "register" ? RegisterSchema : LoginSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return Response.json({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    if (intent === "register") {
      const user = await registerUser(context, request, submission.value as typeof RegisterSchema._output);
      return await signInAndRedirect(context, request, user, submission.value.redirectTo);
    }
    const user = await createAuthenticator(context).authenticate("form", request, {
      context: { ...context, request } as never,
    });
    // Two-factor accounts go to the code step; staff without it are asked to set it up.
    return await finishSignIn(context, request, user, submission.value.redirectTo);
  } catch (caught) {
    const error = caught instanceof AuthorizationError && caught.cause ? caught.cause : caught;
    if (error instanceof HttpError) {
      return Response.json(
        { intent, result: submission.reply({ hideFields: ["password"], ...formErrorReply(error, FALLBACK[intent]) }) },
        { status: error.status },
      );
    }
    throw caught;
  }
}

export const meta: MetaFunction = withStatusMeta(() => [
  ...pageMeta({
    title: "Login",
    description: "Log in or create an account to take quizzes and contribute articles.",
    path: "/login",
  }),
]);

type Intent = "login" | "register";
type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

/** A tab's form: posted to /login with the page's query, its intent and where to go after; its errors first. */
function TabForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  search,
  redirectTo,
  onChange,
  children,
}: {
  intent: Intent;
  form: FormMetadata<Schema, string[]>;
  search: URLSearchParams;
  redirectTo: string | null;
  onChange: (event: React.FormEvent<HTMLFormElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <SubmitOnceForm
      method="post"
      action={`/login?${search}`}
      className="form"
      onChange={onChange}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorSummary form={form} />
      <FormMessage id={form.errorId} errors={form.errors} />
      {children}
    </SubmitOnceForm>
  );
}

export default function Login() {
  const { tokenError, signInError, google } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const nonce = useNonce();
  const tab = searchParams.get("tab") === "register" ? "register" : "login";
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"), "") || null;
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");

  const [loginForm, loginFields] = useForm<z.input<typeof LoginSchema>>({
    id: "login-form",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    constraint: LOGIN_CONSTRAINT,
    ...VALIDATE_ON_SUBMIT,
  });
  const [registerForm, registerFields] = useForm<z.input<typeof RegisterSchema>>({
    id: "register-form",
    lastResult: actionData?.intent === "register" ? actionData.result : undefined,
    constraint: REGISTER_CONSTRAINT,
    ...VALIDATE_ON_SUBMIT,
  });

  // What was typed into each tab's fields (by input id; never passwords), for when the tab is shown again.
  const drafts = useRef<Record<string, string>>({});
  const rememberDraft = (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.id && input.type !== "password") drafts.current[input.id] = input.value;
  };
  const withDraft = <P extends { id?: string; defaultValue?: unknown }>(props: P): P =>
    props.id && props.id in drafts.current ? { ...props, defaultValue: drafts.current[props.id] } : props;

  // The email and password inputs of both tabs (the typed email comes back on return, a password never).
  const emailInput = <S, F extends Record<string, unknown>>(field: FieldMetadata<S, F, string[]>) => (
    <Field
      label="Email"
      inputProps={{ ...withDraft(getInputProps(field, { type: "email" })), autoComplete: "username" }}
      errors={field.errors}
    />
  );
  const passwordInput = <S, F extends Record<string, unknown>>(
    field: FieldMetadata<S, F, string[]>,
    autoComplete: "current-password" | "new-password",
    hint?: string,
  ) => (
    <Field
      label="Password"
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete }}
      errors={field.errors}
    />
  );

  const tabFormProps = { search: searchParams, redirectTo, onChange: rememberDraft };

  const tabLink = (name: Intent, label: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", name);
    params.delete("error");
    return (
      <Link to={`?${params}`} replace preventScrollReset aria-current={tab === name ? "page" : undefined}>
        {label}
      </Link>
    );
  };

  return (
    <div className="auth-card">
      <h1>{tab === "register" ? "Create an account" : "Login"}</h1>
      <nav className="tabs" aria-label="Login or register">
        {tabLink("login", "Login")}
        {tabLink("register", "Register")}
      </nav>
      {tokenError || signInError ? (
        <p className="alert alert--error" role="alert">
          {tokenError ?? signInError}
        </p>
      ) : null}

      {/* Each tab its own form under its own key: React never reuses one form's inputs for the other's
          (the password would land in Email). What was typed (not passwords) comes back on return. */}
      {tab === "login" ? (
        <TabForm key="login" intent="login" form={loginForm} {...tabFormProps}>
          {emailInput(loginFields.email)}
          {passwordInput(loginFields.password, "current-password")}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "Logging in…" : "Login"}
          </button>
          <p>
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
        </TabForm>
      ) : (
        <TabForm key="register" intent="register" form={registerForm} {...tabFormProps}>
          <Field
            label="Full name"
            inputProps={{
              ...withDraft(getInputProps(registerFields.fullName, { type: "text" })),
              autoComplete: "name",
            }}
            errors={registerFields.fullName.errors}
          />
          {emailInput(registerFields.email)}
          {passwordInput(
            registerFields.password,
            "new-password",
            "At least 8 characters. A long phrase is easiest to remember.",
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "Creating account…" : "Register"}
          </button>
        </TabForm>
      )}

      {google ? (
        <>
          <p className="auth-divider">or</p>
          <SubmitOnceForm method="post" action="/auth/google">
            <button type="submit" className="button button--ghost button--block">
              Sign in with Google
            </button>
          </SubmitOnceForm>
          {google.oneTap ? (
            <>
              <div
                id="g_id_onload"
                data-client_id={google.clientId}
                data-login_uri="/api/auth/google"
                data-auto_prompt="true"
                data-use_fedcm_for_prompt="true"
              />
              <script src="https://accounts.google.com/gsi/client" async nonce={nonce} />
            </>
          ) : null}
        </>
      ) : null}
      <p className="field__hint">
        Signed up with Google? You can also set a password: use <Link to="/forgot-password">Forgot password</Link> with
        your Google email.
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
