// An approval that fails half-way changes nothing. Its own file: it drops the
// teacher_profiles table, and storage is isolated per file.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roleAssignments, teacherApplications } from "../../../db/schema";
import { apiTokenFor, appFetch, createTestUser, expectConsoleError, testContext } from "../../../tests/helpers";

const PDF = new TextEncoder().encode("%PDF-1.4\n% a tiny test CV\n%%EOF\n");

describe("approving an application when the profile cannot be written", () => {
  it("answers 500, leaves the application pending and gives no teacher role", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      fullName: "Meera Iyer",
      email: "meera.failure@example.com",
      reason: "I enjoy teaching constitutional law.",
      educationalQualification: "LL.M.",
      subjectToTeach: "Constitutional Law",
      workExperience: "Six years of litigation.",
      previousWorkPlace: "Khanna & Partners",
      phoneNumber: "+91 98765 43210",
    }))
      form.set(key, value);
    form.set("cv", new File([PDF], "cv.pdf", { type: "application/pdf" }));
    const applied = await appFetch("/api/join", {
      method: "POST",
      headers: { "CF-Connecting-IP": "192.0.2.7" },
      body: form,
    });
    expect(applied.status).toBe(201);
    const { db } = testContext();
    const [application] = await db.select().from(teacherApplications);

    const admin = await createTestUser({ role: "admin" });
    const token = await apiTokenFor(admin.email);
    await env.DB.exec("DROP TABLE teacher_profiles");
    expectConsoleError(1);

    const response = await appFetch(`/api/teacher-applications/${application!.id}/approve`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Failed to review the application" });
    const [after] = await db.select().from(teacherApplications).where(eq(teacherApplications.id, application!.id));
    expect(after).toMatchObject({ status: "pending", reviewedBy: null, reviewedAt: null });
    expect(
      await db.select().from(roleAssignments).where(eq(roleAssignments.email, "meera.failure@example.com")),
    ).toEqual([]);
  });
});
