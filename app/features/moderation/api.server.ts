/**
 * The /api handlers every publishable kind shares (thin: parse with the kind's schema, guard, call
 * the shared publishing rules): POST (any signed-in user), PUT with only the non-empty fields,
 * DELETE to the trash, approve and reject (moderators). Each kind keeps its own GET list.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { nonEmptyFields, parseApiPayload, readFormFields } from "~/lib/http.server";
import { requireApiPermission } from "~/lib/permissions.server";
import type { Publishing, PublishableTable } from "./publishing.server";

export type ApiArgs = { request: Request; context: AppLoadContext; params: { id?: string } };

export function publishingApi<T extends PublishableTable, S extends z.ZodType, U extends z.ZodType>(
  items: Publishing<T, z.output<S>>,
  {
    schema,
    updateSchema,
    toApi,
    deleted,
  }: {
    /** The form's schema (POST) and its partial (PUT). */
    schema: S;
    updateSchema: U & z.ZodType<Partial<z.output<S>>>;
    /** The row as the API shows it (with the legacy `_id`). */
    toApi: (row: T["$inferSelect"]) => unknown;
    /** DELETE's message, e.g. "Article deleted". */
    deleted: string;
  },
) {
  const moderator = (request: Request, context: AppLoadContext) =>
    requireApiPermission(request, context, items.kind.moderate);
  return {
    async create({ request, context }: ApiArgs) {
      // The permission guard, so staff without the mandatory two-factor are refused (403) here too.
      const user = await requireApiPermission(request, context, items.kind.submit);
      const { form, fields } = await readFormFields(request);
      const input = await parseApiPayload(schema, fields);
      return Response.json(toApi(await items.create(context, user, input, form)), { status: 201 });
    },
    async update({ request, context, params }: ApiArgs) {
      const user = await moderator(request, context);
      const { form, fields } = await readFormFields(request);
      const input = await parseApiPayload(updateSchema, nonEmptyFields(fields));
      return Response.json(toApi(await items.update(context, user, params.id ?? "", input, form)));
    },
    async remove({ request, context, params }: ApiArgs) {
      const user = await moderator(request, context);
      await items.remove(context, user, params.id ?? "");
      return Response.json({ message: deleted });
    },
    async review({ request, context, params }: ApiArgs, status: "published" | "rejected") {
      const user = await moderator(request, context);
      return Response.json(toApi(await items.review(context, user, params.id ?? "", status)));
    },
  };
}
