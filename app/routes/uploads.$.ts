import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isServableKey, serveObject } from "~/lib/uploads.server";

// GET /uploads/{key}: a stored file (images, PDFs, videos with Range support).
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isServableKey(key)) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return serveObject(context.env.UPLOADS, key, request);
}
