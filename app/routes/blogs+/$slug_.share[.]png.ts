import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shareImageResponse } from "~/features/articles/share-image.server";

/** /blogs/{slug}/share.png?v={version}: a published article's share picture (its og:image), a 1200 × 630 PNG. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return shareImageResponse(context, params.slug ?? "", new URL(request.url).searchParams.get("v"));
}
