import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { FilterOptions } from "~/components/list-search";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  activityActors,
  activityEntityNames,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_KINDS,
  listActivity,
  parseActivityFilters,
} from "~/lib/audit.server";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";
import { requirePermission } from "~/lib/permissions.server";

const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "activity:read");
  const filters = parseActivityFilters(new URL(request.url).searchParams);
  const [{ rows, total, pages }, actors] = await Promise.all([listActivity(context, filters), activityActors(context)]);
  const names = await activityEntityNames(context, rows);
  return {
    filters: { actor: filters.actor ?? "", kind: filters.kind ?? "", action: filters.action ?? "" },
    page: filters.page,
    pages,
    total,
    actors,
    kinds: AUDIT_ENTITY_KINDS,
    actions: AUDIT_ACTIONS,
    rows: rows.map((row) => ({
      id: row.id,
      at: `${dateTime.format(row.at)} IST`,
      atIso: row.at.toISOString(),
      actorName: row.actorName,
      actor: row.actorEmail,
      kind: row.entityKind,
      entityId: row.entityId,
      entityName: names.get(`${row.entityKind}:${row.entityId}`) ?? null,
      action: row.action,
      summary: row.summary,
    })),
  };
}

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Activity" }));

/** One filter of the log: a labelled select whose first, empty choice means all. */
function LogFilter({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string;
  all: string;
  options: readonly string[];
}) {
  return (
    <label>
      {label}{" "}
      <select name={name} defaultValue={value}>
        <FilterOptions all={all} options={options} />
      </select>
    </label>
  );
}

export default function Activity() {
  const { filters, page, pages, total, actors, kinds, actions, rows } = useLoaderData<typeof loader>();
  const pageLink = (target: number) => {
    const params = new URLSearchParams();
    if (filters.actor) params.set("actor", filters.actor);
    if (filters.kind) params.set("kind", filters.kind);
    if (filters.action) params.set("action", filters.action);
    if (target > 1) params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <section aria-labelledby="activity-title">
      <h1 id="activity-title">Activity</h1>
      <p>
        Every change made by staff, newest first: who, what, when, and what changed. Deleted items wait in the{" "}
        <Link to="/admin/trash">trash</Link>.
      </p>
      <Form method="get" className="activity-filters">
        <LogFilter label="Who" name="actor" value={filters.actor} all="Anyone" options={actors} />{" "}
        <LogFilter label="What" name="kind" value={filters.kind} all="Everything" options={kinds} />{" "}
        <LogFilter label="Action" name="action" value={filters.action} all="Any action" options={actions} />{" "}
        <button type="submit" className="button button--primary">
          Filter
        </button>{" "}
        <Link to=".">Clear</Link>
      </Form>
      <p role="status">
        {total} change{total === 1 ? "" : "s"}
        {pages > 1 ? ` (page ${page} of ${pages})` : ""}
      </p>
      {rows.length === 0 ? (
        <p>{page > 1 ? "There is nothing on this page." : "No changes match."}</p>
      ) : (
        <DataTable
          wrap="table-scroll"
          caption="Staff changes, newest first"
          headers={["When", "Who", "Action", "What", "Change"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.atIso}>{row.at}</time>
              </td>
              <td>
                {row.actorName && row.actorName !== row.actor ? (
                  <>
                    {row.actorName}
                    <br />
                    <small>{row.actor}</small>
                  </>
                ) : (
                  row.actor
                )}
              </td>
              <td>{row.action}</td>
              <td>
                {row.kind}: {row.entityName ?? <code title="No name left: deleted for good">{row.entityId}</code>}
              </td>
              <td>{row.summary}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {pages > 1 || page > 1 ? (
        <nav className="inbox-pager" aria-label="Pages">
          {page > 1 ? <Link to={pageLink(Math.min(page - 1, pages))}>← Newer</Link> : null}{" "}
          {page < pages ? <Link to={pageLink(page + 1)}>Older →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
