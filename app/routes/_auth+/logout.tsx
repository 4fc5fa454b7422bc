import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroyRequestSession } from "~/lib/session.server";

// Logout is a POST (a GET must never change state); it deletes the session row.
export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await destroyRequestSession(context, request);
  return redirect("/login", { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/");
}
