import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isTrashedFile } from "~/lib/trash.server";
import { isServableKey, serveObject } from "~/lib/uploads.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

// GET /uploads/{key}: a stored file (images, PDFs, videos with Range support); not a trashed item's.
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isServableKey(key)) return notFound();
  // The trash lookup (D1) and the file (R2) at once: a file request waits for the slower, not both.
  const [trashed, file] = await Promise.all([
    isTrashedFile(context, key),
    serveObject(context.env.UPLOADS, key, request),
  ]);
  if (!trashed) return file;
  await file.body?.cancel();
  return notFound();
}
