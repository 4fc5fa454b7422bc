// /blog is the same list as /blogs (spec section 2); its canonical URL is /blogs.
export { loader, clientLoader, headers, links, meta, default, ErrorBoundary } from "./blogs._index";
