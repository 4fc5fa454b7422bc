import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { confirmHandover, declineHandover, pendingHandover } from "~/features/accounts/token-login.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

// /login/continue: a sign-in link (/login?token=…, /oauth-success?token=…) followed from another site
// signs in only when the visitor confirms the account here (app/features/accounts/token-login.server.ts).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await pendingHandover(context, request);
  if (!user) throw redirect("/login?error=token", { headers: { "Cache-Control": "no-store" } });
  return Response.json(
    { name: user.fullName, email: user.email },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return form.get("intent") === "continue" ? confirmHandover(context, request) : declineHandover(context);
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Continue signing in" }));

export default function ContinueSignIn() {
  const { name, email } = useLoaderData<{ name: string; email: string }>();
  return (
    <div className="page page--narrow">
      <h1>Continue signing in?</h1>
      <p>
        A link from another website is signing you in to this account: <strong>{name}</strong> ({email}).
      </p>
      <p>Continue only if this is your account and you meant to sign in.</p>
      <Form method="post" className="form card">
        <p>
          <button type="submit" name="intent" value="continue" className="button button--primary">
            Continue as {name}
          </button>{" "}
          <button type="submit" name="intent" value="decline" className="button button--ghost">
            Not my account
          </button>
        </p>
      </Form>
      <p>
        <Link to="/login">Log in with your own account</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
