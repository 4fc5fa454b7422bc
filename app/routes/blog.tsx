// /blog is the same list as /blogs (spec section 2).
export { loader, default } from "./blogs._index";
import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Legal Insights", path: "/blogs" });
