// Every search answers 200 for any input. The text is
// trimmed and bounded (100 characters), % _ and \ are plain characters, and a
// long search still finds what it names (D1 refuses LIKE patterns over 50 bytes).
import { describe, expect, it } from "vitest";
import { articles, consultationRequests, quizzes } from "../../../db/schema";
import { searchTerm, SEARCH_MAX_LENGTH } from "~/lib/search.server";
import { appFetch, createTestUser, sessionCookieFor, testContext } from "../../helpers";

const LONG_TITLE = "A practical guide to the Goods and Services Tax appeals before the appellate tribunal";
const HINDI = "कर विवाद समाधान";
const HOSTILE = [
  "x".repeat(500),
  "%",
  "_",
  "\\",
  "%%%___\\\\",
  "' OR 1=1 --",
  "😀".repeat(300),
  `${"कर ".repeat(200)}`,
  "   ",
];

async function seed() {
  const { db } = testContext();
  const teacher = await createTestUser({ role: "teacher", fullName: "Tara Teacher" });
  const published = { status: "published" as const, publishedAt: new Date("2026-01-01T00:00:00Z") };
  await db.insert(articles).values([
    { slug: "compliance", title: "100% Compliance", summary: "S", highlight: "H", ...published },
    { slug: "long", title: LONG_TITLE, summary: "S", highlight: "H", ...published },
    { slug: "hindi", title: HINDI, summary: "S", highlight: "H", ...published },
    { slug: "plain", title: "Plain title", summary: "Under_score summary", highlight: "H", ...published },
  ]);
  await db.insert(quizzes).values([
    { title: "100% Constitution", totalTime: 2, createdBy: teacher.id },
    { title: LONG_TITLE, totalTime: 2, createdBy: teacher.id },
    { title: "Contracts", totalTime: 2, createdBy: teacher.id },
  ]);
  await db.insert(consultationRequests).values([
    { name: "Asha 100% Kumar", email: "asha@example.com", phone: "+91 98765 43210", service: "Other" },
    { name: LONG_TITLE, email: "long@example.com", phone: "+91 90000 00000", service: "Other" },
  ]);
  return teacher;
}

async function blogTitles(q: string) {
  const response = await appFetch(`/api/blogs?q=${encodeURIComponent(q)}`);
  expect(response.status, q.slice(0, 20)).toBe(200);
  return ((await response.json()) as { items: Array<{ title: string }> }).items.map((item) => item.title).sort();
}

async function quizTitles(q: string) {
  const response = await appFetch(`/api/quiz?q=${encodeURIComponent(q)}`);
  expect(response.status, q.slice(0, 20)).toBe(200);
  return ((await response.json()) as { quizzes: Array<{ title: string }> }).quizzes.map((quiz) => quiz.title).sort();
}

// Each case sends dozens of searches: 90 s, as the api.md sweeps get, so a loaded machine does not time them out.
describe("search at any length", { timeout: 90_000 }, () => {
  it("GET /api/blogs?q=: 200 for any text, wildcards literal, long and Hindi searches found", async () => {
    await seed();
    for (const q of HOSTILE) await blogTitles(q);
    expect(await blogTitles("x".repeat(500))).toEqual([]);
    expect(await blogTitles("%")).toEqual(["100% Compliance"]);
    expect(await blogTitles("_")).toEqual(["Plain title"]);
    expect(await blogTitles("\\")).toEqual([]);
    expect(await blogTitles(`  ${LONG_TITLE.toUpperCase()}  `)).toEqual([LONG_TITLE]);
    expect(await blogTitles("विवाद")).toEqual([HINDI]);
    expect(await blogTitles("   ")).toHaveLength(4);
  });

  it("GET /api/quiz?q=: the same rules", async () => {
    await seed();
    for (const q of HOSTILE) await quizTitles(q);
    expect(await quizTitles("%")).toEqual(["100% Constitution"]);
    expect(await quizTitles("_")).toEqual([]);
    expect(await quizTitles(LONG_TITLE.slice(5, 80))).toEqual([LONG_TITLE]);
  });

  it("/admin/consultations?q=: the firm's inbox and its CSV answer 200 for any search", async () => {
    await seed();
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    for (const q of [...HOSTILE, LONG_TITLE, "%", "9876543210".repeat(20)]) {
      for (const path of ["/admin/consultations", "/admin/consultations.csv"]) {
        const response = await appFetch(`${path}?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } });
        expect(response.status, `${path} ${q.slice(0, 20)}`).toBe(200);
      }
    }
    const csv = async (q: string) =>
      (
        await (
          await appFetch(`/admin/consultations.csv?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } })
        ).text()
      )
        .trim()
        .split("\r\n").length - 1;
    expect(await csv("%")).toBe(1);
    expect(await csv(LONG_TITLE)).toBe(1);
    expect(await csv("x".repeat(500))).toBe(0);
    expect(await csv("98765 43210")).toBe(1);
  });

  it("searchTerm trims, folds whitespace and bounds the text to whole characters", () => {
    expect(searchTerm("  a \n\t b  ")).toBe("a b");
    expect(searchTerm("   ")).toBeNull();
    expect(searchTerm(undefined)).toBeNull();
    expect(searchTerm(42)).toBeNull();
    expect(searchTerm("y".repeat(500))).toBe("y".repeat(SEARCH_MAX_LENGTH));
    expect(Array.from(searchTerm("😀".repeat(300))!)).toHaveLength(SEARCH_MAX_LENGTH);
  });
});
