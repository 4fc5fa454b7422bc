import type { ReactNode } from "react";

/**
 * A table as the pages write it: `<table className="table">` in a div that scrolls it sideways, its caption, a `<th scope="col">` per header, then the rows, given as children, in the
 * `<tbody>`. The rows are the page's own `<tr>`s (a row header is the page's `<th scope="row">`).
 */
export function DataTable({
  headers,
  caption,
  captionVisible = false,
  wrap,
  className,
  children,
}: {
  /** The column headers, in order. Without them the table has no `<thead>` (rows of row headers only). */
  headers?: readonly string[];
  /** For screen readers (visually hidden) unless `captionVisible`. */
  caption?: string;
  captionVisible?: boolean;
  /**
   * A class for the div around the table, after `table-overflow` (which scrolls it sideways on a narrow
   * screen): `table-scroll` (admin lists), `table-wrap` (public pages), `inbox-table-wrap` (the inbox
   * and the outbox).
   */
  wrap?: "table-scroll" | "table-wrap" | "inbox-table-wrap";
  /** Classes after `table`. */
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={className ? `table ${className}` : "table"}>
      {caption ? <caption className={captionVisible ? undefined : "visually-hidden"}>{caption}</caption> : null}
      {headers ? (
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th scope="col" key={index}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
      ) : null}
      <tbody>{children}</tbody>
    </table>
  );
  // Always in a box that scrolls sideways (app.css), so a table wider than a phone never widens the page.
  return <div className={wrap ? `table-overflow ${wrap}` : "table-overflow"}>{table}</div>;
}
