// The firm's inbox as an inbox: the list's first line, the detail page, the status history
// with internal notes, the date-range filter, message search, paging past the end and the CSV of the
// filtered set. Through the built Worker against the real local D1.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationRequests, consultationStatusChanges } from "../../../db/schema";
import { appFetch, createTestUser, sessionCookieFor, testContext, postUrlEncoded } from "../../../tests/helpers";
import { firstLine, setConsultationStatus } from "./consultation.server";
import { telHref, whatsappHref, whatsappNumber } from "./contact-links";

async function admin() {
  const user = await createTestUser({ role: "admin", fullName: "Office Manager" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const page = async (cookie: string, path: string) => {
  const response = await appFetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
};

function post(cookie: string, path: string, fields: Record<string, string>) {
  return postUrlEncoded(path, fields, { Cookie: cookie });
}

/** Requests received on 1, 5 and 10 March 2026 (India time), oldest first. */
async function seed() {
  const { db } = testContext();
  const rows = [
    {
      name: "Early Bird",
      email: "early@example.com",
      phone: "98765 43210",
      service: "Real Estate",
      message: "Boundary wall dispute\nwith the neighbour since 2019.",
      createdAt: new Date("2026-03-01T09:00:00+05:30"),
    },
    {
      name: "Mid March",
      email: "mid@example.com",
      phone: "+44 20 7946 0958",
      service: "Tax & Regulatory",
      message: "GST notice for FY 2024-25",
      sourcePage: "/consultation",
      utm: { utm_source: "newsletter", utm_campaign: "gst-2026" },
      createdAt: new Date("2026-03-05T23:30:00+05:30"),
    },
    {
      name: "Late Comer",
      email: "late@example.com",
      phone: "011-4000-0000",
      service: "Tax & Regulatory",
      message: "",
      createdAt: new Date("2026-03-10T00:15:00+05:30"),
    },
  ];
  const inserted = await db.insert(consultationRequests).values(rows).returning();
  return Object.fromEntries(inserted.map((row) => [row.name, row]));
}

describe("contact links and the first line", () => {
  it("builds mailto/tel/WhatsApp numbers from what visitors type", () => {
    expect(telHref("+91 98765-43210")).toBe("tel:+919876543210");
    expect(telHref("098765 43210")).toBe("tel:09876543210");
    expect(whatsappNumber("98765 43210")).toBe("919876543210");
    expect(whatsappNumber("098765 43210")).toBe("919876543210");
    expect(whatsappNumber("+44 20 7946 0958")).toBe("442079460958");
    expect(whatsappHref("9876543210")).toBe("https://wa.me/919876543210");
  });

  it("shows the first non-empty line, cut with an ellipsis", () => {
    expect(firstLine("\n  Hello there  \nsecond")).toBe("Hello there …");
    expect(firstLine("one line")).toBe("one line");
    expect(firstLine("")).toBe("");
    expect(firstLine("x".repeat(300))).toBe(`${"x".repeat(119)}…`);
  });
});

describe("the inbox list", () => {
  it("shows name, practice area, date, status and the message's first line, each linking to its detail", async () => {
    const seeded = await seed();
    const { cookie } = await admin();
    const { status, html } = await page(cookie, "/admin/consultations");
    expect(status).toBe(200);
    expect(html).toContain("Boundary wall dispute …");
    expect(html).not.toContain("with the neighbour since 2019.");
    expect(html).toContain(`href="/admin/consultations/${seeded["Early Bird"]!.id}"`);
    expect(html).toMatch(/<th scope="col">Received<\/th><th scope="col">Name<\/th><th scope="col">Practice area<\/th>/);
  });

  it("filters by a date range in India time, and ignores impossible dates", async () => {
    await seed();
    const { cookie } = await admin();
    const march5 = (await page(cookie, "/admin/consultations?from=2026-03-05&to=2026-03-05")).html;
    expect(march5).toContain("Mid March");
    expect(march5).not.toContain("Early Bird");
    expect(march5).not.toContain("Late Comer");
    const fromFive = (await page(cookie, "/admin/consultations?from=2026-03-05")).html;
    expect(fromFive).toContain("Late Comer");
    expect(fromFive).not.toContain("Early Bird");
    const untilFive = (await page(cookie, "/admin/consultations?to=2026-03-05")).html;
    expect(untilFive).toContain("Early Bird");
    expect(untilFive).not.toContain("Late Comer");
    // Nonsense values are ignored: every request is listed, never a 500.
    for (const query of ["from=2026-02-31", "to=yesterday", "from[]=1", "status=archived&service=&page=abc&to=9999"]) {
      const result = await page(cookie, `/admin/consultations?${query}`);
      expect(result.status, query).toBe(200);
      expect(result.html, query).toContain("Early Bird");
      expect(result.html, query).toContain("Late Comer");
    }
  });

  it("searches the message too, combined with the other filters", async () => {
    await seed();
    const { cookie } = await admin();
    const gst = (await page(cookie, "/admin/consultations?q=gst+notice")).html;
    expect(gst).toContain("Mid March");
    expect(gst).not.toContain("Early Bird");
    const none = (await page(cookie, "/admin/consultations?q=gst&service=Real+Estate")).html;
    expect(none).toContain("No requests match these filters.");
  });

  it("pages server-side, keeps the filters in the page links, and shows the last page for a page past the end", async () => {
    const { db } = testContext();
    const base = Date.parse("2026-04-01T10:00:00Z");
    for (let i = 0; i < 25; i++) {
      await db.insert(consultationRequests).values({
        name: `Client ${String(i).padStart(2, "0")}`,
        email: `c${i}@example.com`,
        phone: "9876543210",
        service: i % 2 ? "Real Estate" : "Family Law",
        createdAt: new Date(base + i * 60_000),
      });
    }
    const { cookie } = await admin();
    const first = (await page(cookie, "/admin/consultations")).html;
    expect(first).toContain("Client 24");
    expect(first).not.toContain("Client 04");
    expect(first).toContain('href="/admin/consultations?page=2"');
    const filtered = (await page(cookie, "/admin/consultations?service=Real+Estate")).html;
    expect(filtered).toContain("12<!-- --> request");
    expect(filtered).not.toContain("page=2");
    const past = await page(cookie, "/admin/consultations?page=99");
    expect(past.status).toBe(200);
    expect(past.html).toContain("Page <!-- -->2<!-- --> of <!-- -->2");
    expect(past.html).toContain("Client 00");
  });

  it("exports exactly the filtered set as CSV (date range, status, search)", async () => {
    await seed();
    const { cookie } = await admin();
    const csv = await (
      await appFetch("/admin/consultations.csv?from=2026-03-05&service=Tax+%26+Regulatory&q=gst", {
        headers: { Cookie: cookie },
      })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter((line) => line !== "");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Mid March");
    const list = (await page(cookie, "/admin/consultations?from=2026-03-05&q=gst")).html;
    expect(list).toContain('href="/admin/consultations.csv?q=gst&amp;from=2026-03-05"');
  });
});

describe("a request's detail page", () => {
  it("shows the full message, contact links, source and UTM; 404 for an unknown id; admins only", async () => {
    const { db } = testContext();
    const message =
      `${"My employer has withheld two months of salary and my relieving letter. ".repeat(29)}THE-END`.slice(-2000);
    expect(message).toHaveLength(2000);
    const [row] = await db
      .insert(consultationRequests)
      .values({
        name: "Long Writer",
        email: "long@example.com",
        phone: "98765 43210",
        service: "Tax & Regulatory",
        message,
        sourcePage: "/practice-areas/tax",
        utm: { utm_source: "google", utm_campaign: "spring" },
      })
      .returning();
    const { cookie } = await admin();
    const { status, html } = await page(cookie, `/admin/consultations/${row!.id}`);
    expect(status).toBe(200);
    expect(html).toContain(message.replace(/'/g, "&#x27;"));
    expect(html).toContain('href="mailto:long@example.com"');
    expect(html).toContain('href="tel:9876543210"');
    expect(html).toContain('href="https://wa.me/919876543210"');
    expect(html).toContain("/practice-areas/tax");
    expect(html).toContain("utm_campaign<!-- -->: <!-- -->spring");

    expect((await page(cookie, "/admin/consultations/no-such-request")).status).toBe(404);
    const client = await createTestUser();
    expect((await page(await sessionCookieFor(client.id), `/admin/consultations/${row!.id}`)).status).toBe(403);
    const refused = await post(await sessionCookieFor(client.id), `/admin/consultations/${row!.id}`, {
      id: row!.id,
      status: "closed",
    });
    expect(refused.status).toBe(403);
    expect(await db.select().from(consultationStatusChanges)).toHaveLength(0);
  });

  it("records each status change with who, when and an internal note, and confirms it with a notice", async () => {
    const seeded = await seed();
    const { user, cookie } = await admin();
    const id = seeded["Mid March"]!.id;
    const detail = `/admin/consultations/${id}`;

    const response = await post(cookie, detail, {
      id,
      status: "contacted",
      note: "Called back; asked for the notice PDF.",
      returnTo: detail,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${detail}?done=status&id=${id}`);
    const after = await page(cookie, response.headers.get("Location")!);
    expect(after.html).toContain("Status saved: contacted.");
    expect(after.html).toContain("new → contacted");
    expect(after.html).toContain("Called back; asked for the notice PDF.");
    expect(after.html).toContain("Office Manager");

    // A note on the same status is recorded; the same status without a note changes nothing.
    await post(cookie, detail, { id, status: "contacted", note: "Sent the fee letter.", returnTo: detail });
    await post(cookie, detail, { id, status: "contacted", note: "  ", returnTo: detail });
    await post(cookie, detail, { id, status: "closed", returnTo: detail });
    const { db } = testContext();
    const history = await db
      .select()
      .from(consultationStatusChanges)
      .where(eq(consultationStatusChanges.requestId, id))
      .orderBy(asc(consultationStatusChanges.createdAt), asc(consultationStatusChanges.id));
    expect(
      history.map(({ fromStatus, toStatus, note, changedBy }) => ({ fromStatus, toStatus, note, changedBy })),
    ).toEqual([
      { fromStatus: "new", toStatus: "contacted", note: "Called back; asked for the notice PDF.", changedBy: user.id },
      { fromStatus: "contacted", toStatus: "contacted", note: "Sent the fee letter.", changedBy: user.id },
      { fromStatus: "contacted", toStatus: "closed", note: "", changedBy: user.id },
    ]);
    const stored = await db.query.consultationRequests.findFirst({ where: eq(consultationRequests.id, id) });
    expect(stored!.status).toBe("closed");

    // A note too long is refused and nothing is written.
    const tooLong = await post(cookie, detail, { id, status: "new", note: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(await db.select().from(consultationStatusChanges)).toHaveLength(3);
  });

  it("two staff changing one request at once: the first is saved, the second is told and records nothing", async () => {
    const seeded = await seed();
    const first = await admin();
    const second = await admin();
    const id = seeded["Early Bird"]!.id;
    const { db } = testContext();
    // Both read the request as "new" before either writes (called side by side in one isolate).
    const outcomes = await Promise.allSettled([
      setConsultationStatus(db, first.user, { id, status: "contacted", note: "Called." }),
      setConsultationStatus(db, second.user, { id, status: "closed", note: "Duplicate." }),
    ]);
    const history = await db
      .select()
      .from(consultationStatusChanges)
      .where(eq(consultationStatusChanges.requestId, id));
    // One change is recorded, and it is the one the request now shows.
    expect(history).toHaveLength(1);
    expect(history[0]!.fromStatus).toBe("new");
    const stored = await db.query.consultationRequests.findFirst({ where: eq(consultationRequests.id, id) });
    expect(stored!.status).toBe(history[0]!.toStatus);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      status: 409,
      message: `Someone else changed this request meanwhile: it is now ${stored!.status}. Nothing was saved; look again and choose.`,
    });
  });

  it("a change sent from a form showing a status the request has moved on from is refused, kept and recorded nowhere", async () => {
    const seeded = await seed();
    const { cookie } = await admin();
    const id = seeded["Early Bird"]!.id;
    const { db } = testContext();
    // Another tab closed it; this form still shows "new".
    expect((await post(cookie, "/admin/consultations", { id, status: "closed", from: "new" })).status).toBe(302);
    const stale = await post(cookie, `/admin/consultations/${id}`, {
      id,
      status: "contacted",
      from: "new",
      note: "Called back.",
    });
    expect(stale.status).toBe(409);
    // The page says so in the form, with what was chosen and typed.
    const shown = (await stale.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("Someone else changed this request meanwhile: it is now closed.");
    expect(shown).toContain(">Called back.</textarea>");
    expect(shown).toMatch(/<option value="contacted" selected/);
    const history = await db
      .select()
      .from(consultationStatusChanges)
      .where(eq(consultationStatusChanges.requestId, id));
    expect(history.map((change) => change.toStatus)).toEqual(["closed"]);
    // From the list without JavaScript: the refusal is shown in the request's row.
    const fromList = await post(cookie, "/admin/consultations", { id, status: "new", from: "contacted" });
    expect(fromList.status).toBe(409);
    expect(await fromList.text()).toContain("it is now closed");
    // A client that sends no `from` (or the current one) changes it.
    expect((await post(cookie, "/admin/consultations", { id, status: "contacted", from: "closed" })).status).toBe(302);
    expect((await post(cookie, "/admin/consultations", { id, status: "new" })).status).toBe(302);
    // A `from` that is no status is refused, naming the field.
    const bad = await post(cookie, "/admin/consultations", { id, status: "new", from: "open" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("from must be new, contacted or closed");
  });

  it("a status change from the list returns to the same filtered page with a notice naming the request", async () => {
    const seeded = await seed();
    const { cookie } = await admin();
    const id = seeded["Early Bird"]!.id;
    const response = await post(cookie, "/admin/consultations?status=new", {
      id,
      status: "contacted",
      returnTo: "/admin/consultations?status=new&page=1",
    });
    expect(response.headers.get("Location")).toBe(`/admin/consultations?status=new&page=1&done=status&id=${id}`);
    const after = await page(cookie, response.headers.get("Location")!);
    expect(after.html).toContain("Status of Early Bird’s request saved: contacted.");
    expect(after.html).not.toContain(`href="/admin/consultations/${id}"`);
  });
});
