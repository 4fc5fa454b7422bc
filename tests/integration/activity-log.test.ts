// /admin/activity as the office reads it: consultation status changes and notes are there, each row
// names who did it and what it was about, and the kind filter (a plain GET form) narrows the list.
import { describe, expect, it } from "vitest";
import { articles, auditLog, consultationRequests } from "../../db/schema";
import { appFetch, createTestUser, pageText, postUrlEncoded, sessionCookieFor, testContext } from "../helpers";

async function officeAdmin() {
  const user = await createTestUser({ role: "admin", fullName: "Office Manager", email: "office@example.in" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const activity = async (cookie: string, query = "") =>
  pageText(await appFetch(`/admin/activity${query}`, { headers: { Cookie: cookie } }));

/** The table's body rows as text, one string per row, tags dropped. */
const rowsOf = (html: string) =>
  [...(/<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "").matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
      .trim(),
  );

describe("the activity log", () => {
  it("shows a consultation's status change and note by the request's name and the actor's name", async () => {
    const { cookie } = await officeAdmin();
    const { db } = testContext();
    const [request] = await db
      .insert(consultationRequests)
      .values({ name: "Meera Iyer", email: "meera@example.in", phone: "98765 43210", service: "Tax & Regulatory" })
      .returning();
    const detail = `/admin/consultations/${request!.id}`;
    const changed = await postUrlEncoded(
      detail,
      { id: request!.id, status: "contacted", note: "Called back.", returnTo: detail },
      { Cookie: cookie },
    );
    expect(changed.status).toBe(302);
    // A note on the same status is logged too.
    await postUrlEncoded(
      detail,
      { id: request!.id, status: "contacted", note: "Sent the fee letter.", returnTo: detail },
      { Cookie: cookie },
    );

    const rows = rowsOf(await activity(cookie, "?kind=consultation"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Office Manager");
    expect(rows[0]).toContain("office@example.in");
    expect(rows[0]).toContain("consultation: Meera Iyer");
    expect(rows[0]).toContain('note: "Sent the fee letter."');
    expect(rows[1]).toContain('Meera Iyer: status "new" → "contacted"; note: "Called back."');
    // Names, not raw ids.
    expect(rows.join(" ")).not.toContain(request!.id);
  });

  it("the kind filter narrows the list, and each kind's rows name their item", async () => {
    const { user, cookie } = await officeAdmin();
    const { db } = testContext();
    const [article] = await db
      .insert(articles)
      .values({ slug: "gst-notes", title: "GST Notes", summary: "s", highlight: "h", publishedAt: new Date() })
      .returning();
    const [request] = await db
      .insert(consultationRequests)
      .values({ name: "Ravi Kumar", email: "ravi@example.in", phone: "98765 43210", service: "Real Estate" })
      .returning();
    const at = new Date();
    await db.insert(auditLog).values([
      { at, actorId: user.id, actorEmail: user.email, entityKind: "article", entityId: article!.id, action: "edit" },
      {
        at,
        actorId: user.id,
        actorEmail: user.email,
        entityKind: "role",
        entityId: "teacher:new.teacher@example.in",
        action: "role-grant",
        summary: "new.teacher@example.in: granted teacher",
      },
      {
        at,
        actorId: user.id,
        actorEmail: user.email,
        entityKind: "site-setting",
        entityId: "site",
        action: "edit",
        summary: "staff two-factor: optional → required",
      },
    ]);
    await postUrlEncoded(
      `/admin/consultations/${request!.id}`,
      { id: request!.id, status: "closed", returnTo: "/admin/consultations" },
      { Cookie: cookie },
    );

    const all = rowsOf(await activity(cookie));
    expect(all).toHaveLength(4);
    expect(all.join("\n")).toContain("article: GST Notes");
    expect(all.join("\n")).toContain("role: new.teacher@example.in (teacher)");
    expect(all.join("\n")).toContain("site-setting: Site settings");

    const onlyArticles = rowsOf(await activity(cookie, "?kind=article"));
    expect(onlyArticles).toHaveLength(1);
    expect(onlyArticles[0]).toContain("article: GST Notes");
    const onlyConsultations = rowsOf(await activity(cookie, "?kind=consultation"));
    expect(onlyConsultations).toHaveLength(1);
    expect(onlyConsultations[0]).toContain('Ravi Kumar: status "new" → "closed"');
    // The filter is a GET form: it works without JavaScript, and offers the consultation kind.
    const page = await activity(cookie);
    expect(page).toMatch(/<form method="get"[^>]*class="activity-filters"/);
    expect(page).toContain('<option value="consultation">consultation</option>');
  });
});
