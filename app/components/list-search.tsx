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
        <FilterSelect
          id={`${name}-status`}
          name="status"
          label={statusLabel}
          value={status}
          all={allStatuses}
          options={statuses}
        />
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

/**
 * A select in a GET filter form: an empty "all" choice first, then the options (their own labels).
 * Keyed by the value, so it shows the URL's value again after a navigation.
 */
export function FilterSelect({
  id,
  name,
  label,
  value = "",
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
  all: string;
  options: readonly string[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={value}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
