import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicPageHeaders } from "~/lib/http-cache.server";

/** The loader of a static public page: no data, only its caching headers. */
export async function staticPageLoader({ request, context }: LoaderFunctionArgs) {
  return data(null, { headers: await publicPageHeaders(request, context) });
}
