import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPublishedArticleBySlug } from "~/features/articles/article-editor.server";
import { articleCoverSvg } from "~/features/articles/cover";

/** /blogs/{slug}/cover.svg: the generated cover of a published article (its card and its page). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const article = await getPublishedArticleBySlug(context, params.slug ?? "");
  if (!article) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(articleCoverSvg(article), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
