import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import {
  formatReceived,
  honeypotHits,
  inboxServiceOptions,
  listConsultations,
  setConsultationStatus,
} from "~/features/consultation/consultation.server";
import { ConsultationStatusChangeSchema, InboxQuerySchema, STATUSES } from "~/features/consultation/schema";
import { safeRedirectPath } from "~/lib/auth.server";
import { requirePermission } from "~/lib/permissions.server";
import { pageMeta } from "~/lib/meta";
import consultationStylesHref from "~/styles/consultation.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consultationStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "consultation:read");
  const query = InboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, services, spam] = await Promise.all([
    listConsultations(context.db, query),
    inboxServiceOptions(context.db),
    honeypotHits(context.db),
  ]);
  return {
    ...list,
    items: list.items.map((item) => ({
      id: item.id,
      name: item.name,
      email: item.email,
      phone: item.phone,
      service: item.service,
      message: item.message,
      sourcePage: item.sourcePage,
      channel: item.source,
      utm: item.utm,
      status: item.status,
      notifyStatus: item.notifyStatus,
      received: formatReceived(item.createdAt),
      receivedIso: item.createdAt.toISOString(),
    })),
    query,
    services,
    spam,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "consultation:read");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ConsultationStatusChangeSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request";
    return data({ message }, { status: 400 });
  }
  if (!(await setConsultationStatus(context.db, submission.value))) {
    return data({ message: "This request no longer exists." }, { status: 404 });
  }
  // Back to the same filtered page (a plain POST without JavaScript; a fetcher with it).
  return redirect(safeRedirectPath(formData.get("returnTo"), "/admin/consultations"));
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function ConsultationsInbox() {
  const { items, total, page, pages, query, services, spam } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filters = new URLSearchParams();
  if (query.status) filters.set("status", query.status);
  if (query.service) filters.set("service", query.service);
  if (query.q) filters.set("q", query.q);
  const pageLink = (target: number) => {
    const params = new URLSearchParams(filters);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const filtered = filters.toString() !== "";
  const csvHref = `/admin/consultations.csv${filtered ? `?${filters}` : ""}`;

  return (
    <div className="page">
      <h1>Consultation Requests</h1>
      <p className="lead">
        {total} request{total === 1 ? "" : "s"}
        {filtered ? " match these filters" : ""}. Newest first.{" "}
        <span className="field__hint">
          Spam submissions ignored: {spam}. <Link to="/admin/outbox">Mail outbox</Link>
        </span>
      </p>

      <Form method="get" className="inbox-filters" aria-label="Filter requests">
        <div className="field">
          <label htmlFor="inbox-q">Search name, email or phone</label>
          <input id="inbox-q" name="q" type="search" defaultValue={query.q ?? ""} key={`q-${query.q ?? ""}`} />
        </div>
        <div className="field">
          <label htmlFor="inbox-status">Status</label>
          <select id="inbox-status" name="status" defaultValue={query.status ?? ""} key={`s-${query.status ?? ""}`}>
            <option value="">All statuses</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-service">Practice area</label>
          <select id="inbox-service" name="service" defaultValue={query.service ?? ""} key={`p-${query.service ?? ""}`}>
            <option value="">All practice areas</option>
            {services.map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Filter
        </button>
        {filtered ? (
          <Link to="." className="button button--ghost">
            Clear
          </Link>
        ) : null}
        <a className="button button--gold" href={csvHref} download>
          Export CSV
        </a>
      </Form>

      {items.length === 0 ? (
        <p>{filtered ? "No requests match these filters." : "No consultation requests yet."}</p>
      ) : (
        <div className="inbox-table-wrap">
          <table className="table inbox-table">
            <caption className="visually-hidden">Consultation requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Practice area</th>
                <th scope="col">Message</th>
                <th scope="col">Source</th>
                <th scope="col">Notification</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <InboxRow key={item.id} item={item} returnTo={`${location.pathname}${location.search}`} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 ? (
        <nav className="inbox-pager" aria-label="Pages">
          {page > 1 ? <Link to={pageLink(page - 1)}>← Newer</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>Older →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

function InboxRow({ item, returnTo }: { item: Item; returnTo: string }) {
  const fetcher = useFetcher<{ message?: string }>();
  const saving = fetcher.state !== "idle";
  const error = fetcher.data?.message;
  return (
    <tr>
      <td>
        <time dateTime={item.receivedIso}>{item.received}</time>
      </td>
      <th scope="row">{item.name}</th>
      <td>
        <a href={`mailto:${item.email}`}>{item.email}</a>
        <br />
        <a href={`tel:${item.phone.replace(/[^\d+]/g, "")}`}>{item.phone}</a>
      </td>
      <td>{item.service}</td>
      <td className="inbox-message">{item.message || <span className="field__hint">(none)</span>}</td>
      <td>
        {item.channel === "api" ? "API" : "Website"}: {item.sourcePage ?? "—"}
        {item.utm ? (
          <div className="field__hint">
            {Object.entries(item.utm)
              .map(([key, value]) => `${key}=${value}`)
              .join(", ")}
          </div>
        ) : null}
      </td>
      <td>
        <span className={`badge badge--${item.notifyStatus}`}>{item.notifyStatus}</span>
      </td>
      <td>
        <fetcher.Form method="post" className="inbox-status-form" preventScrollReset>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <label className="visually-hidden" htmlFor={`status-${item.id}`}>
            Status of {item.name}&apos;s request
          </label>
          <select id={`status-${item.id}`} name="status" defaultValue={item.status} key={item.status}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--ghost" disabled={saving}>
            {saving ? "Saving…" : "Update"}
          </button>
        </fetcher.Form>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export const meta: MetaFunction = () => pageMeta({ title: "Consultation Requests" });

export const ErrorBoundary = RouteErrorBoundary;
