/**
 * Text search in D1 that answers for any input. D1 refuses a LIKE or GLOB
 * pattern over 50 bytes ("LIKE or GLOB pattern too complex"), so a search of
 * 49 ASCII characters (16 in Devanagari) was a 500; LIKE also reads % and _
 * typed by a visitor as wildcards. `containsText` matches with instr() on
 * lower-cased text instead: no pattern, so nothing to escape and no length
 * limit, and the same case folding as LIKE (ASCII only, as SQLite's lower()).
 * docs/decisions/074-search-at-any-length.md.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** The longest search text used; longer input is cut (never refused). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The search text to use: runs of whitespace made one space, trimmed, at most
 * SEARCH_MAX_LENGTH characters (whole characters, never half an emoji);
 * null when nothing is left or the value is not text.
 */
export function searchTerm(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = Array.from(value.replace(/\s+/g, " ").trim()).slice(0, SEARCH_MAX_LENGTH).join("").trim();
  return text === "" ? null : text;
}

/**
 * The condition "column contains term", ignoring ASCII case; % _ and \ in the term are plain characters.
 * `term` may be a placeholder, bound to the text of `searchTerm` when a prepared query runs.
 */
export function containsText(column: SQLiteColumn | SQL, term: string | Placeholder): SQL {
  return sql`instr(lower(${column}), lower(${term})) > 0`;
}
