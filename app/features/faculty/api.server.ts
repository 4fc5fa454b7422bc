/** The /api/faculty handlers (thin: parse, guard, call the faculty functions). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireApiPermission } from "~/lib/permissions.server";
import { nonEmptyFields, parseApiPayload, readFormFields } from "~/lib/http.server";
import { apiFaculty, createFaculty, deleteFaculty, listFaculty, updateFaculty } from "./faculty.server";
import { FacultySchema, FacultyUpdateSchema } from "./schema";

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export async function listFacultyApi({ context }: Args) {
  return Response.json((await listFaculty(context.db)).map(apiFaculty));
}

export async function addFaculty({ request, context }: Args) {
  const user = await requireApiPermission(request, context, "faculty:manage");
  const { form, fields } = await readFormFields(request);
  const input = await parseApiPayload(FacultySchema, fields);
  return Response.json(apiFaculty(await createFaculty(context, user, input, form)), { status: 201 });
}

export async function editFaculty({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "faculty:manage");
  const { form, fields } = await readFormFields(request);
  const input = await parseApiPayload(FacultyUpdateSchema, nonEmptyFields(fields));
  return Response.json(apiFaculty(await updateFaculty(context, user, params.id ?? "", input, form)));
}

export async function removeFaculty({ request, context, params }: Args) {
  const user = await requireApiPermission(request, context, "faculty:manage");
  await deleteFaculty(context, user, params.id ?? "");
  return Response.json({ message: "Founder deleted" });
}
