/**
 * The one upload module every feature uses (articles, testimonials, faculty,
 * sub-services, teacher applications). A file is checked twice — its declared
 * type AND its first bytes (magic numbers) must match an allowed kind — and
 * capped in size, then stored in the UPLOADS bucket under a random key. The
 * row keeps the key; `mediaUrl` (app/lib/media.ts) turns it into /uploads/{key}.
 *
 * Keys under "private/" (e.g. CVs) are never served by /uploads; their
 * feature serves them behind its own permission check.
 */
import { unstable_parseMultipartFormData } from "@remix-run/cloudflare";
import { concatBytes } from "./bytes";
import { HttpError } from "./http.server";
import { newId } from "../../db/id";
import { logError } from "./log.server";

export type FileKind = "image" | "site-image" | "pdf" | "cv" | "video";

type Signature = { mime: string; ext: string; test: (bytes: Uint8Array) => boolean };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: Record<string, Signature> = {
  jpeg: { mime: "image/jpeg", ext: "jpg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  png: { mime: "image/png", ext: "png", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { mime: "image/gif", ext: "gif", test: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  webp: {
    mime: "image/webp",
    ext: "webp",
    test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
  svg: {
    mime: "image/svg+xml",
    ext: "svg",
    // Text that opens with markup; the caller reads the <svg> root and checks the content (image-dimensions.server.ts).
    test: (b) => /^(\xEF\xBB\xBF)?\s*<(\?xml|svg|!--)/i.test(String.fromCharCode(...b)),
  },
  pdf: { mime: "application/pdf", ext: "pdf", test: (b) => startsWith(b, ascii("%PDF-")) },
  doc: {
    mime: "application/msword",
    ext: "doc",
    test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "docx",
    // A docx is a zip; its declared type and extension say which kind of zip.
    test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]),
  },
  mp4: { mime: "video/mp4", ext: "mp4", test: (b) => startsWith(b, ascii("ftyp"), 4) },
  webm: { mime: "video/webm", ext: "webm", test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  ogg: { mime: "video/ogg", ext: "ogv", test: (b) => startsWith(b, ascii("OggS")) },
  mov: { mime: "video/quicktime", ext: "mov", test: (b) => startsWith(b, ascii("ftyp"), 4) },
};

export const UPLOAD_RULES: Record<
  FileKind,
  { label: string; maxBytes: number; signatures: string[]; extensions: string[] }
> = {
  image: {
    label: "a JPEG, PNG, WebP or GIF image",
    maxBytes: 5 * 1024 * 1024,
    signatures: ["jpeg", "png", "webp", "gif"],
    extensions: ["jpg", "jpeg", "png", "webp", "gif"],
  },
  /** The firm's own pictures (gallery, accolades): vector illustrations too, checked for safety by their feature. */
  "site-image": {
    label: "a JPEG, PNG, WebP or SVG image",
    maxBytes: 5 * 1024 * 1024,
    signatures: ["jpeg", "png", "webp", "svg"],
    extensions: ["jpg", "jpeg", "png", "webp", "svg"],
  },
  pdf: { label: "a PDF file", maxBytes: 20 * 1024 * 1024, signatures: ["pdf"], extensions: ["pdf"] },
  cv: {
    label: "a .pdf, .doc or .docx file",
    maxBytes: 10 * 1024 * 1024,
    signatures: ["pdf", "doc", "docx"],
    extensions: ["pdf", "doc", "docx"],
  },
  video: {
    label: "a video (MP4, WebM, Ogg or QuickTime)",
    maxBytes: 500 * 1024 * 1024,
    signatures: ["mp4", "webm", "ogg", "mov"],
    extensions: ["mp4", "m4v", "webm", "ogv", "ogg", "mov"],
  },
};

export function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A File from a form is "present" only when it has a name and bytes (browsers send an empty part otherwise). */
export function isPresentFile(value: unknown): value is File {
  return value instanceof File && value.size > 0 && value.name !== "";
}

export type CheckedFile = { file: File; mime: string; ext: string };

/**
 * The signature of an allowed kind the first bytes match, or null when the
 * bytes are not one of the kind's types or the declared type/extension is not.
 */
function matchKind(kind: FileKind, head: Uint8Array, fileName: string, declaredType: string): Signature | null {
  const rules = UPLOAD_RULES[kind];
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  const declared = (declaredType || "").toLowerCase();
  const match = rules.signatures
    .map((name) => SIGNATURES[name]!)
    .find((signature) => {
      if (!signature.test(head)) return false;
      if (signature.ext === "docx") return extension === "docx" || declared === signature.mime;
      return true;
    });
  const declaredOk =
    rules.extensions.includes(extension) ||
    rules.signatures.some((name) => SIGNATURES[name]!.mime === declared) ||
    (kind === "video" && declared.startsWith("video/"));
  return match && declaredOk ? match : null;
}

function fileError(status: number, message: string, field: string): never {
  throw new HttpError(status, message, { errors: { [field]: [message] } });
}

export const tooLargeMessage = (maxBytes: number) => `The file is too large: the limit is ${formatBytes(maxBytes)}.`;
const wrongTypeMessage = (kind: FileKind) => `The file must be ${UPLOAD_RULES[kind].label}.`;

/** Check a file against a kind: size, declared type or extension, and magic bytes. Throws a 400/413 naming the field. */
export async function checkFile(file: File, kind: FileKind, field: string): Promise<CheckedFile> {
  const rules = UPLOAD_RULES[kind];
  if (file.size > rules.maxBytes) fileError(413, tooLargeMessage(rules.maxBytes), field);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const match = matchKind(kind, head, file.name, file.type);
  if (!match) fileError(400, wrongTypeMessage(kind), field);
  return { file, mime: match.mime, ext: match.ext };
}

export type UploadContext = { env: { UPLOADS: R2Bucket } };

/** Check and store a file; returns its key. `prefix` groups keys by feature, e.g. "articles". */
export async function storeUpload(
  { env }: UploadContext,
  file: File,
  {
    kind,
    field,
    prefix,
    private: isPrivate = false,
  }: { kind: FileKind; field: string; prefix: string; private?: boolean },
): Promise<string> {
  const checked = await checkFile(file, kind, field);
  const key = `${isPrivate ? "private/" : ""}${prefix}/${newId()}.${checked.ext}`;
  // R2 needs a known length: pass the File itself, not file.stream().
  await env.UPLOADS.put(key, checked.file, {
    httpMetadata: { contentType: checked.mime },
    customMetadata: { originalName: file.name.slice(0, 200) },
  });
  return key;
}

/**
 * Delete a stored object (no-op for empty values and absolute URLs, which we do not own). It never
 * throws: it runs after a change is saved (the replaced file) or while a refusal is answered (the file
 * the refused request stored), and R2 failing then must neither answer 500 for a saved change nor
 * hide the refusal's message. A failed delete is logged with its key, so the orphan can be removed,
 * and answers false: the trash keeps such a file hidden (trash.server).
 */
export async function deleteUpload({ env }: UploadContext, key: string | null | undefined): Promise<boolean> {
  if (!key || /^https?:\/\//i.test(key)) return true;
  try {
    await env.UPLOADS.delete(key);
    return true;
  } catch (error) {
    logError(error, { where: `deleting the stored file ${key.slice(0, 200)}` });
    return false;
  }
}

/** Keys the public /uploads route may serve: our own shape, no traversal, not private. */
export function isServableKey(key: string): boolean {
  if (!key || key.length > 300) return false;
  if (key.startsWith("private/")) return false;
  if (key.includes("..") || key.includes("\\") || key.startsWith("/") || key.includes("//")) return false;
  return /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key);
}

/**
 * Serve an R2 object: content type as stored, nosniff, long-lived caching
 * (keys are random and never reused), ETag/304, and single HTTP Range requests (206/416).
 */
export async function serveObject(
  bucket: R2Bucket,
  key: string,
  request: Request,
  { download = false } = {},
): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const head = await bucket.head(key);
  if (!head) return notFound();

  const etag = head.httpEtag;
  const headers = new Headers({
    "Content-Type": head.httpMetadata?.contentType ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": key.startsWith("private/") ? "private, no-store" : "public, max-age=31536000, immutable",
    ETag: etag,
    "Accept-Ranges": "bytes",
  });
  if (download) {
    const name = (head.customMetadata?.originalName ?? key.split("/").pop() ?? "file").replace(/[^\w.\- ]/g, "_");
    headers.set("Content-Disposition", `attachment; filename="${name}"`);
  }
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  const size = head.size;
  const rangeHeader = request.headers.get("Range");
  if (rangeHeader) {
    const range = parseRange(rangeHeader, size);
    if (range === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    if (range) {
      const object = await bucket.get(key, { range: { offset: range.start, length: range.end - range.start + 1 } });
      if (!object) return notFound();
      headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
      headers.set("Content-Length", String(range.end - range.start + 1));
      return new Response(request.method === "HEAD" ? null : object.body, { status: 206, headers });
    }
  }
  headers.set("Content-Length", String(size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const object = await bucket.get(key);
  if (!object) return notFound();
  return new Response(object.body, { status: 200, headers });
}

/** One "bytes=a-b" range (multi-range requests are served whole). */
export function parseRange(header: string, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText, endText] = match;
  if (startText === "" && endText === "") return null;
  let start: number;
  let end: number;
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** Text that starts with a URL scheme (`https:`, `http:`, `javascript:` …): meant as a link, not a file or a key. */
const LINK_TEXT = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The image of a form: an uploaded file (checked and stored; the returned key
 * must be deleted by the caller if its row is not saved) or an absolute https
 * URL typed instead (used as it is). undefined when neither was given.
 * The link comes from `urlField`, or from the file's own field sent as text (the spec's
 * entities hold "a path or an absolute URL" in `photo`/`image`, so a client may send the
 * URL there); other text there (a stored key sent back) is no image.
 */
export async function imageFromForm(
  ctx: UploadContext,
  form: FormData,
  { fileField, urlField, prefix }: { fileField: string; urlField: string; prefix: string },
): Promise<{ value: string; stored: boolean } | undefined> {
  const file = form.get(fileField);
  if (isPresentFile(file)) {
    return { value: await storeUpload(ctx, file, { kind: "image", field: fileField, prefix }), stored: true };
  }
  const typed = String(form.get(urlField) ?? "").trim();
  const inFileField = typeof file === "string" && LINK_TEXT.test(file.trim()) ? file.trim() : "";
  const url = typed || inFileField;
  if (!url) return undefined;
  const field = typed ? urlField : fileField;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.protocol !== "https:" || url.length > 500) {
    const message = "An image link must be an https:// address.";
    throw new HttpError(400, message, { errors: { [field]: [message] } });
  }
  return { value: parsed.toString(), stored: false };
}

/**
 * An edit's image, by one rule for every record that has one (founders, articles, testimonials): a new
 * image (a file, or a link other than the current one, which the edit form sends back unchanged)
 * replaces the current one; "Remove" clears it (null: the record's default picture shows); neither keeps
 * it (undefined: no change). Both at once is refused with a 400 naming `removeImage`: the two ask for
 * opposite things, and a silent choice would surprise one way or the other. `noun` words the message.
 */
export function imageAfterEdit({
  current,
  sent,
  remove,
  noun,
}: {
  current: string | null;
  sent: string | undefined;
  remove: boolean | undefined;
  noun: string;
}): string | null | undefined {
  if (remove && sent !== undefined && sent !== current) {
    const message = `Choose a new ${noun} or remove the current one, not both`;
    throw new HttpError(400, message, { errors: { removeImage: [message] } });
  }
  return remove ? null : sent;
}

/**
 * Store the form's image (an upload, or an https link) if it has one, then run
 * `save` with its value; when saving fails, a newly stored file is deleted
 * again, so a refused request leaves nothing in R2.
 */
export async function withFormImage<T>(
  ctx: UploadContext,
  form: FormData | null,
  fields: { fileField: string; urlField: string; prefix: string },
  save: (image: string | undefined) => Promise<T>,
): Promise<T> {
  const image = form ? await imageFromForm(ctx, form, fields) : undefined;
  try {
    return await save(image?.value);
  } catch (error) {
    if (image?.stored) await deleteUpload(ctx, image.value);
    throw error;
  }
}

/* ------------------------------------------------------------------ streamed uploads (large files) */

/**
 * R2 multipart parts: every part but the last must have the same size, at
 * least 5 MiB. A file smaller than one part is stored with a single put().
 * At most one part (plus one incoming chunk) is held in memory per file.
 */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

export type StreamedFile = { fileName: string; contentType: string; data: AsyncIterable<Uint8Array> };
export type StoredUpload = { key: string; size: number; mime: string; fileName: string };

/**
 * Check and store a file that arrives as a stream of chunks (a part of a
 * multipart body), without holding it in memory: the type is checked on the
 * first bytes, the size as bytes arrive (413 as soon as it passes `maxBytes`),
 * and the bytes go to an R2 multipart upload part by part. On any failure the
 * multipart upload is aborted, so nothing is left behind. Returns null for an
 * empty part (a file input left empty). The caller deletes the returned key if
 * its row is not saved.
 */
export async function storeUploadStream(
  { env }: UploadContext,
  file: StreamedFile,
  {
    kind,
    field,
    prefix,
    private: isPrivate = false,
    maxBytes = UPLOAD_RULES[kind].maxBytes,
  }: { kind: FileKind; field: string; prefix: string; private?: boolean; maxBytes?: number },
): Promise<StoredUpload | null> {
  const iterator = file.data[Symbol.asyncIterator]();
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let done = false;
  const pull = async () => {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      return;
    }
    total += next.value.byteLength;
    if (total > maxBytes) fileError(413, tooLargeMessage(maxBytes), field);
    pending.push(next.value);
    pendingBytes += next.value.byteLength;
  };
  /** The first `size` pending bytes, as one array; the rest stays pending. */
  const take = (size: number) => {
    const all = concatBytes(pending, pendingBytes);
    const part = all.slice(0, size);
    const rest = all.subarray(size);
    pending = rest.byteLength ? [rest] : [];
    pendingBytes = rest.byteLength;
    return part;
  };

  let upload: R2MultipartUpload | null = null;
  try {
    while (!done && pendingBytes < 16) await pull();
    if (total === 0) return null;
    const match = matchKind(kind, concatBytes(pending, pendingBytes).subarray(0, 16), file.fileName, file.contentType);
    if (!match) fileError(400, wrongTypeMessage(kind), field);
    const key = `${isPrivate ? "private/" : ""}${prefix}/${newId()}.${match.ext}`;
    const options = {
      httpMetadata: { contentType: match.mime },
      customMetadata: { originalName: file.fileName.slice(0, 200) },
    };

    const parts: R2UploadedPart[] = [];
    while (!done) {
      await pull();
      while (pendingBytes >= MULTIPART_PART_BYTES) {
        upload ??= await env.UPLOADS.createMultipartUpload(key, options);
        parts.push(await upload.uploadPart(parts.length + 1, take(MULTIPART_PART_BYTES)));
      }
    }
    if (!upload) {
      await env.UPLOADS.put(key, take(pendingBytes), options);
    } else {
      if (pendingBytes > 0) parts.push(await upload.uploadPart(parts.length + 1, take(pendingBytes)));
      await upload.complete(parts);
    }
    return { key, size: total, mime: match.mime, fileName: file.fileName };
  } catch (error) {
    if (upload)
      await upload
        .abort()
        .catch((abortError: unknown) => logError(abortError, { where: "aborting a multipart upload" }));
    throw error;
  }
}

/** Which file fields a multipart form may carry, and what each must be. */
export type FileFieldRules = Record<string, { kind: FileKind; prefix: string; private?: boolean; maxBytes?: number }>;

export type ReceivedUpload = {
  /** The text fields (the first value of each name). */
  fields: Record<string, string>;
  /** The stored files by field name (absent when the input was left empty). */
  files: Partial<Record<string, StoredUpload>>;
  /** Delete every stored file: call it when the row that would keep them is not saved. */
  discard: () => Promise<void>;
};

const MAX_TEXT_FIELD_BYTES = 20_000;
const MAX_PARTS = 30;
/** Room for the text fields and the multipart framing on top of the files' caps. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** A failure of our own storage code while parsing (not a malformed body): stays a 500. */
class StorageFailure {
  constructor(readonly cause: unknown) {}
}
/** The body itself failed mid-part (truncated, malformed, the client went away): a 400. */
class BodyFailure {}

async function* bodyChunks(data: AsyncIterable<Uint8Array>) {
  try {
    for await (const chunk of data) yield chunk;
  } catch {
    throw new BodyFailure();
  }
}

/**
 * Read a multipart/form-data request as a stream (never `request.formData()`,
 * which would hold a 500 MB video in a 128 MB Worker): text fields are
 * collected (each capped), each file field is streamed to R2 as it arrives
 * (`storeUploadStream`). A Content-Length above the sum of the caps is refused
 * with 413 before anything is read. On any failure every file already stored
 * for this request is deleted before the error is rethrown.
 */
export async function receiveMultipartUpload(
  ctx: UploadContext,
  request: Request,
  {
    files: rules,
    tooLarge,
    fields = {},
  }: {
    files: FileFieldRules;
    /** The 413 message when Content-Length already exceeds the sum of the caps. */
    tooLarge: string;
    /** Text fields are collected here as they arrive, so a caller can re-render a refused form. */
    fields?: Record<string, string>;
  },
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType))
    throw new HttpError(415, "Send the fields as multipart/form-data");
  const cap = Object.values(rules).reduce(
    (sum, rule) => sum + (rule.maxBytes ?? UPLOAD_RULES[rule.kind].maxBytes),
    MULTIPART_OVERHEAD_BYTES,
  );
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // Cancelling tells the runtime the rest of the body is not wanted (a 500 MB video is not read to refuse it).
  const stopReading = () => request.body?.cancel().catch(() => undefined);
  if (declared > cap) {
    await stopReading();
    throw new HttpError(413, tooLarge);
  }

  const stored: Partial<Record<string, StoredUpload>> = {};
  const discard = async () => {
    for (const upload of Object.values(stored)) if (upload) await deleteUpload(ctx, upload.key);
  };
  let parts = 0;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, contentType: partType, data }) => {
      try {
        if (++parts > MAX_PARTS) throw new HttpError(400, "Too many form fields");
        const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
        if (rule) {
          if (filename === undefined) fileError(400, wrongTypeMessage(rule.kind), name);
          if (stored[name]) fileError(400, "Send one file for this field.", name);
          const upload = await storeUploadStream(
            ctx,
            { fileName: filename, contentType: partType, data: bodyChunks(data) },
            { ...rule, field: name },
          );
          if (upload) stored[name] = upload;
          return undefined;
        }
        if (filename !== undefined) throw new HttpError(400, `Unexpected file field "${name.slice(0, 50)}"`);
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of bodyChunks(data)) {
          size += chunk.byteLength;
          if (size > MAX_TEXT_FIELD_BYTES) throw new HttpError(413, `The field "${name.slice(0, 50)}" is too long`);
          chunks.push(chunk);
        }
        if (!Object.hasOwn(fields, name)) fields[name] = new TextDecoder().decode(concatBytes(chunks, size));
        return undefined;
      } catch (error) {
        throw error instanceof HttpError || error instanceof BodyFailure ? error : new StorageFailure(error);
      }
    });
  } catch (error) {
    await Promise.all([discard(), stopReading()]);
    if (error instanceof HttpError) throw error;
    if (error instanceof StorageFailure) throw error.cause;
    throw new HttpError(400, "Malformed form data");
  }
  return { fields, files: stored, discard };
}
