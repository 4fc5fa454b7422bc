/**
 * Seeds the LOCAL database and bucket with demo content. Idempotent: fixed ids
 * and "insert or ignore", so running it twice changes nothing.
 *
 *   tsx db/seed.ts [--persist-to DIR]
 *
 * It talks to wrangler's local D1/R2 through getPlatformProxy, so it can never
 * touch a remote (production) database.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { PLACEHOLDER_IMAGES } from "../app/features/site-images/site-images";
import { hashPassword } from "../app/lib/password.server";
import * as schema from "./schema";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  RETIRED_SEED_VIDEO_ID,
  SEED_ARTICLES,
  SEED_FACULTY,
  SEED_QUIZ,
  SEED_SERVICES,
  SEED_TESTIMONIALS,
} from "./seed-content";
import { minimalPdf } from "./seed-pdf";

function persistPath(): string {
  const index = process.argv.indexOf("--persist-to");
  const base = index > -1 ? process.argv[index + 1] : ".wrangler/state";
  if (!base) throw new Error("--persist-to needs a directory");
  // wrangler's --persist-to DIR keeps its state in DIR/v3.
  return `${base}/v3`;
}

async function main() {
  const proxy = await getPlatformProxy<{ DB: D1Database; UPLOADS: R2Bucket }>({
    persist: { path: persistPath() },
    remoteBindings: false,
  });
  try {
    const db = drizzle(proxy.env.DB, { schema });
    const now = new Date();

    const existing = await db.select({ id: schema.users.id }).from(schema.users);
    const existingIds = new Set(existing.map((row) => row.id));
    for (const user of DEMO_USERS) {
      if (existingIds.has(user.id)) continue;
      await db
        .insert(schema.users)
        .values({
          id: user.id,
          email: user.email,
          fullName: user.fullName,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          emailVerified: true,
        })
        .onConflictDoNothing();
    }
    for (const user of DEMO_USERS) {
      if (user.role === "client") continue;
      await db.insert(schema.roleAssignments).values({ role: user.role, email: user.email }).onConflictDoNothing();
    }

    for (const article of SEED_ARTICLES) {
      await db
        .insert(schema.articles)
        .values({ ...article, publishedAt: new Date(article.publishedAt), status: "published" })
        .onConflictDoNothing();
    }
    for (const [index, testimonial] of SEED_TESTIMONIALS.entries()) {
      await db
        .insert(schema.testimonials)
        .values({ ...testimonial, status: "published", createdAt: new Date(now.getTime() - index * 3600_000) })
        .onConflictDoNothing();
    }
    for (const member of SEED_FACULTY) {
      await db
        .insert(schema.faculty)
        .values({ ...member, services: [...member.services] })
        .onConflictDoNothing();
    }

    for (const service of SEED_SERVICES) {
      const { subServices, ...fields } = service;
      await db
        .insert(schema.services)
        .values({ ...fields, createdBy: "seed-user-teacher" })
        .onConflictDoNothing();
      for (const sub of subServices) {
        let syllabusKey: string | null = null;
        let questionKey: string | null = null;
        if (sub.withPdfs) {
          syllabusKey = `seed/${sub.id}-syllabus.pdf`;
          questionKey = `seed/${sub.id}-questions.pdf`;
          for (const [key, heading] of [
            [syllabusKey, `${sub.title}: Syllabus`],
            [questionKey, `${sub.title}: Questions`],
          ] as const) {
            if (!(await proxy.env.UPLOADS.head(key))) {
              await proxy.env.UPLOADS.put(key, minimalPdf(heading), {
                httpMetadata: { contentType: "application/pdf" },
              });
            }
          }
        }
        await db
          .insert(schema.subServices)
          .values({
            id: sub.id,
            serviceId: service.id,
            title: sub.title,
            description: sub.description,
            youtubeLink: sub.youtubeLink,
            syllabusKey,
            questionKey,
            createdBy: "seed-user-teacher",
          })
          .onConflictDoNothing();
      }
    }

    // The gallery and accolades: the placeholder illustrations, as rows the firm edits or replaces at /admin/images.
    const perKind = new Map<string, number>();
    for (const image of PLACEHOLDER_IMAGES) {
      const number = (perKind.get(image.kind) ?? 0) + 1;
      perKind.set(image.kind, number);
      await db
        .insert(schema.siteImages)
        .values({ ...image, id: `seed-image-${image.kind}-${number}`, published: true })
        .onConflictDoNothing();
    }

    // Databases seeded before the joke video was retired: take it off the seeded rows.
    for (const service of SEED_SERVICES) {
      const [row] = await db.select().from(schema.services).where(eq(schema.services.id, service.id));
      if (row?.youtubeVideos.some((link) => link.includes(RETIRED_SEED_VIDEO_ID))) {
        await db
          .update(schema.services)
          .set({ youtubeVideos: row.youtubeVideos.filter((link) => !link.includes(RETIRED_SEED_VIDEO_ID)) })
          .where(eq(schema.services.id, service.id));
      }
    }
    await db
      .update(schema.subServices)
      .set({ youtubeLink: null })
      .where(
        and(
          inArray(
            schema.subServices.id,
            SEED_SERVICES.flatMap((service) => service.subServices.map((sub) => sub.id)),
          ),
          like(schema.subServices.youtubeLink, `%${RETIRED_SEED_VIDEO_ID}%`),
        ),
      );

    const totalTime = SEED_QUIZ.questions.length; // one minute per question
    await db
      .insert(schema.quizzes)
      .values({ id: SEED_QUIZ.id, title: SEED_QUIZ.title, totalTime, createdBy: "seed-user-teacher" })
      .onConflictDoNothing();
    for (const [position, question] of SEED_QUIZ.questions.entries()) {
      await db
        .insert(schema.quizQuestions)
        .values({
          id: `${SEED_QUIZ.id}-q${position + 1}`,
          quizId: SEED_QUIZ.id,
          position,
          text: question.text,
          options: question.options,
          correctAnswer: question.correctAnswer,
          timePerQuestion: 1,
        })
        .onConflictDoNothing();
    }

    const counts = await Promise.all(
      [schema.users, schema.articles, schema.testimonials, schema.faculty, schema.services, schema.quizzes].map(
        async (table) => (await db.select().from(table)).length,
      ),
    );
    console.log(
      `Seeded local database: ${counts[0]} users, ${counts[1]} articles, ${counts[2]} testimonials, ${counts[3]} founders, ${counts[4]} services, ${counts[5]} quizzes.`,
    );
  } finally {
    await proxy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
