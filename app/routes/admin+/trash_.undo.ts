import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { HttpError, methodNotAllowed } from "~/lib/http.server";
import { requirePermission } from "~/lib/permissions.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { undoDelete } from "~/lib/trash.server";

// POST /admin/trash/undo: the Undo of a delete's notice (a plain form, so it works without JavaScript).
// Back to the screen it came from, whose notice says the item is back or why it could not be.
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "staff-area:enter");
  const form = await request.formData();
  const back = safeRedirectPath(form.get("returnTo"), "/admin");
  const to = (params: Record<string, string>) => `${back}?${new URLSearchParams(params)}`;
  try {
    const item = await undoDelete(context, user, String(form.get("id") ?? ""));
    return redirect(to({ done: "restored", what: item.label }), 303);
  } catch (error) {
    if (error instanceof HttpError) return redirect(to({ done: "undo-refused", what: error.message }), 303);
    throw error;
  }
}

export const loader = () => methodNotAllowed(["POST"]);
