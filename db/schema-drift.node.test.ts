// The migrations in migrations/ must produce exactly db/schema.ts: a change to
// the schema without `npm run db:generate` fails here.
import { readdirSync, readFileSync } from "node:fs";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

describe("schema drift", () => {
  it("has a migration for every change in db/schema.ts", async () => {
    const snapshots = readdirSync("migrations/meta")
      .filter((name) => name.endsWith("_snapshot.json"))
      .sort();
    const latest = JSON.parse(readFileSync(`migrations/meta/${snapshots.at(-1)}`, "utf8"));
    const current = await generateSQLiteDrizzleJson(schema as unknown as Record<string, unknown>);
    const statements = await generateSQLiteMigration(latest, current);
    expect(statements).toEqual([]);
  });

  it("keeps one SQL file per journal entry", () => {
    const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const files = readdirSync("migrations")
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(files).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`));
  });
});
