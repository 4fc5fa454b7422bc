// A review that fails half-way changes nothing. Its own file: it drops the
// teacher_profiles table, and storage is isolated per file.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, roleAssignments, teacherApplications, teacherProfiles } from "../../../db/schema";
import { apiTokenFor, appFetch, createTestUser, expectConsoleError, testContext } from "../../../tests/helpers";

const PDF = new TextEncoder().encode("%PDF-1.4\n% a tiny test CV\n%%EOF\n");

/** Send an application from its own client address (the join form is rate-limited per IP). */
async function apply(email: string, ip: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    fullName: "Asha Rao",
    email,
    reason: "I enjoy teaching contract law.",
    educationalQualification: "LL.M.",
    subjectToTeach: "Contract Law",
    workExperience: "Eight years of practice.",
    previousWorkPlace: "Rao & Co",
    phoneNumber: "+91 98765 43211",
  }))
    form.set(key, value);
  form.set("cv", new File([PDF], "cv.pdf", { type: "application/pdf" }));
  const response = await appFetch("/api/join", { method: "POST", headers: { "CF-Connecting-IP": ip }, body: form });
  expect(response.status).toBe(201);
  const { db } = testContext();
  const [row] = await db.select().from(teacherApplications).where(eq(teacherApplications.email, email));
  return row!;
}

describe("approving an application when the profile cannot be written", () => {
  it("answers 500, leaves the application pending and gives no teacher role", async () => {
    const application = await apply("meera.failure@example.com", "192.0.2.7");
    const { db } = testContext();

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

describe("reviewing an application when its audit row cannot be written", () => {
  it("answers 500 and saves nothing: the application stays pending, with no role, profile, audit row or mail", async () => {
    const approving = await apply("asha.unlogged@example.com", "192.0.2.21");
    const rejecting = await apply("ravi.unlogged@example.com", "192.0.2.22");
    const admin = await createTestUser({ role: "admin" });
    const headers = { Authorization: `Bearer ${await apiTokenFor(admin.email)}` };
    const review = (id: string, decision: "approve" | "reject") =>
      appFetch(`/api/teacher-applications/${id}/${decision}`, { method: "POST", headers });
    const { db } = testContext();
    const reviewed = (email: string) => ({
      application: db.select().from(teacherApplications).where(eq(teacherApplications.email, email)),
      roles: db.select().from(roleAssignments).where(eq(roleAssignments.email, email)),
      profiles: db.select().from(teacherProfiles).where(eq(teacherProfiles.email, email)),
      mails: db.select().from(mailOutbox).where(eq(mailOutbox.to, email)),
    });

    // Only the application's own audit row is refused (the role grant's could be written).
    await env.DB.exec(
      "CREATE TRIGGER refuse_review_audit BEFORE INSERT ON audit_log WHEN NEW.entity_kind = 'application' BEGIN SELECT RAISE(ABORT, 'simulated outage'); END;",
    );
    try {
      expectConsoleError(2);
      for (const [row, decision] of [
        [approving, "approve"],
        [rejecting, "reject"],
      ] as const) {
        const response = await review(row.id, decision);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ message: "Failed to review the application" });
      }
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_review_audit;");
    }
    for (const row of [approving, rejecting]) {
      const { application, roles, profiles, mails } = reviewed(row.email);
      expect(await application).toEqual([row]);
      expect(await roles).toEqual([]);
      expect(await profiles).toEqual([]);
      // Only the acknowledgement sent when they applied.
      expect((await mails).map((mail) => mail.kind)).toEqual(["teacher-application-ack"]);
    }
    expect(await db.select().from(auditLog)).toEqual([]);

    // With the log writable again, the same reviews go through, each with its audit rows.
    expect((await review(approving.id, "approve")).status).toBe(200);
    expect((await review(rejecting.id, "reject")).status).toBe(200);
    expect((await db.select().from(auditLog)).map((row) => [row.entityKind, row.entityId, row.action]).sort()).toEqual(
      [
        ["application", approving.id, "approve"],
        ["application", rejecting.id, "reject"],
        ["role", "teacher:asha.unlogged@example.com", "role-grant"],
      ].sort(),
    );
    expect(await reviewed(approving.email).roles).toHaveLength(1);
    expect(await reviewed(approving.email).profiles).toHaveLength(1);
  });
});
