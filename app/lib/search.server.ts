/**
 * Text search in D1 that answers for any input. D1 refuses LIKE patterns over 50 bytes (16 Devanagari
 * characters), and LIKE reads a visitor's % and _ as wildcards, so `containsText` uses instr() on
 * lower-cased text: nothing to escape, no length limit, LIKE's ASCII-only case folding
 * (docs/decisions/074-search-at-any-length.md).
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
