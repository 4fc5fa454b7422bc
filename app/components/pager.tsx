import { useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import { pageHref } from "~/lib/pagination";

/**
 * Previous/next links of a server-paged list. Plain links (they work without
 * JavaScript) that keep the list's filters in the URL.
 */
export function Pager({
  page,
  pages,
  label = "Pages",
  previous = "← Previous",
  next = "Next →",
  param = "page",
}: {
  page: number;
  pages: number;
  label?: string;
  previous?: string;
  next?: string;
  /** The query parameter of this list's page (two lists on one page need two). */
  param?: string;
}) {
  const { search } = useLocation();
  if (pages <= 1) return null;
  return (
    <nav className="list-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(search, page - 1, param)} rel="prev">
          {previous}
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(search, page + 1, param)} rel="next">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}
