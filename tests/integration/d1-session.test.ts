// D1 read replication (docs/decisions/094-d1-read-replicas.md): every request runs its queries in one
// D1 session; writes and the quiz clock start on the primary, other reads on a replica at least as new
// as the client's bookmark, and the bookmark goes back to the client (a header on /api, a cookie after
// a page's write). Local mode runs the same code path on its single database.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationRequests, users } from "../../db/schema";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, sessionStart } from "~/lib/d1-session.server";
import { createDb, inD1Session, preparedOnce } from "~/lib/db.server";
import { appFetch, testContext, postUrlEncoded } from "../helpers";

const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)*$/i;
const anonymous = { signedIn: false };
const get = (headers: Record<string, string> = {}) => new Request("http://x/", { headers });

describe("where a request's D1 session starts", () => {
  it("writes and the quiz portal on the primary; other reads near the client's bookmark", () => {
    expect(sessionStart(new Request("http://x/blogs", { method: "POST" }), "/blogs", anonymous)).toEqual({
      kind: "primary",
    });
    expect(sessionStart(get(), "/api/quiz/abc", anonymous)).toEqual({ kind: "primary" });
    expect(sessionStart(get(), "/quiz/abc", anonymous)).toEqual({ kind: "primary" });
    expect(sessionStart(get(), "/quizzes-of-the-week", anonymous)).toEqual({ kind: "nearest", bookmark: null });
    expect(sessionStart(get({ [BOOKMARK_HEADER]: "0000001a-00000002-00004f8e-abc" }), "/api/blogs", anonymous)).toEqual(
      {
        kind: "nearest",
        bookmark: "0000001a-00000002-00004f8e-abc",
      },
    );
    expect(sessionStart(get({ Cookie: `a=b; ${BOOKMARK_COOKIE}=00ff-01` }), "/blogs", anonymous)).toEqual({
      kind: "nearest",
      bookmark: "00ff-01",
    });
    // Signed in without a bookmark (the spec's own client sends none): the primary, so it reads its own writes.
    const signedIn = { signedIn: true };
    expect(sessionStart(get({ Authorization: "Bearer t" }), "/api/results/user/1", signedIn)).toEqual({
      kind: "primary",
    });
    expect(sessionStart(get({ [BOOKMARK_HEADER]: "00ff-01" }), "/api/blogs", signedIn)).toEqual({
      kind: "nearest",
      bookmark: "00ff-01",
    });
    // Anything that is not a bookmark's shape is ignored, never handed to D1.
    for (const junk of [
      "",
      "first-primary",
      "x".repeat(70),
      "1;drop",
      "0000-0000-0000-0000-0000-0000-0000-0000-0000-0000",
    ])
      expect(sessionStart(get({ [BOOKMARK_HEADER]: junk }), "/api/blogs", anonymous)).toEqual({
        kind: "nearest",
        bookmark: null,
      });
  });

  it("a session reads its own write, and hands back a bookmark", async () => {
    const { db } = testContext();
    const id = crypto.randomUUID();
    const { result, bookmark } = await inD1Session(env.DB, { kind: "primary" }, async () => {
      await db.insert(consultationRequests).values({
        id,
        name: "Session Reader",
        email: "session.reader@example.com",
        phone: "+91 98765 43210",
        service: "Dispute Resolution",
        message: "A question about a supplier contract dispute in Gurugram.",
      });
      return db.select().from(consultationRequests).where(eq(consultationRequests.id, id));
    });
    expect(result).toHaveLength(1);
    expect(bookmark).toMatch(BOOKMARK);
    // A later session from that bookmark sees the write.
    const later = await inD1Session(env.DB, { kind: "nearest", bookmark }, () =>
      db.select().from(consultationRequests).where(eq(consultationRequests.id, id)),
    );
    expect(later.result).toHaveLength(1);
  });
});

describe("the bookmark handed back", () => {
  it("/api answers carry it in a header; a client may send it back, or junk, and still gets its answer", async () => {
    const first = await appFetch("/api/blogs");
    expect(first.status).toBe(200);
    const bookmark = first.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(BOOKMARK);
    for (const sent of [bookmark!, "not-a-bookmark", "ffff-ffff"]) {
      const next = await appFetch("/api/blogs", { headers: { [BOOKMARK_HEADER]: sent } });
      expect(next.status, sent).toBe(200);
      expect((await next.json()) as unknown).toBeTruthy();
    }
  });

  it("a page's write sets the cookie; a page read sets none (the edge cache stays usable)", async () => {
    const read = await appFetch("/blogs", { headers: { "CF-Connecting-IP": "203.0.113.91" } });
    expect(read.status).toBe(200);
    expect(read.headers.get("Set-Cookie") ?? "").not.toContain(BOOKMARK_COOKIE);
    const write = await postUrlEncoded(
      "/consultation",
      {
        name: "Bookmark Visitor",
        email: "bookmark.visitor@example.com",
        phone: "+91 98765 43210",
        service: "Dispute Resolution",
        message: "I would like advice on a commercial contract dispute with a supplier.",
        consent: "on",
      },
      { "CF-Connecting-IP": "203.0.113.92" },
    );
    expect(write.status).toBe(303);
    const cookie = write.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`${BOOKMARK_COOKIE}=[0-9a-f-]+; Path=/; Max-Age=300; HttpOnly; SameSite=Lax`));
    const bookmark = cookie.match(new RegExp(`${BOOKMARK_COOKIE}=([0-9a-f-]+)`))![1]!;
    const after = await appFetch("/consultation?sent=1", { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } });
    expect(after.status).toBe(200);
  });
});

describe("a query prepared once per isolate", () => {
  it("runs in the session of the request that runs it, not where it was prepared", async () => {
    // A D1 binding that records where each statement ran.
    const ran: string[] = [];
    const statement = (where: string, query: string) => {
      const run = async () => {
        ran.push(`${where}: ${query.slice(0, 6)}`);
        return { results: [], success: true, meta: {} };
      };
      const self = { bind: () => self, all: run, run, raw: async () => (await run()).results, first: async () => null };
      return self;
    };
    const d1 = {
      prepare: (query: string) => statement("binding", query),
      batch: async () => [],
      withSession: (start: string) => ({
        prepare: (query: string) => statement(`session ${start}`, query),
        batch: async () => [],
        getBookmark: () => null,
      }),
    } as unknown as D1Database;
    const db = createDb(d1);
    const byId = preparedOnce((client) =>
      client
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .prepare(),
    );
    const prepared = byId(db);
    expect(byId(db)).toBe(prepared); // built once per client
    await inD1Session(d1, { kind: "primary" }, () => prepared.execute({ id: "a" }));
    await inD1Session(d1, { kind: "nearest", bookmark: "00ff-01" }, () => prepared.execute({ id: "b" }));
    await prepared.execute({ id: "c" });
    expect(ran).toEqual(["session first-primary: select", "session 00ff-01: select", "binding: select"]);
  });
});
