import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { articlesRss } from "~/features/articles/rss.server";

// GET /blogs/rss.xml
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await articlesRss(context.db), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=900",
    },
  });
}
