/**
 * The management screens' item intents, shared by /admin/blogs,
 * /admin/testimonials, /admin/founders and /admin/services: ask before
 * deleting (the no-JavaScript confirmation step), delete, approve, reject. Returns the response, or null when the
 * request is a save for the page's own form handling.
 */
import { redirect } from "@remix-run/cloudflare";
import { HttpError } from "./http.server";

export async function handleItemIntent(
  form: FormData,
  {
    basePath,
    remove,
    review,
    trash = false,
  }: {
    basePath: string;
    remove: (id: string) => Promise<unknown>;
    /** A delete moves the item to the trash: its notice then offers Undo for the item (`undo=`). */
    trash?: boolean;
    /** Screens without a review step (e.g. founders) leave it out: approve/reject are then a 400. */
    review?: (id: string, status: "published" | "rejected") => Promise<unknown>;
  },
): Promise<Response | null> {
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "");
  try {
    switch (intent) {
      case "confirm-delete":
        return redirect(`${basePath}?delete=${encodeURIComponent(id)}`);
      case "delete":
        await remove(id);
        return redirect(`${basePath}?done=deleted${trash ? `&undo=${encodeURIComponent(id)}` : ""}`);
      case "approve":
      case "reject":
        if (!review) throw new HttpError(400, "This item has no review step");
        await review(id, intent === "approve" ? "published" : "rejected");
        return redirect(`${basePath}?done=${intent === "approve" ? "approved" : "rejected"}`);
      default:
        return null;
    }
  } catch (error) {
    if (error instanceof HttpError) return Response.json({ message: error.message }, { status: error.status });
    throw error;
  }
}
