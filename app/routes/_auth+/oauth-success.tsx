import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { sessionFromTokenParam, tokenErrorOf } from "~/features/accounts/token-login.server";
import { noindexPageMeta } from "~/lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const outcome = await sessionFromTokenParam(context, request);
  if (outcome) throw outcome;
  const error = tokenErrorOf(request);
  if (error === null) throw redirect("/login");
  return { error };
}

export const meta: MetaFunction = () => noindexPageMeta({ title: "Signing you in" });

export default function OAuthSuccess() {
  const { error } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <h1>Sign-in link not valid</h1>
      <p className="alert alert--error" role="alert">
        {error}
      </p>
      <p>
        <Link to="/login">Log in again</Link>
      </p>
    </div>
  );
}
