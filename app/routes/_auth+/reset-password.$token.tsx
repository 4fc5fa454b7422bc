import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect } from "react";
import type { z } from "zod";
import { ErrorSummary, Field, FormMessage, VALIDATE_ON_SUBMIT } from "~/components/forms";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { RESET_INVALID, RESET_SUCCESS } from "~/features/accounts/messages";
import { findUsableResetToken, resetPassword } from "~/features/accounts/password-reset.server";
import { RESET_PASSWORD_CONSTRAINT } from "~/features/accounts/constraints";
import { ResetPasswordSchema } from "~/features/accounts/schema";
import { formErrorReply, HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const usable = await findUsableResetToken(context, params.token ?? "");
  return { valid: Boolean(usable) };
}

type ActionData = { result: SubmissionResult<string[]>; message?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return Response.json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    await resetPassword(context, params.token ?? "", submission.value.password);
  } catch (error) {
    if (error instanceof HttpError) {
      return Response.json(
        { result: submission.reply({ hideFields: ["password"], ...formErrorReply(error, "Something went wrong.") }) },
        { status: error.status },
      );
    }
    throw error;
  }
  // Without JavaScript the page itself moves on to /login after 2 seconds.
  return Response.json(
    { result: submission.reply({ resetForm: true }), message: RESET_SUCCESS },
    { headers: { Refresh: "2; url=/login" } },
  );
}

// Pass the action's Refresh header on to the document (the no-JavaScript redirect).
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const refresh = actionHeaders.get("Refresh");
  if (refresh) headers.set("Refresh", refresh);
  return headers;
};

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Reset Password" }));

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const done = Boolean(actionData?.message);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), 2000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-form",
    lastResult: actionData?.result,
    constraint: RESET_PASSWORD_CONSTRAINT,
    ...VALIDATE_ON_SUBMIT,
  });

  return (
    <div className="auth-card">
      <h1>Reset password</h1>
      {done ? (
        <>
          {/* Without JavaScript, the Refresh header of the response moves on to /login. */}
          <FormMessage success={actionData!.message} />
          <p>
            Taking you to <Link to="/login">the login page</Link>…
          </p>
        </>
      ) : !valid && !actionData ? (
        <>
          <p className="alert alert--error" role="alert">
            {RESET_INVALID}
          </p>
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </>
      ) : (
        <Form method="post" className="form" {...getFormProps(form)}>
          <ErrorSummary form={form} />
          <FormMessage id={form.errorId} errors={form.errors} />
          <Field
            label="New password"
            hint="At least 8 characters. A long phrase is easiest to remember."
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={navigation.state === "submitting"}
          >
            {navigation.state === "submitting" ? "Saving…" : "Set new password"}
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
