import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroyRequestSession, endSignInsOfLogout } from "~/lib/session.server";

// Logout is a POST (a GET must never change state); it deletes the session row and revokes the account's
// API tokens, so the token a browser holds cannot start a new session after it.
export async function action({ request, context }: ActionFunctionArgs) {
  await endSignInsOfLogout(context, request);
  const cookie = await destroyRequestSession(context, request);
  return redirect("/login", { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/");
}
