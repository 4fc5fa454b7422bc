import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appFetch, httpRejection, testContext } from "../../tests/helpers";
import { checkFile, deleteUpload, isServableKey, parseRange, storeUpload } from "./uploads.server";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n");
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);

describe("upload checks", () => {
  it("accepts a real PNG and a real PDF", async () => {
    expect((await checkFile(new File([PNG], "photo.png", { type: "image/png" }), "image", "image")).mime).toBe(
      "image/png",
    );
    expect((await checkFile(new File([PDF], "syllabus.pdf", { type: "application/pdf" }), "pdf", "syllabus")).ext).toBe(
      "pdf",
    );
  });

  it("rejects an executable renamed .pdf and a PDF posing as an image", async () => {
    const exe = await httpRejection(
      checkFile(new File([EXE], "syllabus.pdf", { type: "application/pdf" }), "pdf", "syllabus"),
    );
    expect(exe.status).toBe(400);
    expect(exe.message).toBe("The file must be a PDF file.");
    expect(exe.extra).toEqual({ errors: { syllabus: ["The file must be a PDF file."] } });
    const disguised = await httpRejection(
      checkFile(new File([PDF], "me.jpg", { type: "image/jpeg" }), "image", "photo"),
    );
    expect(disguised.message).toBe("The file must be a JPEG, PNG, WebP or GIF image.");
  });

  it("caps the size", async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const error = await httpRejection(checkFile(big, "image", "image"));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The file is too large: the limit is 5 MB.");
  });
});

describe("stored files", () => {
  it("stores under a random key, serves with its type, ETag/304 and Range, and deletes", async () => {
    const ctx = testContext();
    const bytes = new Uint8Array(1000).map((_, index) => index % 256);
    bytes.set(PNG);
    const key = await storeUpload(ctx, new File([bytes], "a.png", { type: "image/png" }), {
      kind: "image",
      field: "image",
      prefix: "articles",
    });
    expect(key).toMatch(/^articles\/[0-9a-f]{32}\.png$/);

    const full = await appFetch(`/uploads/${key}`);
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("image/png");
    expect(full.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(full.headers.get("Cache-Control")).toContain("immutable");
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(bytes);

    const cached = await appFetch(`/uploads/${key}`, { headers: { "If-None-Match": full.headers.get("ETag")! } });
    expect(cached.status).toBe(304);

    const partial = await appFetch(`/uploads/${key}`, { headers: { Range: "bytes=100-199" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(bytes.slice(100, 200));

    expect((await appFetch(`/uploads/${key}`, { headers: { Range: "bytes=5000-" } })).status).toBe(416);

    await deleteUpload(ctx, key);
    expect((await appFetch(`/uploads/${key}`)).status).toBe(404);
  });

  it("answers unknown, private and traversal keys with 404", async () => {
    await env.UPLOADS.put("private/cv/secret.pdf", PDF);
    for (const path of [
      "/uploads/nope.png",
      "/uploads/private/cv/secret.pdf",
      "/uploads/a/../private/cv/secret.pdf",
      "/uploads/%2e%2e/x",
      "/uploads/..%2fprivate%2fcv%2fsecret.pdf",
    ]) {
      const response = await appFetch(path);
      expect(response.status, path).toBe(404);
    }
    expect(isServableKey("articles/abc.png")).toBe(true);
    expect(isServableKey("../etc/passwd")).toBe(false);
  });

  it("parses ranges", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("items=0-1", 100)).toBeNull();
  });
});
