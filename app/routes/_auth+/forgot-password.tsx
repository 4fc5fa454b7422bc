import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { z } from "zod";
import { ErrorSummary, Field, FormMessage, SubmitOnceForm, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { limitResetRequests, RESET_LINK_SENT, sendPasswordResetEmail } from "~/features/accounts/password-reset.server";
import { FORGOT_PASSWORD_CONSTRAINT } from "~/features/accounts/constraints";
import { ForgotPasswordSchema } from "~/features/accounts/schema";
import { HttpError } from "~/lib/http.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";

type ActionData = { result: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return Response.json({ result: submission.reply() }, { status: 400 });
  try {
    await limitResetRequests(context, request, submission.value.email);
  } catch (error) {
    if (error instanceof HttpError) {
      return Response.json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
    throw error;
  }
  context.waitUntil(sendPasswordResetEmail(context, submission.value.email));
  return Response.json({ result: submission.reply({ resetForm: true }), message: RESET_LINK_SENT });
}

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Forgot Password",
    description: "Get a link to reset or set your password.",
    path: "/forgot-password",
  }),
);

export default function ForgotPassword() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "forgot-form",
    lastResult: actionData?.result,
    constraint: FORGOT_PASSWORD_CONSTRAINT,
    ...VALIDATE_ON_SUBMIT,
  });
  return (
    <div className="auth-card">
      <h1>Forgot password</h1>
      <p>
        Enter the email of your account. We will send you a link to choose a new password (or to set one, if you signed
        up with Google).
      </p>
      <SubmitOnceForm method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <FormMessage id={form.errorId} errors={form.errors} success={actionData?.message} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={navigation.state === "submitting"}
        >
          {navigation.state === "submitting" ? "Sending…" : "Send reset link"}
        </button>
      </SubmitOnceForm>
      <p>
        <Link to="/login">Back to login</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
