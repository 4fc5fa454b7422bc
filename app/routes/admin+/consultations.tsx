import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
} from "@remix-run/react";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { Notices } from "~/components/forms";
import { FilterButtons, FilterSelect, SearchField } from "~/components/list-search";
import { Pager } from "~/components/pager";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  firstLine,
  formatReceived,
  getConsultation,
  honeypotHits,
  inboxServiceOptions,
  listConsultations,
  setConsultationStatus,
} from "~/features/consultation/consultation.server";
import {
  ConsultationStatusChangeSchema,
  inboxFilterParams,
  InboxQuerySchema,
  STATUSES,
} from "~/features/consultation/schema";
import { StatusOptions } from "~/features/consultation/components/status-options";
import { safeRedirectPath } from "~/lib/auth.server";
import { HttpError } from "~/lib/http.server";
import { requirePermission } from "~/lib/permissions.server";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import consultationStylesHref from "~/styles/consultation.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consultationStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "consultation:read");
  const params = new URL(request.url).searchParams;
  const query = InboxQuerySchema.parse(Object.fromEntries(params));
  const changedId = params.get("done") === "status" ? params.get("id") : null;
  const [list, services, spam, changed] = await Promise.all([
    listConsultations(context.db, query),
    inboxServiceOptions(context.db),
    honeypotHits(context.db),
    changedId ? getConsultation(context.db, changedId) : null,
  ]);
  return {
    ...list,
    items: list.items.map((item) => ({
      id: item.id,
      name: item.name,
      service: item.service,
      firstLine: firstLine(item.message),
      status: item.status,
      notifyStatus: item.notifyStatus,
      received: formatReceived(item.createdAt),
      receivedIso: item.createdAt.toISOString(),
    })),
    query,
    filters: inboxFilterParams(query).toString(),
    services,
    spam,
    changed: changed ? { name: changed.request.name, status: changed.request.status } : null,
  };
}

/** Where to go after a status change: back to the page it was made on, with the notice. */
function withNotice(returnTo: string, id: string) {
  const url = new URL(returnTo, "http://x");
  url.searchParams.set("done", "status");
  url.searchParams.set("id", id);
  return `${url.pathname}${url.search}`;
}

/**
 * A refused change normally leaves the page's data as it was (Remix revalidates after a 4xx only when
 * asked). A 409 means the request moved on: show it as it now is, so the form's `from` is current and
 * the next click saves.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** A status change refused: why, which request, and what the form held. */
export type StatusChangeRefusal = { message: string; id: string; values: { status: string; note: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "consultation:read");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ConsultationStatusChangeSchema });
  // A refusal names the request and brings back what was chosen and typed, so the page (the inbox's
  // row, or the request's own page) shows it where the form is, with JavaScript or without.
  const refused = (message: string, status: number) =>
    data<StatusChangeRefusal>(
      {
        message,
        id: String(formData.get("id") ?? ""),
        values: { status: String(formData.get("status") ?? ""), note: String(formData.get("note") ?? "") },
      },
      { status },
    );
  if (submission.status !== "success") {
    return refused(Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request", 400);
  }
  const saved = await setConsultationStatus(context.db, user, submission.value).catch((error: unknown) => {
    // Someone else changed it meanwhile (409): said where the form is, like a refused field.
    if (error instanceof HttpError) return error;
    throw error;
  });
  if (saved instanceof HttpError) return refused(saved.message, saved.status);
  if (!saved) return refused("This request no longer exists.", 404);
  // Back to the same filtered page (a plain POST without JavaScript; a fetcher with it), with a notice.
  const returnTo = safeRedirectPath(formData.get("returnTo"), "/admin/consultations");
  return redirect(withNotice(returnTo, submission.value.id));
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function ConsultationsInbox() {
  const { items, total, page, pages, query, filters, services, spam, changed } = useLoaderData<typeof loader>();
  // A status change refused without JavaScript: shown in its row, or above the list when its row is gone.
  const refusal = useActionData<typeof action>();
  const refusalRowShown = items.some((item) => item.id === refusal?.id);
  const location = useLocation();
  const filtered = filters !== "";
  const csvHref = `/admin/consultations.csv${filtered ? `?${filters}` : ""}`;
  const returnParams = new URLSearchParams(location.search);
  returnParams.delete("done");
  returnParams.delete("id");
  const returnSearch = returnParams.toString();
  const returnTo = `${location.pathname}${returnSearch ? `?${returnSearch}` : ""}`;

  return (
    <div className="page">
      <h1>Consultation Requests</h1>
      <Notices
        success={changed ? `Status of ${changed.name}’s request saved: ${changed.status}.` : null}
        error={refusal && !refusalRowShown ? refusal.message : null}
      />
      <p className="lead">
        {total} request{total === 1 ? "" : "s"}
        {filtered ? " match these filters" : ""}. Newest first.{" "}
        <span className="field__hint">
          Spam submissions ignored: {spam}. <Link to="/admin/outbox">Mail outbox</Link>
        </span>
      </p>

      <Form method="get" className="inbox-filters" aria-label="Filter requests">
        <SearchField list="inbox" label="Search name, email, phone or message" q={query.q ?? ""} />
        <FilterSelect
          list="inbox"
          name="status"
          label="Status"
          value={query.status}
          all="All statuses"
          options={STATUSES}
        />
        <FilterSelect
          list="inbox"
          name="service"
          label="Practice area"
          value={query.service}
          all="All practice areas"
          options={services}
        />
        <div className="field inbox-filters__date">
          <label htmlFor="inbox-from">Received from</label>
          <input
            id="inbox-from"
            name="from"
            type="date"
            defaultValue={query.from ?? ""}
            key={`f-${query.from ?? ""}`}
          />
        </div>
        <div className="field inbox-filters__date">
          <label htmlFor="inbox-to">Received until</label>
          <input id="inbox-to" name="to" type="date" defaultValue={query.to ?? ""} key={`t-${query.to ?? ""}`} />
        </div>
        <FilterButtons submit="Filter" filtered={filtered} clearTo="." />
        <a className="button button--gold" href={csvHref} download>
          Export CSV{filtered ? " (filtered)" : ""}
        </a>
      </Form>

      {items.length === 0 ? (
        <p className="empty-state">{filtered ? "No requests match these filters." : "No consultation requests yet."}</p>
      ) : (
        <DataTable
          wrap="inbox-table-wrap"
          className="inbox-table"
          caption="Consultation requests, newest first"
          headers={["Received", "Name", "Practice area", "Message", "Status"]}
        >
          {items.map((item) => (
            <InboxRow key={item.id} item={item} returnTo={returnTo} refusal={refusal} />
          ))}
        </DataTable>
      )}

      <Pager page={page} pages={pages} previous="← Newer" next="Older →" />
    </div>
  );
}

function InboxRow({ item, returnTo, refusal }: { item: Item; returnTo: string; refusal?: StatusChangeRefusal }) {
  const fetcher = useFetcher<StatusChangeRefusal>();
  const saving = fetcher.state !== "idle";
  // With JavaScript the row's fetcher has the answer; without, the page does (the row it names).
  const error = fetcher.data?.message ?? (refusal?.id === item.id ? refusal.message : undefined);
  return (
    <tr>
      <td>
        <time dateTime={item.receivedIso}>{item.received}</time>
      </td>
      <th scope="row">
        <Link to={`/admin/consultations/${item.id}`}>{item.name}</Link>
      </th>
      <td>{item.service}</td>
      <td className="inbox-message">
        {item.firstLine ? (
          <Link to={`/admin/consultations/${item.id}`} className="inbox-message__link">
            {item.firstLine}
          </Link>
        ) : (
          <span className="field__hint">(no message)</span>
        )}
        {item.notifyStatus === "sent" ? null : (
          <div>
            <span className={`badge badge--${item.notifyStatus}`}>mail {item.notifyStatus}</span>
          </div>
        )}
      </td>
      <td>
        <fetcher.Form method="post" className="inbox-status-form" preventScrollReset>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="from" value={item.status} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <label className="visually-hidden" htmlFor={`status-${item.id}`}>
            Status of {item.name}&apos;s request
          </label>
          <select id={`status-${item.id}`} name="status" defaultValue={item.status} key={item.status}>
            <StatusOptions />
          </select>
          <button type="submit" className="button button--ghost" disabled={saving}>
            {saving ? "Saving…" : "Update"}
          </button>
        </fetcher.Form>
        <p className="field__error" role="alert">
          {error ?? ""}
        </p>
      </td>
    </tr>
  );
}

export const meta: MetaFunction = withStatusMeta(() => pageMeta({ title: "Consultation Requests" }));

export const ErrorBoundary = RouteErrorBoundary;
