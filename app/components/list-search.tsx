import { Form, Link } from "@remix-run/react";

/**
 * The search (and status filter, where a list has a status) above an admin
 * list: a GET form, so the filters live in the URL and work without
 * JavaScript; paging links (Pager) keep them.
 */
export function ListSearch({
  label,
  q,
  status,
  statuses,
  statusLabel = "Status",
  allStatuses = "All statuses",
  name = "list",
}: {
  label: string;
  q: string;
  status?: string;
  statuses?: readonly string[];
  statusLabel?: string;
  allStatuses?: string;
  /** Tells two lists on one page apart (ids). */
  name?: string;
}) {
  const filtered = q !== "" || Boolean(status);
  return (
    <Form method="get" className="list-filters" aria-label={`Filter the ${name}`}>
      <div className="field">
        <label htmlFor={`${name}-q`}>{label}</label>
        <input id={`${name}-q`} name="q" type="search" defaultValue={q} key={`q-${q}`} />
      </div>
      {statuses ? (
        <div className="field">
          <label htmlFor={`${name}-status`}>{statusLabel}</label>
          <select id={`${name}-status`} name="status" defaultValue={status ?? ""} key={`s-${status ?? ""}`}>
            <option value="">{allStatuses}</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="button button--primary">
        Search
      </button>
      {filtered ? (
        <Link to="?" className="button button--ghost">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
