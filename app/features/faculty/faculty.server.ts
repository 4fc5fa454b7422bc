/**
 * Founders and faculty members (the faculty table): queries and rules.
 * Only admins add, edit and delete them; /founders, /admin/founders and
 * /api/faculty all go through these functions.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, or } from "drizzle-orm";
import { faculty } from "../../../db/schema";
import { newId } from "../../../db/id";
import { auditStatement, changeSummary, createdSummary, updateWithAudit } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { PreparedRun, preparedOnce, type Db } from "~/lib/db.server";
import { paginate } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { assertCan } from "~/lib/permissions.server";
import { moveToTrash } from "~/lib/trash.server";
import { deleteUpload, imageAfterEdit, withFormImage } from "~/lib/uploads.server";
import { assertSameVersion, savedAfter } from "~/lib/db.server";
import { FACULTY_MESSAGES, type FacultyInput } from "./schema";

export type FacultyMember = {
  id: string;
  name: string;
  image: string | null;
  subject: string;
  specialization: string;
  services: string[];
  description: string;
  /** Also the edit form's version (decision 105). */
  updatedAt: Date;
};

type Ctx = Pick<AppLoadContext, "db" | "env">;

/** The public pages that show founders: their cached copies are purged after every change. */
const FOUNDER_PAGES = ["/founders", "/about", "/team", "/faculty1"];

const columns = {
  id: faculty.id,
  name: faculty.name,
  image: faculty.image,
  subject: faculty.subject,
  specialization: faculty.specialization,
  services: faculty.services,
  description: faculty.description,
  updatedAt: faculty.updatedAt,
};

const allFaculty = preparedOnce((db) =>
  db.select(columns).from(faculty).orderBy(asc(faculty.sortOrder), asc(faculty.createdAt), asc(faculty.name)).prepare(),
);

/** Every founder / faculty member, in the firm's chosen order (awaited, or in a `batchPrepared`). */
export function listFaculty(db: Db): PreparedRun<FacultyMember[]> {
  return PreparedRun.of(allFaculty(db));
}

/** /admin/founders: a page of founders in their display order, searched by name or subject. */
export async function listFacultyPage(db: Db, { q, page }: { q?: unknown; page?: number }) {
  const term = searchTerm(q);
  const where = term ? or(containsText(faculty.name, term), containsText(faculty.subject, term)) : undefined;
  return paginate(db, faculty, where, page, (window) =>
    db
      .select(columns)
      .from(faculty)
      .where(where)
      .orderBy(asc(faculty.sortOrder), asc(faculty.createdAt), asc(faculty.name))
      .limit(window.limit)
      .offset(window.offset),
  );
}

export async function getFacultyMember(db: Db, id: string): Promise<FacultyMember | null> {
  const [row] = await db.select(columns).from(faculty).where(eq(faculty.id, id));
  return row ?? null;
}

/** The API shape (docs/product.md#entities): `_id` plus the fields; image is an upload key or an absolute URL. */
export const apiFaculty = (member: FacultyMember) => ({ _id: member.id, ...member });

export async function createFaculty(
  ctx: Ctx,
  actor: AuthUser,
  input: FacultyInput,
  form: FormData | null,
): Promise<FacultyMember> {
  assertCan(actor, "faculty:manage");
  const member = await withFormImage(
    ctx,
    form,
    { fileField: "image", urlField: "imageUrl", prefix: "faculty" },
    async (image) => {
      const id = newId();
      // The row and its audit row in one batch: both or neither (and then the upload is deleted).
      const [[row]] = await ctx.db.batch([
        ctx.db
          .insert(faculty)
          .values({
            id,
            name: input.name,
            subject: input.subject,
            specialization: input.specialization ?? "",
            services: input.services ?? [],
            description: input.description ?? "",
            image: image ?? null,
          })
          .returning(),
        auditStatement(ctx, actor, {
          kind: "founder",
          id,
          action: "create",
          summary: createdSummary({ name: input.name, subject: input.subject }, ["name", "subject"]),
        }),
      ]);
      return pick(row!);
    },
  );
  await purgePublicPages(ctx, FOUNDER_PAGES);
  return member;
}

/**
 * Only the given fields change (PUT with the non-empty fields); a new image replaces and deletes the
 * old one; `removeImage` clears it (the old object is deleted the same way).
 */
export async function updateFaculty(
  ctx: Ctx,
  actor: AuthUser,
  id: string,
  input: Partial<FacultyInput> & { version?: number },
  form: FormData | null,
): Promise<FacultyMember> {
  assertCan(actor, "faculty:manage");
  const existing = await ctx.db.query.faculty.findFirst({ where: eq(faculty.id, id) });
  if (!existing) throw new HttpError(404, "Founder not found");
  assertSameVersion(input.version, existing.updatedAt, FACULTY_MESSAGES.savedMeanwhile);
  const updated = await withFormImage(
    ctx,
    form,
    { fileField: "image", urlField: "imageUrl", prefix: "faculty" },
    async (image) => {
      const next = imageAfterEdit({ current: existing.image, sent: image, remove: input.removeImage, noun: "photo" });
      const changes = Object.fromEntries(
        Object.entries({
          name: input.name,
          subject: input.subject,
          specialization: input.specialization,
          services: input.services,
          description: input.description,
          image: next,
        }).filter(([, value]) => value !== undefined),
      );
      const edited = await updateWithAudit(ctx, actor, {
        table: faculty,
        id,
        set: { ...changes, updatedAt: savedAfter(existing.updatedAt) },
        kind: "founder",
        unchangedSince: {
          column: faculty.updatedAt,
          readAt: existing.updatedAt,
          message: FACULTY_MESSAGES.savedMeanwhile,
        },
        summary: changeSummary(existing, { ...existing, ...changes }, [
          "name",
          "subject",
          "specialization",
          "services",
          "description",
          "image",
        ]),
      });
      const row = edited ? await ctx.db.query.faculty.findFirst({ where: eq(faculty.id, id) }) : null;
      if (!row) throw new HttpError(404, "Founder not found");
      return row;
    },
  );
  // Purge first: the edit is saved, and a failed delete of the old photo must not leave the pages stale.
  await purgePublicPages(ctx, FOUNDER_PAGES);
  if (updated.image !== existing.image) await deleteUpload(ctx, existing.image);
  return pick(updated);
}

/** Moves the founder to the trash (the photo stays in R2 until deleted for good). */
export async function deleteFaculty(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "faculty:manage");
  const row = await ctx.db.query.faculty.findFirst({ where: eq(faculty.id, id) });
  const moved =
    row &&
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "founder",
        entityId: row.id,
        label: row.name,
        rows: [{ table: "faculty", column: "id", value: row.id }],
        files: [row.image],
        pages: FOUNDER_PAGES,
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Founder not found");
}

function pick(row: typeof faculty.$inferSelect): FacultyMember {
  return Object.fromEntries(
    Object.keys(columns).map((key) => [key, row[key as keyof typeof columns]]),
  ) as FacultyMember;
}
