/**
 * The loader and action of a publishable kind's management screen (/admin/blogs,
 * /admin/testimonials), one copy for both: the lists and the item being edited or deleted (for a
 * moderator), the notice after a save, then the item intents (delete, approve, reject) and the
 * form's save through `formAction` with the kind's form schema.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { PUBLICATION_STATUSES } from "../../../db/enums";
import { newFormToken } from "~/lib/form-token.server";
import { handleItemIntent } from "~/lib/moderation.server";
import { listQuery } from "~/lib/pagination";
import { saveRecordForm } from "~/lib/records-page.server";
import { savedLocation } from "~/lib/saved-location";
import { can } from "~/lib/permissions";
import { requirePermission } from "~/lib/permissions.server";
import type { EditInput, Publishing, PublishableTable } from "./publishing.server";

type Row<T extends PublishableTable> = T["$inferSelect"];

/** The screen's data: a moderator's lists, the item in ?edit= or ?delete=, and the item in ?saved=. */
export async function moderationPageData<T extends PublishableTable, I>(
  { request, context }: LoaderFunctionArgs,
  items: Publishing<T, I>,
  /** The saved item's notice: its name, and its public page once it can be seen. */
  savedNotice: (row: Row<T>) => { name: string; href: string | null },
) {
  const user = await requirePermission(request, context, items.kind.submit);
  const url = new URL(request.url);
  const isAdmin = can(user, items.kind.moderate);
  const row = async (param: string) => {
    const id = url.searchParams.get(param);
    return isAdmin && id ? ((await items.get(context, id)) ?? null) : null;
  };
  const query = listQuery(url.searchParams, PUBLICATION_STATUSES);
  const saved = await row("saved");
  return {
    formToken: newFormToken(),
    isAdmin,
    lists: isAdmin ? await items.listForAdmin(context, query) : null,
    q: query.q,
    status: query.status ?? "",
    editing: await row("edit"),
    deleting: await row("delete"),
    saved: saved ? savedNotice(saved) : null,
  };
}

/**
 * The screen's action: an item intent (delete, approve, reject), else the form's save (an edit
 * when it carries an id, else a submission, once per form token). A published save's notice names
 * the item (`saved=`); an edit comes back to the item's edit form; a submission that waits for review says so.
 */
export async function moderationPageAction<T extends PublishableTable, I>(
  { request, context }: ActionFunctionArgs,
  items: Publishing<T, I>,
  {
    schema,
    basePath,
    failed,
  }: {
    /** The kind's form schema with the "Remove image" field (withEditFields). */
    schema: z.ZodType<EditInput<I> & I>;
    basePath: string;
    /** The form-level messages of a refusal that names no field. */
    failed: { create: string; update: string };
  },
) {
  // The permission guard (not only a signed-in user): staff confined to /account/security by the
  // mandatory two-factor setting neither submit nor moderate here.
  const user = await requirePermission(request, context, items.kind.submit);
  const form = await request.formData();
  const handled = await handleItemIntent(form, {
    basePath,
    remove: (itemId) => items.remove(context, user, itemId),
    trash: true,
    review: (itemId, status) => items.review(context, user, itemId, status),
  });
  if (handled) return handled;
  return saveRecordForm(context, form, {
    schema,
    failed,
    basePath,
    update: (id, value) => items.update(context, user, id, value, form),
    create: async (value) => {
      const row = await items.create(context, user, value, form);
      return row.status === "published" ? savedLocation(basePath, "published", row.id) : `${basePath}?done=submitted`;
    },
  });
}
