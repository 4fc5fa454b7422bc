/**
 * The loader and action of a staff records screen (/admin/founders, /admin/services, /admin/images),
 * one copy for all: the list (searched, filtered, paged), the record in ?edit= or ?delete=, the
 * notice after a save (?saved=), then the item intents (the no-JavaScript delete confirmation,
 * delete) and the form's save through `formAction` with the area's form schema, once per form token.
 * The route passes its feature's functions in; this module knows no feature. The publishable kinds'
 * screens (features/moderation/page.server.ts) save their form through `saveRecordForm` too.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AuthUser } from "./auth.server";
import type { Db } from "./db.server";
import { formAction } from "./form-action.server";
import { newFormToken, onceForm } from "./form-token.server";
import { handleItemIntent } from "./moderation.server";
import { listQuery } from "./pagination";
import type { Action } from "./permissions";
import { requirePermission } from "./permissions.server";
import { savedId, savedLocation } from "./saved-location";

/** What the list is asked for: the search text, the ?status= filter (one of `statuses`) and the page. */
export type RecordsQuery<F extends string> = { q: string; status: F | undefined; page: number };

/** A records screen: its address, who may use it, and its feature's functions (V: the form's parsed value). */
export type Records<R, V, L, F extends string = never> = {
  basePath: string;
  permission: Action;
  /** The choices of the list's ?status= filter (e.g. the image kinds); none for a list without one. */
  statuses?: readonly F[];
  list: (db: Db, query: RecordsQuery<F>) => Promise<L>;
  get: (db: Db, id: string) => Promise<R | null>;
  create: (context: AppLoadContext, user: AuthUser, value: V, form: FormData) => Promise<{ id: string }>;
  update: (context: AppLoadContext, user: AuthUser, id: string, value: V, form: FormData) => Promise<unknown>;
  remove: (context: AppLoadContext, user: AuthUser, id: string) => Promise<unknown>;
  /** Whether `remove` moves the record to the trash (its notice then offers Undo). */
  trash?: boolean;
};

/** A records screen, its types read off the feature's functions. */
export const defineRecords = <R, V, L, F extends string = never>(records: Records<R, V, L, F>) => records;

/** The screen's data: one page of the list, the records in ?edit=, ?delete= and ?saved=, a create form's token. */
export async function recordsPageData<R, V, L, F extends string = never>(
  { request, context }: LoaderFunctionArgs,
  records: Records<R, V, L, F>,
  /** The saved record's notice: its name, and where the site shows it (null: nowhere yet). */
  savedNotice: (row: R) => { name: string; href: string | null },
) {
  await requirePermission(request, context, records.permission);
  const url = new URL(request.url);
  const query = listQuery(url.searchParams, records.statuses);
  const row = (id: string | null) => (id ? records.get(context.db, id) : null);
  const [list, editing, deleting, saved] = await Promise.all([
    records.list(context.db, query),
    row(url.searchParams.get("edit")),
    row(url.searchParams.get("delete")),
    row(savedId(url)),
  ]);
  return {
    formToken: newFormToken(),
    list,
    q: query.q,
    status: query.status ?? "",
    editing,
    deleting,
    saved: saved ? savedNotice(saved) : null,
  };
}

/**
 * The screen's action: an item intent (confirm-delete, delete), else the form's save: an edit when
 * it carries an id (back to its edit form), else a new record (once per form token) whose notice
 * names it (`?done=<created>&saved=<id>`).
 */
export async function recordsPageAction<R, V, L, F extends string = never>(
  { request, context }: ActionFunctionArgs,
  records: Records<R, V, L, F>,
  {
    schema,
    failed,
    created = "added",
  }: {
    schema: z.ZodType<V>;
    /** The form-level messages of a refusal that names no field. */
    failed: { create: string; update: string };
    /** What `?done=` says after a create ("added", "created"): the page's notice for it. */
    created?: string;
  },
) {
  const user = await requirePermission(request, context, records.permission);
  const form = await request.formData();
  const handled = await handleItemIntent(form, {
    basePath: records.basePath,
    remove: (id) => records.remove(context, user, id),
    trash: records.trash,
  });
  if (handled) return handled;
  return saveRecordForm(context, form, {
    schema,
    failed,
    basePath: records.basePath,
    update: (id, value) => records.update(context, user, id, value, form),
    create: async (value) =>
      savedLocation(records.basePath, created, (await records.create(context, user, value, form)).id),
  });
}

/**
 * A staff form's save: parsed with `schema` through `formAction`; with an id it is an edit, which
 * comes back to the record's edit form showing the values as stored; without one it is a new
 * record, saved once per form token, and `create` says where it leads.
 */
export function saveRecordForm<V>(
  context: Pick<AppLoadContext, "db">,
  form: FormData,
  {
    schema,
    failed,
    basePath,
    update,
    create,
  }: {
    schema: z.ZodType<V>;
    failed: { create: string; update: string };
    basePath: string;
    update: (id: string, value: V) => Promise<unknown>;
    /** Save a new record; the answer is where the page goes next. */
    create: (value: V) => Promise<string>;
  },
) {
  const id = String(form.get("id") ?? "");
  return onceForm(context, form, () =>
    formAction(form, {
      schema,
      fallback: id ? failed.update : failed.create,
      run: async (value) => {
        if (!id) return create(value);
        await update(id, value);
        return savedLocation(basePath, "updated", id, { edit: true });
      },
    }),
  );
}
