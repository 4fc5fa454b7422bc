/**
 * Sub-services of a service: a title, a description, a syllabus and a
 * questions PDF, an uploaded video and a shared-video link. Admins and
 * teachers create and delete them; the /services/{path} page and
 * /api/sub-services call these functions.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray } from "drizzle-orm";
import { services, subServices, users } from "../../../db/schema";
import { newId } from "../../../db/id";
import { auditStatement, createdSummary, updateWithAudit } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { assertSameVersion, savedAfter } from "~/lib/db.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import { mediaUrl } from "~/lib/media";
import { assertCan } from "~/lib/permissions.server";
import { moveToTrash } from "~/lib/trash.server";
import {
  deleteUpload,
  formatBytes,
  receiveMultipartUpload,
  UPLOAD_RULES,
  type FileFieldRules,
} from "~/lib/uploads.server";
import { SUB_SERVICE_SAVED_MEANWHILE, SubServiceSchema } from "./sub-service-schema";
import { youtubeEmbedUrl } from "./video-links";

type Ctx = Pick<AppLoadContext, "db" | "env">;
type SubServiceRow = typeof subServices.$inferSelect;

/** The files a sub-service carries; the caps are the shared upload rules (PDF 20 MB, video 500 MB). */
export const SUB_SERVICE_FILES = {
  syllabus: { kind: "pdf", prefix: "subservices" },
  questions: { kind: "pdf", prefix: "subservices" },
  video: { kind: "video", prefix: "subservices" },
} satisfies FileFieldRules;

/** The caps as the form states them next to its inputs. */
export function subServiceUploadLimits() {
  const { pdf, video } = UPLOAD_RULES;
  return {
    pdf: formatBytes(pdf.maxBytes),
    pdfBytes: pdf.maxBytes,
    video: formatBytes(video.maxBytes),
    videoBytes: video.maxBytes,
  };
}

const tooLargeMessage = () => {
  const { pdf, video } = subServiceUploadLimits();
  return `The upload is too large: the syllabus and questions PDFs may be up to ${pdf} each and the video up to ${video}.`;
};

/**
 * The API's shape of a sub-service (docs/product.md#entities): file paths are /uploads/… URLs;
 * `version` is what an edit sends back (decision 105); `createdBy` is `{_id, name}` like a service's
 * (null once the account is gone).
 */
export const apiSubService = (row: SubServiceRow, creatorName: string | null) => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  syllabusPath: mediaUrl(row.syllabusKey),
  questionPath: mediaUrl(row.questionKey),
  videoPath: mediaUrl(row.videoKey),
  youtubeLink: row.youtubeLink,
  serviceId: row.serviceId,
  version: row.updatedAt.getTime(),
  createdBy: row.createdBy && creatorName !== null ? { _id: row.createdBy, name: creatorName } : null,
});

/** What the detail page shows of a sub-service: links, the player source and the embed (if the link is recognised). */
export const subServiceView = (row: SubServiceRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  syllabusUrl: mediaUrl(row.syllabusKey),
  questionsUrl: mediaUrl(row.questionKey),
  videoUrl: mediaUrl(row.videoKey),
  embedUrl: youtubeEmbedUrl(row.youtubeLink),
});
export type SubServiceView = ReturnType<typeof subServiceView>;

/** The embeds of a service's own video list: recognised links only. */
export const serviceVideoEmbeds = (links: readonly string[] | null | undefined) =>
  (links ?? []).map((link) => youtubeEmbedUrl(link)).filter((url): url is string => url !== null);

/** GET /api/sub-services?serviceId=: the API's shapes; 400 without an id, 404 for an unknown service. */
export async function listSubServices(ctx: Ctx, serviceId: string | null) {
  if (!serviceId?.trim())
    throw new HttpError(400, "serviceId is required", { errors: { serviceId: ["serviceId is required"] } });
  const service = await ctx.db.query.services.findFirst({
    where: eq(services.id, serviceId.trim()),
    columns: { id: true },
  });
  if (!service) throw new HttpError(404, "Service not found");
  const rows = await ctx.db
    .select({ subService: subServices, creatorName: users.fullName })
    .from(subServices)
    .leftJoin(users, eq(users.id, subServices.createdBy))
    .where(eq(subServices.serviceId, service.id))
    .orderBy(asc(subServices.createdAt));
  return rows.map((row) => apiSubService(row.subService, row.creatorName));
}

/** One sub-service in the API's shape (404 when unknown). */
export async function getSubServiceForApi(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({ subService: subServices, creatorName: users.fullName })
    .from(subServices)
    .leftJoin(users, eq(users.id, subServices.createdBy))
    .where(eq(subServices.id, id));
  if (!row) throw new HttpError(404, "Sub-service not found");
  return apiSubService(row.subService, row.creatorName);
}

/** A refused sub-service form: the HTTP error plus the text fields as sent, so a page can re-render them. */
export class SubServiceFormError extends HttpError {
  constructor(
    error: HttpError,
    readonly fields: Record<string, string>,
  ) {
    super(error.status, error.message, error.extra);
  }
}

/**
 * Create a sub-service from a multipart request (page form or API), streaming
 * its files to R2. Nothing is half-saved: when a file is refused, the fields
 * are invalid, the service is unknown or the insert fails, every file already
 * stored for the request is deleted. `files` overrides the caps (tests).
 */
export async function createSubServiceFromRequest(
  ctx: Ctx,
  actor: AuthUser,
  request: Request,
  { files = SUB_SERVICE_FILES as FileFieldRules } = {},
) {
  assertCan(actor, "service:manage");
  const fields: Record<string, string> = {};
  const fail = (error: unknown): never => {
    throw error instanceof HttpError ? new SubServiceFormError(error, fields) : error;
  };
  const upload = await receiveMultipartUpload(ctx, request, { files, tooLarge: tooLargeMessage(), fields }).catch(fail);
  try {
    const input = await parseApiPayload(SubServiceSchema, upload.fields);
    const service = await ctx.db.query.services.findFirst({
      where: eq(services.id, input.serviceId),
      columns: { id: true, path: true },
    });
    if (!service) throw new HttpError(404, "Service not found", { errors: { serviceId: ["Service not found"] } });
    const id = newId();
    // The row and its audit row in one batch: both or neither.
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(subServices)
        .values({
          id,
          serviceId: service.id,
          title: input.title,
          description: input.description ?? "",
          syllabusKey: upload.files.syllabus?.key ?? null,
          questionKey: upload.files.questions?.key ?? null,
          videoKey: upload.files.video?.key ?? null,
          youtubeLink: input.youtubeLink ?? null,
          createdBy: actor.id,
        })
        .returning(),
      auditStatement(ctx, actor, {
        kind: "sub-service",
        id,
        action: "create",
        summary: `${createdSummary({ title: input.title }, ["title"])}; service: "${service.path}"`,
      }),
    ]);
    await purgePublicPages(ctx, [`/services/${service.path}`]);
    return { row: row!, servicePath: service.path };
  } catch (error) {
    await upload.discard();
    return fail(error);
  }
}

/**
 * Edit a sub-service from a multipart request (the same fields and files as
 * creating one). A file sent replaces the stored one; a file not sent is kept.
 * The old file is deleted from R2 only after the new one is stored and the row
 * points at it; a refused request deletes what it uploaded and changes nothing.
 * `servicePath` (the page's service) makes one of another service a 404. An edit from a `version`
 * older than the stored one, or overtaken by another save before its write, is refused (409, decision 105).
 */
export async function updateSubServiceFromRequest(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  request: Request,
  { servicePath, files = SUB_SERVICE_FILES as FileFieldRules }: { servicePath?: string; files?: FileFieldRules } = {},
) {
  assertCan(actor, "service:manage");
  const fields: Record<string, string> = {};
  const fail = (error: unknown): never => {
    throw error instanceof HttpError ? new SubServiceFormError(error, fields) : error;
  };
  const upload = await receiveMultipartUpload(ctx, request, { files, tooLarge: tooLargeMessage(), fields }).catch(fail);
  let replaced: Array<string | null> = [];
  let result: { row: SubServiceRow; servicePath: string };
  try {
    const input = await parseApiPayload(SubServiceSchema, upload.fields);
    const [found] = await ctx.db
      .select({ sub: subServices, path: services.path })
      .from(subServices)
      .innerJoin(services, eq(services.id, subServices.serviceId))
      .where(eq(subServices.id, id));
    if (!found || found.sub.serviceId !== input.serviceId || (servicePath && found.path !== servicePath)) {
      throw new HttpError(404, "Sub-service not found");
    }
    const current = found.sub;
    assertSameVersion(input.version, current.updatedAt, SUB_SERVICE_SAVED_MEANWHILE);
    const keys = {
      syllabusKey: upload.files.syllabus?.key ?? current.syllabusKey,
      questionKey: upload.files.questions?.key ?? current.questionKey,
      videoKey: upload.files.video?.key ?? current.videoKey,
    };
    replaced = (["syllabusKey", "questionKey", "videoKey"] as const)
      .filter((key) => current[key] && current[key] !== keys[key])
      .map((key) => current[key]);
    const edited = await updateWithAudit(ctx, actor, {
      table: subServices,
      id,
      set: {
        title: input.title,
        description: input.description ?? "",
        youtubeLink: input.youtubeLink ?? null,
        ...keys,
        updatedAt: savedAfter(current.updatedAt),
      },
      kind: "sub-service",
      summary: `${JSON.stringify(input.title)}${replaced.length ? `; ${replaced.length} file(s) replaced` : ""}`,
      unchangedSince: {
        column: subServices.updatedAt,
        readAt: current.updatedAt,
        message: SUB_SERVICE_SAVED_MEANWHILE,
      },
    });
    const row = edited ? await ctx.db.query.subServices.findFirst({ where: eq(subServices.id, id) }) : null;
    if (!row) throw new HttpError(404, "Sub-service not found");
    result = { row, servicePath: found.path };
  } catch (error) {
    await upload.discard();
    return fail(error);
  }
  // Purge first: the edit is saved, and a failed delete of an old file must not leave the page stale.
  await purgePublicPages(ctx, [`/services/${result.servicePath}`]);
  // Only now that the row points at the new files are the old ones removed.
  for (const key of replaced) await deleteUpload(ctx, key);
  return result;
}

/** Move a sub-service to the trash (files stay in R2); `servicePath` (the page's service) makes one of another service a 404. */
export async function deleteSubService(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  { servicePath }: { servicePath?: string } = {},
  now = new Date(),
) {
  assertCan(actor, "service:manage");
  const scope = servicePath
    ? and(
        eq(subServices.id, id),
        inArray(
          subServices.serviceId,
          ctx.db.select({ id: services.id }).from(services).where(eq(services.path, servicePath)),
        ),
      )
    : eq(subServices.id, id);
  const row = await ctx.db.query.subServices.findFirst({ where: scope });
  const moved =
    row &&
    // A purge invalidates every public page; the path is only for the log, so no lookup of the service's path.
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "sub-service",
        entityId: row.id,
        label: row.title,
        rows: [{ table: "sub_services", column: "id", value: row.id }],
        files: [row.syllabusKey, row.questionKey, row.videoKey],
        pages: ["/services/*"],
        checks: [
          {
            table: "services",
            column: "id",
            value: row.serviceId,
            expect: "present",
            message: "Cannot restore: its service is in the trash or gone. Restore the service first.",
          },
        ],
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Sub-service not found");
  return row;
}
