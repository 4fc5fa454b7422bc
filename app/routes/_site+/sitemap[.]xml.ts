import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapXml } from "~/features/site/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapXml(context), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
