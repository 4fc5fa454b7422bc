/** Services and sub-services: queries and rules. */
import { asc, eq } from "drizzle-orm";
import { services, subServices } from "../../../db/schema";
import type { Db } from "~/lib/db.server";

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
