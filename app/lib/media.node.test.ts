// shortDate keeps one Intl formatter (docs/decisions/092-render-cpu.md); its text must stay what
// toLocaleDateString gave, for every kind of value it is given.
import { describe, expect, it } from "vitest";
import { dateInIndia, shortDate, startOfDayInIndia } from "./media";

const OPTIONS = { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" } as const;

describe("shortDate", () => {
  it.each([
    new Date("2026-03-12T10:00:00Z"),
    // 18:45 UTC is already the next day in India.
    new Date("2026-03-12T18:45:00Z"),
    "2025-12-31T20:00:00.000Z",
    Date.UTC(2024, 1, 29, 0, 0),
    "not a date",
  ])("%s: as toLocaleDateString('en-IN') in India time", (value) => {
    expect(shortDate(value)).toBe(new Date(value).toLocaleDateString("en-IN", OPTIONS));
  });

  it("reads a day in India time", () => {
    expect(shortDate("2026-03-12T18:45:00Z")).toBe("13 Mar 2026");
    expect(shortDate("not a date")).toBe("Invalid Date");
  });
});

describe("a date field's day in India", () => {
  it("reads and writes the day as it is in India", () => {
    expect(dateInIndia(new Date("2026-11-26T20:30:00Z"))).toBe("2026-11-27");
    expect(dateInIndia(new Date("2026-11-26T18:29:59Z"))).toBe("2026-11-26");
    expect(startOfDayInIndia("2026-11-27")?.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    for (const text of ["2026-02-30", "2026-13-01", "27/11/2026", "2026-11-27T10:00:00Z", ""])
      expect(startOfDayInIndia(text), text).toBeNull();
  });
});
