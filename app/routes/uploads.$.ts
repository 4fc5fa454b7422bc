import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isTrashedFile } from "~/lib/trash.server";
import { isServableKey, serveObject } from "~/lib/uploads.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

// GET /uploads/{key}: a stored file (images, PDFs, videos with Range support); not a trashed item's.
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isServableKey(key) || (await isTrashedFile(context, key))) return notFound();
  return serveObject(context.env.UPLOADS, key, request);
}
