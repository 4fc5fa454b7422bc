/** Services and sub-services: queries and rules. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { services, subServices } from "../../../db/schema";
import type { AuthUser } from "~/lib/auth.server";
import type { Db } from "~/lib/db.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import { HttpError } from "~/lib/http.server";
import { deleteUpload } from "~/lib/uploads.server";
import type { ServiceInput } from "./schema";

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

type Ctx = Pick<AppLoadContext, "db" | "env">;

const requireServiceStaff = (user: AuthUser) => {
  if (user.role !== "admin" && user.role !== "teacher") throw new HttpError(403, "❌ Forbidden: Insufficient Permissions");
};

export const apiService = (row: typeof services.$inferSelect) => ({ _id: row.id, ...row });

/** Admins and teachers create services; the path must be free. */
export async function createService(ctx: Ctx, actor: AuthUser, input: ServiceInput) {
  requireServiceStaff(actor);
  const [row] = await ctx.db
    .insert(services)
    .values({ title: input.title, path: input.path, levels: input.levels, icon: input.icon, youtubeVideos: input.youtubeVideos ?? [], createdBy: actor.id })
    .onConflictDoNothing({ target: services.path })
    .returning();
  if (!row) throw new HttpError(409, `The path "${input.path}" is already used by another service`, { errors: { path: ["This path is already used"] } });
  await purgePublicPages(ctx, ["/services", `/services/${row.path}`, "/sitemap.xml"]);
  return row;
}

/** Delete a service with its sub-services and every file they stored. */
export async function deleteService(ctx: Ctx, actor: AuthUser, id: string) {
  requireServiceStaff(actor);
  const subs = await ctx.db.select().from(subServices).where(eq(subServices.serviceId, id));
  const [row] = await ctx.db.delete(services).where(eq(services.id, id)).returning();
  if (!row) throw new HttpError(404, "Service not found");
  await purgePublicPages(ctx, ["/services", `/services/${row.path}`, "/sitemap.xml"]);
  for (const sub of subs) {
    for (const key of [sub.syllabusKey, sub.questionKey, sub.videoKey]) await deleteUpload(ctx, key);
  }
}
