import type { LinksFunction } from "@remix-run/cloudflare";
import siteStylesHref from "~/styles/site.css?url";

/** The public pages' stylesheet, linked from each of their routes. */
export const siteLinks: LinksFunction = () => [{ rel: "stylesheet", href: siteStylesHref }];
