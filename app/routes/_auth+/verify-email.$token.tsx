import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { verifyEmail } from "~/features/accounts/email-verification.server";
import { EMAIL_VERIFIED } from "~/features/accounts/messages";
import { loadAuthUser } from "~/lib/auth.server";
import { getSignedInIdentity } from "~/lib/permissions.server";
import { HttpError } from "~/lib/http.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { isGrantedRole } from "~/lib/permissions";

// GET /verify-email/{token}: the link in the verification mail. It verifies only in the account's own
// session (see email-verification.server.ts); a visitor is asked to log in and comes back here.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const user = await getSignedInIdentity(request, context);
  if (!user) {
    const redirectTo = `/verify-email/${token}`;
    return { outcome: "sign-in" as const, loginHref: `/login?${new URLSearchParams({ redirectTo })}` };
  }
  try {
    await verifyEmail(context, user, token);
  } catch (error) {
    if (error instanceof HttpError)
      return { outcome: "refused" as const, message: error.message, status: error.status };
    throw error;
  }
  const role = (await loadAuthUser(context, user.id))?.role ?? "client";
  return { outcome: "verified" as const, role };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Confirm your email" }));

export default function VerifyEmail() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="auth-card">
      <h1>Confirm your email</h1>
      {data.outcome === "verified" ? (
        <>
          <p className="alert alert--success" role="status">
            {EMAIL_VERIFIED}
            {isGrantedRole(data.role) ? ` You now have the ${data.role} role.` : null}
          </p>
          <p>
            <Link to="/dashboard">Go to your dashboard</Link>
          </p>
        </>
      ) : data.outcome === "sign-in" ? (
        <>
          <p>Log in to the account you registered with this email to confirm it.</p>
          <p>
            <Link className="button button--primary" to={data.loginHref}>
              Log in to confirm
            </Link>
          </p>
          <p className="field__hint">
            Never registered, but this address is yours? Someone else may have used it:{" "}
            <Link to="/forgot-password">reset the password</Link> to take the account over.
          </p>
        </>
      ) : (
        <>
          <p
            className={data.status === 409 ? "alert alert--success" : "alert alert--error"}
            role={data.status === 409 ? "status" : "alert"}
          >
            {data.message}
          </p>
          <p>
            <Link to="/dashboard">Go to your dashboard</Link>
          </p>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
