import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { completePendingSignIn, readPendingSignIn } from "~/features/accounts/two-factor.server";
import { TwoFactorCodeSchema } from "~/features/accounts/two-factor-schema";
import { formErrorReply, HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

const NO_STORE = { "Cache-Control": "private, no-store" };

// GET /login/two-factor: the second step of signing in, for accounts with two-factor on.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await readPendingSignIn(context, request))) throw redirect("/login");
  return Response.json({}, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: TwoFactorCodeSchema });
  if (submission.status !== "success") {
    return Response.json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400, headers: NO_STORE });
  }
  try {
    return await completePendingSignIn(context, request, submission.value.code);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return Response.json(
      { result: submission.reply({ hideFields: ["code"], ...formErrorReply(error, "Sign-in failed") }) },
      { status: error.status, headers: NO_STORE },
    );
  }
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Two-factor sign-in" }));

export default function TwoFactorLogin() {
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm({
    id: "two-factor-login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(TwoFactorCodeSchema),
    ...VALIDATE_ON_SUBMIT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorCodeSchema }),
  });
  return (
    <div className="auth-card">
      <h1>Two-factor sign-in</h1>
      <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <SubmitOnceForm method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <FormMessage id={form.errorId} errors={form.errors} />
        <Field
          label="Authentication code"
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "one-time-code",
            autoFocus: true,
            spellCheck: false,
          }}
          errors={fields.code.errors}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? "Checking…" : "Verify"}
        </button>
      </SubmitOnceForm>
      <p>
        <Link to="/login">Start again</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
