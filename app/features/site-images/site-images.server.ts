/**
 * The firm's gallery and accolade images: queries and rules for the public pages and /admin/images.
 * A new file is checked completely (type by its bytes, size, pixel size read from its header, SVG content)
 * before anything is stored; it is stored before its row is written, and deleted again if the row is not,
 * so a refused or failed request leaves neither a row nor a file behind. Each change is written in one
 * D1 batch with its audit row (decision 084): both or neither.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { siteImages } from "../../../db/schema";
import { newId } from "../../../db/id";
import { auditStatement, changeSummary, createdSummary, updateWithAudit } from "~/lib/audit.server";
import {
  assertSameVersion,
  insertOnlyIf,
  PreparedRun,
  preparedOnce,
  runRawBatch,
  savedAfter,
  type Db,
  type RawStatement,
} from "~/lib/db.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { boundedCache } from "~/lib/memo";
import { paginate } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { HttpError } from "~/lib/http.server";
import { readImageDimensions } from "~/lib/image-dimensions.server";
import { isSafeSvg } from "~/lib/svg.server";
import { assertCan } from "~/lib/permissions.server";
import type { Actor } from "~/lib/permissions";
import { checkFile, deleteUpload, isPresentFile, storeUpload } from "~/lib/uploads.server";
import { isBuiltIn, PLACEHOLDER_IMAGES, SITE_IMAGE_MESSAGES, type SiteImage, type SiteImageKind } from "./site-images";
import { SITE_IMAGE_SAVED_MEANWHILE, type SiteImageInput } from "./schema";

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** Who changes an image: its audit row names them (decision 084). */
type Staff = Actor & { email: string };

/** The fields an audit row of an image summarises (the file by its key). */
const AUDITED = ["kind", "caption", "alt", "description", "sortOrder", "published", "image"] as const;

/** The public pages that show site images: their cached copies are purged after every change. */
const PAGES_WITH_IMAGES = ["/", "/about"];

const columns = {
  id: siteImages.id,
  kind: siteImages.kind,
  image: siteImages.image,
  thumbnail: siteImages.thumbnail,
  width: siteImages.width,
  height: siteImages.height,
  caption: siteImages.caption,
  description: siteImages.description,
  alt: siteImages.alt,
  sortOrder: siteImages.sortOrder,
  published: siteImages.published,
};

const order = [asc(siteImages.sortOrder), asc(siteImages.createdAt), asc(siteImages.id)];

const CHANGED_MEANWHILE = "The image was changed meanwhile: reload and try again.";

/** An image as its edit form opens it: with its version (`updatedAt`, decision 105). */
export type EditedSiteImage = SiteImage & { updatedAt: Date };

/** `exists (select 1 from site_images where …)`: the condition of an audit row's insert (insertOnlyIf). */
function exists(db: Db, where: SQL | undefined): RawStatement {
  const query = db
    .select({ one: sql`1` })
    .from(siteImages)
    .where(where)
    .toSQL();
  return { sql: `exists (${query.sql})`, params: query.params };
}

/**
 * /admin/images: one page of the images (by kind, then the firm's order), searched by caption or alt
 * text and filtered by kind, with how many images of each kind there are at all (a kind with none
 * shows the placeholders on the site).
 */
export async function listSiteImagesPage(
  db: Db,
  { q, kind, page }: { q?: unknown; kind?: SiteImageKind; page?: number } = {},
) {
  const term = searchTerm(q);
  const where = and(
    term ? or(containsText(siteImages.caption, term), containsText(siteImages.alt, term)) : undefined,
    kind ? eq(siteImages.kind, kind) : undefined,
  );
  const [found, perKind] = await Promise.all([
    paginate(db, siteImages, where, page, (window) =>
      db
        .select(columns)
        .from(siteImages)
        .where(where)
        .orderBy(asc(siteImages.kind), ...order)
        .limit(window.limit)
        .offset(window.offset),
    ),
    db.select({ kind: siteImages.kind, total: count() }).from(siteImages).groupBy(siteImages.kind),
  ]);
  const totals = Object.fromEntries(perKind.map((row) => [row.kind, row.total])) as Partial<
    Record<SiteImageKind, number>
  >;
  return { ...found, totals };
}

function imagesOfKinds(kinds: readonly SiteImageKind[]) {
  return preparedOnce((db) =>
    db
      .select(columns)
      .from(siteImages)
      .where(inArray(siteImages.kind, [...kinds]))
      .orderBy(...order)
      .prepare(),
  );
}

/** The prepared query of each set of kinds asked for (a handful: the pages' own). */
const ofKinds = boundedCache<ReturnType<typeof imagesOfKinds>>(16);

/** Every image of the given kinds, published or not, in the firm's order: one query, for a `batchPrepared` too. */
export function siteImageRows(db: Db, kinds: readonly SiteImageKind[]): PreparedRun<SiteImage[]> {
  return PreparedRun.of(ofKinds(kinds.join(","), () => imagesOfKinds(kinds))(db));
}

/** From `siteImageRows`, the images a visitor sees of one kind (the placeholders while there is none). */
export function publishedOfKind(rows: readonly SiteImage[], kind: SiteImageKind): SiteImage[] {
  const ofKind = rows.filter((row) => row.kind === kind);
  if (ofKind.length === 0)
    return PLACEHOLDER_IMAGES.filter((image) => image.kind === kind).map((image, index) => ({
      ...image,
      id: `placeholder-${kind}-${index + 1}`,
      published: true,
    }));
  return ofKind.filter((row) => row.published);
}

export async function getSiteImage(db: Db, id: string): Promise<EditedSiteImage | null> {
  const [row] = await db
    .select({ ...columns, updatedAt: siteImages.updatedAt })
    .from(siteImages)
    .where(eq(siteImages.id, id));
  return row ?? null;
}

/** The uploaded file of a form, checked through and measured; undefined when none was chosen. */
async function checkedUpload(form: FormData) {
  const file = form.get("image");
  if (!isPresentFile(file)) return undefined;
  await checkFile(file, "site-image", "image");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = readImageDimensions(bytes);
  if (!size)
    throw new HttpError(400, SITE_IMAGE_MESSAGES.unreadable, { errors: { image: [SITE_IMAGE_MESSAGES.unreadable] } });
  if (size.format === "svg" && !isSafeSvg(bytes))
    throw new HttpError(400, SITE_IMAGE_MESSAGES.unsafeSvg, { errors: { image: [SITE_IMAGE_MESSAGES.unsafeSvg] } });
  return { file, width: size.width, height: size.height };
}

/** Store the checked file, run `save` with its key, and delete the file again if saving fails. */
async function withStoredFile<T>(
  ctx: Ctx,
  upload: Awaited<ReturnType<typeof checkedUpload>>,
  save: (stored: { key: string; width: number; height: number } | undefined) => Promise<T>,
): Promise<T> {
  const key = upload
    ? await storeUpload(ctx, upload.file, { kind: "site-image", field: "image", prefix: "site-images" })
    : undefined;
  try {
    return await save(key && upload ? { key, width: upload.width, height: upload.height } : undefined);
  } catch (error) {
    if (key) await deleteUpload(ctx, key);
    throw error;
  }
}

export async function createSiteImage(
  ctx: Ctx,
  actor: Staff,
  input: SiteImageInput,
  form: FormData,
  now = new Date(),
): Promise<SiteImage> {
  assertCan(actor, "site-images:manage");
  const upload = await checkedUpload(form);
  if (!upload)
    throw new HttpError(400, SITE_IMAGE_MESSAGES.fileRequired, {
      errors: { image: [SITE_IMAGE_MESSAGES.fileRequired] },
    });
  const created = await withStoredFile(ctx, upload, async (stored) => {
    const values = {
      id: newId(),
      kind: input.kind,
      image: stored!.key,
      thumbnail: null,
      width: stored!.width,
      height: stored!.height,
      caption: input.caption,
      description: input.kind === "accolade" ? (input.description ?? "") : "",
      alt: input.alt,
      sortOrder: input.sortOrder ?? 0,
      published: input.published ?? false,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    };
    // The row and its audit row in one batch: both or neither (and then the file is deleted again).
    const [[row]] = await ctx.db.batch([
      ctx.db.insert(siteImages).values(values).returning(columns),
      auditStatement(ctx, actor, {
        kind: "site-image",
        id: values.id,
        action: "create",
        summary: createdSummary(values, ["kind", "caption", "published"]),
      }),
    ]);
    return row!;
  });
  await purgePublicPages(ctx, PAGES_WITH_IMAGES);
  return created;
}

/**
 * Change the fields (and the file, when a new one is chosen: the old upload is deleted after the row is
 * saved). An edit from a `version` older than the stored one, or overtaken by another save before its
 * write, is refused (409, decision 105) and keeps no upload.
 */
export async function updateSiteImage(
  ctx: Ctx,
  actor: Staff,
  id: string,
  input: SiteImageInput,
  form: FormData,
  now = new Date(),
): Promise<SiteImage> {
  assertCan(actor, "site-images:manage");
  const existing = await getSiteImage(ctx.db, id);
  if (!existing) throw new HttpError(404, SITE_IMAGE_MESSAGES.notFound);
  assertSameVersion(input.version, existing.updatedAt, SITE_IMAGE_SAVED_MEANWHILE);
  const upload = await checkedUpload(form);
  const updated = await withStoredFile(ctx, upload, async (stored) => {
    const changes = {
      kind: input.kind,
      caption: input.caption,
      description: input.kind === "accolade" ? (input.description ?? "") : "",
      alt: input.alt,
      sortOrder: input.sortOrder ?? 0,
      published: input.published ?? false,
      updatedAt: savedAfter(existing.updatedAt, now),
      ...(stored ? { image: stored.key, thumbnail: null, width: stored.width, height: stored.height } : {}),
    };
    // Nothing unless the image is as this request read it (so its old file is the one deleted below),
    // then the edit and its audit row (only while the image is still there): one batch.
    const edited = await updateWithAudit(ctx, actor, {
      table: siteImages,
      id,
      set: changes,
      kind: "site-image",
      summary: changeSummary(existing, { ...existing, ...changes }, AUDITED),
      unchangedSince: { column: siteImages.updatedAt, readAt: existing.updatedAt, message: SITE_IMAGE_SAVED_MEANWHILE },
    });
    const row = edited ? await getSiteImage(ctx.db, id) : null;
    if (!row) throw new HttpError(404, SITE_IMAGE_MESSAGES.notFound);
    return row;
  });
  // Purge first: the edit is saved, and a failed delete of the old file must not leave the pages stale.
  await purgePublicPages(ctx, PAGES_WITH_IMAGES);
  if (updated.image !== existing.image) await removeFile(ctx, existing.image);
  return updated;
}

export async function deleteSiteImage(ctx: Ctx, actor: Staff, id: string) {
  assertCan(actor, "site-images:manage");
  const row = await getSiteImage(ctx.db, id);
  if (!row) throw new HttpError(404, SITE_IMAGE_MESSAGES.notFound);
  // The delete and its audit row in one batch, both only while the row is still the one read above
  // (its file is deleted next, and the summary names its kind and caption).
  const unchanged = and(
    eq(siteImages.id, id),
    eq(siteImages.image, row.image),
    eq(siteImages.kind, row.kind),
    eq(siteImages.caption, row.caption),
  );
  const [audited] = await runRawBatch(ctx.db, [
    insertOnlyIf(
      auditStatement(ctx, actor, {
        kind: "site-image",
        id,
        action: "delete",
        summary: createdSummary(row, ["kind", "caption"]),
      }).toSQL(),
      exists(ctx.db, unchanged),
    ),
    ctx.db.delete(siteImages).where(unchanged).toSQL(),
  ]);
  if (!audited?.meta.changes) {
    if (await getSiteImage(ctx.db, id)) throw new HttpError(409, CHANGED_MEANWHILE);
    throw new HttpError(404, SITE_IMAGE_MESSAGES.notFound);
  }
  // Purge first: the row is gone, and a failed delete of its file must not leave the pages showing it.
  await purgePublicPages(ctx, PAGES_WITH_IMAGES);
  await removeFile(ctx, row.image);
}

/** Uploaded files are deleted with their row; the built-in placeholders are part of the site and stay. */
async function removeFile(ctx: Ctx, image: string) {
  if (!isBuiltIn(image)) await deleteUpload(ctx, image);
}
