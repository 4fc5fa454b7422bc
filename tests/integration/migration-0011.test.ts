// migrations/0011_trashed_files.sql: the files of items already in the trash when it runs stop being
// served, as the files of items trashed afterwards do. Replays the migrations: up to 0010, a trashed
// article as it was stored then (its image still in R2), then 0011.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedUpTo, uploadStatus } from "../helpers";

describe("migration 0011: what is already in the trash stops being served", () => {
  it("hides the files of a trash item stored under 0010, and only those", async () => {
    const migration = await migratedUpTo("0011_trashed_files");
    for (const key of ["articles/trashed-before.png", "subservices/trashed-before.pdf", "articles/live.png"]) {
      await env.UPLOADS.put(key, new Uint8Array([1, 2, 3]));
    }
    await env.DB.prepare(
      "INSERT INTO trash_items (id, kind, entity_id, label, snapshot, files, pages, checks, deleted_at) VALUES (?, 'article', ?, ?, '[]', ?, '[]', '[]', ?)",
    )
      .bind(
        "old-trash",
        "old-article",
        "An article trashed before the migration",
        JSON.stringify(["articles/trashed-before.png", "subservices/trashed-before.pdf"]),
        Date.now(),
      )
      .run();

    await migration.applyTheRest();
    const rows = await env.DB.prepare("SELECT key, trash_item_id FROM trashed_files ORDER BY key").all();
    expect(rows.results).toEqual([
      { key: "articles/trashed-before.png", trash_item_id: "old-trash" },
      { key: "subservices/trashed-before.pdf", trash_item_id: "old-trash" },
    ]);
    expect(await uploadStatus("articles/trashed-before.png")).toBe(404);
    expect(await uploadStatus("subservices/trashed-before.pdf")).toBe(404);
    expect(await uploadStatus("articles/live.png")).toBe(200);
  });
});
