import { Form } from "@remix-run/react";
import { Link } from "~/components/link";

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
      <SearchField list={name} label={label} q={q} />
      {statuses ? (
        <FilterSelect
          list={name}
          name="status"
          label={statusLabel}
          value={status}
          all={allStatuses}
          options={statuses}
        />
      ) : null}
      <FilterButtons submit="Search" filtered={filtered} clearTo="?" />
    </Form>
  );
}

/** The text search of a GET filter form (`q`), keyed by the value so it shows the URL's value after a navigation. */
export function SearchField({
  list,
  label,
  q,
  maxLength,
}: {
  list: string;
  label: string;
  q: string;
  /** The most the server reads (longer text is cut there anyway). */
  maxLength?: number;
}) {
  return (
    <div className="field">
      <label htmlFor={`${list}-q`}>{label}</label>
      <input id={`${list}-q`} name="q" type="search" defaultValue={q} key={`q-${q}`} maxLength={maxLength} />
    </div>
  );
}

/**
 * A select in a GET filter form: an empty "all" choice first, then the options (their own labels).
 * Keyed by the value, so it shows the URL's value again after a navigation.
 */
export function FilterSelect({
  list,
  name,
  label,
  value = "",
  all,
  options,
}: {
  /** The filter form's prefix of ids: the select's id is `${list}-${name}`. */
  list: string;
  name: string;
  label: string;
  value?: string;
  all: string;
  options: readonly string[];
}) {
  const id = `${list}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={value}>
        <FilterOptions all={all} options={options} />
      </select>
    </div>
  );
}

/** A filter's choices: an empty one first that means all (`all` says so), then the options as their own labels. */
export function FilterOptions({ all, options }: { all: string; options: readonly string[] }) {
  return (
    <>
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </>
  );
}

/** A filter form's submit button and, once something is filtered, the link that clears the filters. */
export function FilterButtons({ submit, filtered, clearTo }: { submit: string; filtered: boolean; clearTo: string }) {
  return (
    <>
      <button type="submit" className="button button--primary">
        {submit}
      </button>
      {filtered ? (
        <Link to={clearTo} className="button button--ghost">
          Clear
        </Link>
      ) : null}
    </>
  );
}
