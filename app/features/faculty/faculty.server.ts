/** Founders and faculty members (the faculty table): queries and rules. */
import { asc } from "drizzle-orm";
import { faculty } from "../../../db/schema";
import type { Db } from "~/lib/db.server";

export type FacultyMember = {
  id: string;
  name: string;
  image: string | null;
  subject: string;
  specialization: string;
  services: string[];
  description: string;
};

/** Every founder / faculty member, in the firm's chosen order. */
export async function listFaculty(db: Db): Promise<FacultyMember[]> {
  return db
    .select({
      id: faculty.id,
      name: faculty.name,
      image: faculty.image,
      subject: faculty.subject,
      specialization: faculty.specialization,
      services: faculty.services,
      description: faculty.description,
    })
    .from(faculty)
    .orderBy(asc(faculty.sortOrder), asc(faculty.createdAt), asc(faculty.name));
}
