/** Services and sub-services: queries and rules. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, or } from "drizzle-orm";
import { enrolments, servicePathRedirects, services, subServices, users } from "../../../db/schema";
import { newId } from "../../../db/id";
import { auditStatement, changeSummary, createdSummary, updateWithAudit } from "~/lib/audit.server";
import type { AuthUser } from "~/lib/auth.server";
import { assertSameVersion, insertOnlyIf, isUniqueConflict, runRawBatch, savedAfter, type Db } from "~/lib/db.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { assertCan } from "~/lib/permissions.server";
import { moveToTrash } from "~/lib/trash.server";
import { paginate } from "~/lib/pagination.server";
import { containsText, searchTerm } from "~/lib/search.server";
import { HttpError, parseApiPayload } from "~/lib/http.server";
import {
  QuickServiceApiSchema,
  SERVICE_MESSAGES,
  ServiceSchema,
  type QuickServiceInput,
  type ServiceInput,
} from "./schema";

export async function listServices(db: Db) {
  return db.select().from(services).orderBy(asc(services.createdAt), asc(services.title));
}

/** The service at /services/{path} with its sub-services, or null. */
export async function getServiceByPath(db: Db, path: string) {
  const service = await db.query.services.findFirst({ where: eq(services.path, path) });
  if (!service) return null;
  const subs = await db
    .select()
    .from(subServices)
    .where(eq(subServices.serviceId, service.id))
    .orderBy(asc(subServices.createdAt));
  return { ...service, subServices: subs };
}

/** /admin/services: a page of services, newest first, searched by title or path. */
export async function listServicesPage(db: Db, { q, page }: { q?: unknown; page?: number }) {
  const term = searchTerm(q);
  const where = term ? or(containsText(services.title, term), containsText(services.path, term)) : undefined;
  return paginate(db, services, where, page, (window) =>
    db
      .select()
      .from(services)
      .where(where)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(window.limit)
      .offset(window.offset),
  );
}

type Ctx = Pick<AppLoadContext, "db" | "env">;

type ServiceRow = typeof services.$inferSelect;

/**
 * The API's shape of a service (docs/product.md#entities): `_id`, its fields, `version` (what an edit
 * sends back, decision 105), and `createdBy` as `{_id, name}` (null once the creator's account is gone).
 */
export const apiService = ({ updatedAt, ...row }: ServiceRow, creatorName: string | null) => ({
  _id: row.id,
  ...row,
  version: updatedAt.getTime(),
  createdBy: row.createdBy && creatorName !== null ? { _id: row.createdBy, name: creatorName } : null,
});

const withCreator = (db: Db) =>
  db
    .select({ service: services, creatorName: users.fullName })
    .from(services)
    .leftJoin(users, eq(users.id, services.createdBy));

/** GET /api/services: every service in the API's shape, oldest first (as the services page lists them). */
export async function listServicesForApi(db: Db) {
  const rows = await withCreator(db).orderBy(asc(services.createdAt), asc(services.title));
  return rows.map((row) => apiService(row.service, row.creatorName));
}

/** GET /api/services/{id}: one service in the API's shape (404 when unknown). */
export async function getServiceForApi(db: Db, id: string) {
  const [row] = await withCreator(db).where(eq(services.id, id));
  if (!row) throw new HttpError(404, "Service not found");
  return apiService(row.service, row.creatorName);
}

/** Admins and teachers create services; the path must be free. */
export async function createService(ctx: Ctx, actor: AuthUser, input: ServiceInput) {
  assertCan(actor, "service:manage");
  const id = newId();
  const values = {
    id,
    title: input.title,
    path: input.path,
    levels: input.levels,
    icon: input.icon,
    youtubeVideos: input.youtubeVideos ?? [],
    createdBy: actor.id,
  };
  // One batch: the service (nothing when the path is taken), its audit row and, when it was created,
  // the end of any redirect from its path (a new service at a path that used to redirect takes the address over).
  const [created] = await runRawBatch(ctx.db, [
    ctx.db.insert(services).values(values).onConflictDoNothing({ target: services.path }).toSQL(),
    insertOnlyIf(
      auditStatement(ctx, actor, {
        kind: "service",
        id,
        action: "create",
        summary: createdSummary(values, ["title", "path"]),
      }).toSQL(),
      serviceExists(id),
    ),
    {
      sql: `delete from service_path_redirects where path = ? and ${serviceExists(id).sql}`,
      params: [input.path, ...serviceExists(id).params],
    },
  ]);
  const row = created?.meta.changes ? await getService(ctx.db, id) : null;
  if (!row)
    throw new HttpError(409, `The path "${input.path}" is already used by another service`, {
      errors: { path: ["This path is already used"] },
    });
  await purgePublicPages(ctx, ["/services", `/services/${row.path}`, "/sitemap.xml"]);
  return row;
}

/** A condition for an insert in the same batch: the service exists (it was just created, or is still there). */
const serviceExists = (id: string) => ({ sql: "exists (select 1 from services where id = ?)", params: [id] });

const pathTaken = (path: string) =>
  new HttpError(409, `The path "${path}" is already used by another service`, {
    errors: { path: ["This path is already used by another service"] },
  });

/** A service by id (or null). */
export async function getService(db: Db, id: string) {
  return (await db.query.services.findFirst({ where: eq(services.id, id) })) ?? null;
}

/**
 * Edit a service (title, path, levels, icon, videos). A changed path keeps the
 * old address working: it is recorded in service_path_redirects, and
 * /services/{old} answers a 301 to the new path. A path another service uses is
 * refused (409, a field error on `path`) and nothing is saved. So is an edit from a `version` older
 * than the stored one, or one overtaken by another save before its write (409, decision 105).
 */
export async function updateService(ctx: Ctx, actor: AuthUser, id: string, input: ServiceInput) {
  assertCan(actor, "service:manage");
  const current = await getService(ctx.db, id);
  if (!current) throw new HttpError(404, "Service not found");
  assertSameVersion(input.version, current.updatedAt, SERVICE_MESSAGES.savedMeanwhile);
  const values = {
    title: input.title,
    path: input.path,
    levels: input.levels,
    icon: input.icon,
    youtubeVideos: input.youtubeVideos ?? current.youtubeVideos,
  };
  const moved = input.path !== current.path;
  if (moved) {
    const other = await ctx.db.query.services.findFirst({
      where: eq(services.path, input.path),
      columns: { id: true },
    });
    if (other && other.id !== id) throw pathTaken(input.path);
  }
  try {
    // One batch: nothing unless the service is as this request read it (decision 105), then the edit,
    // its audit row (only when the service is still there) and, when it moved, the redirects.
    await updateWithAudit(ctx, actor, {
      table: services,
      id,
      set: { ...values, updatedAt: savedAfter(current.updatedAt) },
      kind: "service",
      summary: changeSummary(current, { ...current, ...values }, ["title", "path", "levels", "icon"]),
      unchangedSince: {
        column: services.updatedAt,
        readAt: current.updatedAt,
        message: SERVICE_MESSAGES.savedMeanwhile,
      },
      also: moved
        ? [
            // The new path is a live address now: no redirect may shadow it.
            ctx.db.delete(servicePathRedirects).where(eq(servicePathRedirects.path, input.path)).toSQL(),
            // The old one points at this service (wherever it moves later).
            ctx.db
              .insert(servicePathRedirects)
              .values({ path: current.path, serviceId: id })
              .onConflictDoUpdate({ target: servicePathRedirects.path, set: { serviceId: id } })
              .toSQL(),
          ]
        : [],
    });
  } catch (error) {
    // Another service took the path between the check and the write (the unique index refused it).
    if (isUniqueConflict(error)) throw pathTaken(input.path);
    throw error;
  }
  const row = await getService(ctx.db, id);
  if (!row) throw new HttpError(404, "Service not found");
  await purgePublicPages(ctx, ["/services", `/services/${current.path}`, `/services/${row.path}`, "/sitemap.xml"]);
  return row;
}

/** Where an old /services/{path} lives now: the service's current path, or null when the path never moved. */
export async function redirectedServicePath(db: Db, path: string): Promise<string | null> {
  const [row] = await db
    .select({ path: services.path })
    .from(servicePathRedirects)
    .innerJoin(services, eq(services.id, servicePathRedirects.serviceId))
    .where(eq(servicePathRedirects.path, path));
  return row && row.path !== path ? row.path : null;
}

/** Move a service to the trash with its sub-services and enrolments; their files stay in R2 until deleted for good. */
export async function deleteService(ctx: Ctx, actor: AuthUser, id: string, now = new Date()) {
  assertCan(actor, "service:manage");
  const row = await ctx.db.query.services.findFirst({ where: eq(services.id, id) });
  const subs = row ? await ctx.db.select().from(subServices).where(eq(subServices.serviceId, id)) : [];
  const moved =
    row &&
    (await moveToTrash(
      ctx,
      actor,
      {
        kind: "service",
        entityId: row.id,
        label: `${row.title} (/services/${row.path})`,
        rows: [
          { table: "services", column: "id", value: row.id },
          { table: "sub_services", column: "service_id", value: row.id },
          { table: "enrolments", column: "service_id", value: row.id },
        ],
        files: subs.flatMap((sub) => [sub.syllabusKey, sub.questionKey, sub.videoKey]),
        pages: ["/services", `/services/${row.path}`, "/sitemap.xml"],
        checks: [
          {
            table: "services",
            column: "path",
            value: row.path,
            expect: "absent",
            message: `Cannot restore: the path "${row.path}" is now used by another service`,
          },
        ],
      },
      now,
    ));
  if (!moved) throw new HttpError(404, "Service not found");
}

/** A URL-safe path from a title: "Moot Court (2026)" → "moot-court-2026". */
export function pathFromTitle(title: string) {
  return (
    title
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "service"
  );
}

/**
 * POST /api/services: a body with a path, levels or an icon is the full form (ServiceSchema: all
 * three required); one with only a title (the others absent or empty) is the dashboard's quick create
 * (docs/product.md#validation: "the create-service dashboard requires only title").
 */
export async function createServiceFromApi(ctx: Ctx, actor: AuthUser, body: Record<string, unknown>) {
  assertCan(actor, "service:manage");
  const quick = (["path", "levels", "icon"] as const).every((name) => body[name] === undefined || body[name] === "");
  return quick
    ? createQuickService(ctx, actor, await parseApiPayload(QuickServiceApiSchema, body))
    : createService(ctx, actor, await parseApiPayload(ServiceSchema, body));
}

/**
 * The dashboard's quick create: only a title. The path comes from the title,
 * with -2, -3… when it is taken; levels stay empty and the icon is the book.
 */
export async function createQuickService(ctx: Ctx, actor: AuthUser, input: QuickServiceInput) {
  assertCan(actor, "service:manage");
  const base = pathFromTitle(input.title);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const path = attempt === 1 ? base : `${base}-${attempt}`;
    try {
      return await createService(ctx, actor, {
        title: input.title,
        path,
        levels: "",
        icon: "FaBookOpen",
        youtubeVideos: input.youtubeVideos ?? [],
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
  throw new HttpError(409, "Too many services share this title; choose another title", {
    errors: { title: ["Choose another title"] },
  });
}

/** Any signed-in user enrols in a service; enrolling twice is harmless. */
export async function enrolInService(ctx: Ctx, user: AuthUser, serviceId: string) {
  const service = serviceId ? await ctx.db.query.services.findFirst({ where: eq(services.id, serviceId) }) : undefined;
  if (!service)
    throw new HttpError(404, "Service not found", { errors: { serviceId: ["This service does not exist"] } });
  const inserted = await ctx.db
    .insert(enrolments)
    .values({ userId: user.id, serviceId })
    .onConflictDoNothing()
    .returning();
  return { service, alreadyEnrolled: inserted.length === 0 };
}

/** The services a user is enrolled in, newest first. */
export async function listEnrolments(ctx: Pick<Ctx, "db">, userId: string) {
  return ctx.db
    .select({
      id: services.id,
      title: services.title,
      path: services.path,
      levels: services.levels,
      enrolledAt: enrolments.createdAt,
    })
    .from(enrolments)
    .innerJoin(services, eq(services.id, enrolments.serviceId))
    .where(eq(enrolments.userId, userId))
    .orderBy(desc(enrolments.createdAt));
}
