/**
 * Cache-Control for the public pages. Anonymous visitors get a response a CDN
 * may keep (short browser cache, longer shared cache, stale-while-revalidate);
 * a signed-in visitor's page carries their name, so it is never stored.
 * `Vary: Cookie` tells any cache that the cookie changes the page.
 */
import { data, type AppLoadContext, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSignedInIdentity } from "~/lib/permissions.server";

export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

type CacheOptions = {
  /** Something else in the request personalises the page (e.g. the accepted disclaimer). */
  personalised?: boolean;
};

/** The caching headers of a public page for this request. */
export async function publicPageHeaders(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env">,
  { personalised = false }: CacheOptions = {},
): Promise<Headers> {
  const user = await getSignedInIdentity(request, context);
  const headers = new Headers({ Vary: "Cookie" });
  headers.set("Cache-Control", user || personalised ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  return headers;
}

/** Every public route's `headers` export: pass its loader's caching headers on to the response. */
export const publicHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/** The loader of a page with no data of its own: only its caching headers. */
export async function staticPageLoader({ request, context }: LoaderFunctionArgs) {
  return data(null, { headers: await publicPageHeaders(request, context) });
}
