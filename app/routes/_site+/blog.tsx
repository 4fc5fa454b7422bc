// /blog is the same list as /blogs (docs/product.md#pages-public); its canonical URL is /blogs.
export { loader, clientLoader, headers, links, meta, default, ErrorBoundary } from "../blogs+/_index";
